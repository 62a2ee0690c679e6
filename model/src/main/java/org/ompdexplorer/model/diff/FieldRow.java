package org.ompdexplorer.model.diff;

/**
 * One field of a union node shown side by side: its value in A and in B (null on a side the entity is missing
 * from, or where that side has no such field), and whether the diff counts it as changed (links are compared as
 * matched identities, so two different ids can be no change).
 */
public record FieldRow(DiffField field, String qualifier, DiffValue a, DiffValue b, boolean changed) {
    /** A qualifier (an ICV's name) is cut to {@link org.ompdexplorer.model.TextCut#NAME} characters. */
    public FieldRow {
        qualifier = org.ompdexplorer.model.TextCut.name(qualifier);
    }

    public String label() {
        return qualifier.isEmpty() ? field.label() : field.label() + " " + qualifier;
    }
}
