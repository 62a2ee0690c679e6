package org.ompdexplorer.model.diff;

/**
 * A field whose value differs between the two sides of a matched pair.
 *
 * @param qualifier which one, for a field there are several of (an ICV's name and scope, a member's thread
 *                  number); empty otherwise
 * @param before    the value in A
 * @param after     the value in B
 */
public record FieldChange(DiffField field, String qualifier, DiffValue before, DiffValue after) {
    /** A qualifier (an ICV's name) is cut to {@link org.ompdexplorer.model.TextCut#NAME} characters. */
    public FieldChange {
        qualifier = org.ompdexplorer.model.TextCut.name(qualifier);
    }

    /** {@code state}, or {@code ICV nthreads-var (task)}. */
    public String label() {
        return qualifier.isEmpty() ? field.label() : field.label() + " " + qualifier;
    }

    @Override
    public String toString() {
        return label() + ": " + before + " → " + after;
    }
}
