package org.ompdexplorer.model;

/** A dependence a task declared ({@code ompt_dependence_t}): its type and the address of its variable. */
public record Dependence(DependenceType type, long address) {
    @Override
    public String toString() {
        return type + ":" + Address.hex(address);
    }
}
