package org.ompdexplorer.model.explain;

import org.ompdexplorer.model.EntityRef;

/** A piece of a sentence: plain text, or a mention of an entity a reader can follow. */
public sealed interface Part permits Part.Text, Part.Mention {
    String text();

    record Text(String text) implements Part {
    }

    /** An entity named in the sentence ({@code task #5}); {@code text} is how the sentence names it. */
    record Mention(EntityRef ref, String text) implements Part {
    }
}
