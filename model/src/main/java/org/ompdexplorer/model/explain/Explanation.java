package org.ompdexplorer.model.explain;

import java.util.List;
import org.ompdexplorer.model.EntityRef;

/** What the explanation engine says about one entity: its sentences, in reading order. */
public record Explanation(EntityRef subject, List<Sentence> sentences) {
    public Explanation {
        sentences = List.copyOf(sentences);
    }

    /**
     * The sentences as text, one a line, each followed by the sections it cites: the form golden tests compare and
     * "Copy" puts on the clipboard.
     */
    public String asText() {
        StringBuilder b = new StringBuilder();
        for (Sentence s : sentences) {
            b.append(s.text()).append('\n');
            for (SpecSection section : s.sections()) {
                b.append("    [").append(section.describe()).append("]\n");
            }
        }
        return b.toString();
    }
}
