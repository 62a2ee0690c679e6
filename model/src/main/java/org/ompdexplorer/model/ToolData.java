package org.ompdexplorer.model;

/**
 * The OMPT tool data word of a scope ({@code ompd_get_tool_data}): the {@code value} and {@code ptr} views of
 * one {@code ompt_data_t}. Both are unsigned 64-bit: a value above 2^63 − 1 is a negative {@code long}.
 */
public record ToolData(long value, long ptr) {
    @Override
    public String toString() {
        return "value=" + Long.toUnsignedString(value) + " ptr=" + Address.hex(ptr);
    }
}
