package org.ompdexplorer.model;

/**
 * The OMPT tool data word of a scope ({@code ompd_get_tool_data}): the {@code value} and {@code ptr} views of
 * one {@code ompt_data_t}.
 */
public record ToolData(long value, long ptr) {
    @Override
    public String toString() {
        return "value=" + value + " ptr=" + Address.hex(ptr);
    }
}
