package org.ompdexplorer.model.explain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.ompdexplorer.model.EntityRef;

/**
 * One plain sentence derived from a snapshot: text with the entities it mentions, and the specification sections it
 * refers to.
 */
public record Sentence(List<Part> parts, List<SpecSection> sections) {
    public Sentence {
        parts = List.copyOf(parts);
        sections = List.copyOf(sections);
    }

    public String text() {
        StringBuilder b = new StringBuilder();
        parts.forEach(p -> b.append(p.text()));
        return b.toString();
    }

    /** The entities the sentence mentions, in order, each once. */
    public List<EntityRef> mentions() {
        LinkedHashSet<EntityRef> refs = new LinkedHashSet<>();
        for (Part p : parts) {
            if (p instanceof Part.Mention m) {
                refs.add(m.ref());
            }
        }
        return List.copyOf(refs);
    }

    static Builder builder() {
        return new Builder();
    }

    /** Builds a sentence piece by piece; adjacent texts are joined. */
    static final class Builder {
        private final List<Part> parts = new ArrayList<>();
        private final List<SpecSection> sections = new ArrayList<>();

        Builder text(String text) {
            if (text.isEmpty()) {
                return this;
            }
            if (!parts.isEmpty() && parts.getLast() instanceof Part.Text(String last)) {
                parts.set(parts.size() - 1, new Part.Text(last + text));
            } else {
                parts.add(new Part.Text(text));
            }
            return this;
        }

        Builder mention(EntityRef ref) {
            parts.add(new Part.Mention(ref, Mentions.name(ref)));
            return this;
        }

        /** A mention under the name the window gives it ({@code device 0} rather than its address space id). */
        Builder mention(EntityRef ref, String name) {
            parts.add(new Part.Mention(ref, name));
            return this;
        }

        /** Mentions joined as a list: {@code task #6, task #8 and task #10}; each with an optional suffix. */
        Builder mentions(List<EntityRef> refs, java.util.function.Function<EntityRef, String> suffix) {
            for (int i = 0; i < refs.size(); i++) {
                if (i > 0) {
                    text(i == refs.size() - 1 ? " and " : ", ");
                }
                mention(refs.get(i));
                text(suffix.apply(refs.get(i)));
            }
            return this;
        }

        Builder cite(SpecSection... cited) {
            for (SpecSection s : cited) {
                if (!sections.contains(s)) {
                    sections.add(s);
                }
            }
            return this;
        }

        boolean isEmpty() {
            return parts.isEmpty();
        }

        /** The sentence, its first letter capitalized ({@code Task #5 is…}). */
        Sentence build() {
            List<Part> out = new ArrayList<>(parts);
            if (!out.isEmpty()) {
                Part first = out.getFirst();
                String t = first.text();
                String up = t.isEmpty() ? t : Character.toUpperCase(t.charAt(0)) + t.substring(1);
                out.set(0, first instanceof Part.Mention m ? new Part.Mention(m.ref(), up) : new Part.Text(up));
            }
            return new Sentence(out, sections);
        }
    }
}
