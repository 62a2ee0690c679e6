package org.ompdexplorer.app.ui.details;

import java.util.List;

/** One part of a details page. */
public sealed interface Section permits Section.Properties, Section.Table, Section.Icvs, Section.Note,
        Section.Entries, Section.Explain, StackSection {
    /** The node id of the part, for tests and keyboard access: {@code properties}, {@code framesTable}… */
    String id();

    String title();

    /** Name–value rows; a value may be a link. */
    record Properties(String id, String title, List<Property> rows) implements Section {
        public Properties {
            rows = List.copyOf(rows);
        }
    }

    /** A table with a header; cells may be links. Shown virtualized, so it may be long. */
    record Table(String id, String title, List<String> columns, List<List<Value>> rows) implements Section {
        public Table {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }
    }

    /**
     * The ICVs of the entity's own scope, and the effective ones it inherits from enclosing scopes.
     *
     * @param none what to say when the entity's own scope has none: which ICVs the source has, and whence
     */
    record Icvs(String id, String title, List<IcvRow> own, List<IcvRow> effective, String none) implements Section {
        public Icvs {
            own = List.copyOf(own);
            effective = List.copyOf(effective);
        }
    }

    /**
     * Entries too long for a table's one-line cells, each shown whole and wrapped (diagnostics): a heading of short
     * values (links allowed), then its text and a secondary line. Shown virtualized, so it may be long.
     */
    record Entries(String id, String title, List<Entry> entries) implements Section {
        public Entries {
            entries = List.copyOf(entries);
        }
    }

    /**
     * @param heading short values on one line ({@code error}, a code, where), the last may be a link
     * @param text    the entry itself, wrapped
     * @param detail  a secondary line (how to fix it), wrapped; empty for none
     */
    record Entry(List<Value> heading, String text, String detail) {
        public Entry {
            heading = List.copyOf(heading);
        }
    }

    /**
     * Plain sentences about the entity from the explanation engine, each with the entities it mentions (links) and
     * the OpenMP sections it refers to. Shown in a pane the user can fold away.
     */
    record Explain(String id, String title, List<org.ompdexplorer.model.explain.Sentence> sentences)
            implements Section {
        public Explain {
            sentences = List.copyOf(sentences);
        }
    }

    /** A paragraph of prose. */
    record Note(String id, String title, String text) implements Section {
    }

    /**
     * @param key a stable key, used in the node id of a link ({@code link-generatingTask})
     */
    record Property(String key, String name, Value value) {
    }

    /**
     * @param from where an effective value comes from ({@code thread T2}); empty for the entity's own scope
     */
    record IcvRow(String name, String ompName, String scope, Value value, String from) {
    }
}
