package org.ompdexplorer.app.ui.details;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * What the details pane shows for one selection: a header and sections. Plain data, made off the FX thread.
 *
 * @param kind     what the target is ({@code explicit task}, {@code thread}, {@code snapshot})
 * @param title    its name ({@code task #17})
 * @param subtitle its function, creation site or source, or empty
 */
public record DetailsPage(Target target, String kind, String title, String subtitle, List<Section> sections) {
    public DetailsPage {
        sections = List.copyOf(sections);
    }

    public Optional<Section> section(String id) {
        return sections.stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /** The page as plain text: what "Copy" puts on the clipboard. */
    public String asText() {
        StringBuilder b = new StringBuilder();
        b.append(title).append(" (").append(kind).append(')');
        if (!subtitle.isEmpty()) {
            b.append(" — ").append(subtitle);
        }
        b.append('\n');
        for (Section section : sections) {
            b.append('\n').append(section.title()).append('\n');
            switch (section) {
                case Section.Properties p -> p.rows().forEach(r -> b.append("  ").append(r.name()).append(": ")
                        .append(r.value().text()).append('\n'));
                case Section.Table t -> {
                    b.append("  ").append(String.join(" | ", t.columns())).append('\n');
                    t.rows().forEach(row -> b.append("  ").append(String.join(" | ",
                            row.stream().map(Value::text).toList())).append('\n'));
                }
                case Section.Icvs i -> i.own().forEach(r -> b.append("  ").append(r.name()).append(" (")
                        .append(r.ompName()).append(", ").append(r.scope()).append("): ")
                        .append(r.value().text()).append('\n'));
                case StackSection st -> b.append(st.asText());
                case Section.Note n -> b.append("  ").append(n.text()).append('\n');
                case Section.Explain x -> x.sentences().forEach(s -> b.append("  ").append(s.text())
                        .append(s.sections().isEmpty() ? "" : " [" + String.join("; ", s.sections().stream()
                                .map(org.ompdexplorer.model.explain.SpecSection::label).toList()) + "]")
                        .append('\n'));
                case Section.Entries e -> e.entries().forEach(entry -> {
                    b.append("  ").append(String.join(" · ", entry.heading().stream().map(Value::text).toList()))
                            .append('\n').append("    ").append(entry.text()).append('\n');
                    if (!entry.detail().isEmpty()) {
                        b.append("    ").append(entry.detail()).append('\n');
                    }
                });
            }
        }
        return b.toString();
    }
}
