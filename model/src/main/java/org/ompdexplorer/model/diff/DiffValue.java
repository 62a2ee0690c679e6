package org.ompdexplorer.model.diff;

import org.ompdexplorer.model.EntityRef;

/**
 * One side of a field change: its text, and for a link the entity it names in its own snapshot (null otherwise,
 * or when the link names nothing the snapshot holds).
 */
public record DiffValue(String text, EntityRef ref) {
    /** A value is cut to {@link org.ompdexplorer.model.TextCut#VALUE} characters, its length said. */
    public DiffValue {
        text = org.ompdexplorer.model.TextCut.value(text);
    }

    public static DiffValue text(String text) {
        return new DiffValue(text, null);
    }

    @Override
    public String toString() {
        return text;
    }
}
