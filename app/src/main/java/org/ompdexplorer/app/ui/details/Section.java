package org.ompdexplorer.app.ui.details;

import java.util.List;

/** One part of a details page. */
public sealed interface Section permits Section.Properties, Section.Table, Section.Icvs, Section.Note {
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

    /** The ICVs of the entity's own scope, and the effective ones it inherits from enclosing scopes. */
    record Icvs(String id, String title, List<IcvRow> own, List<IcvRow> effective) implements Section {
        public Icvs {
            own = List.copyOf(own);
            effective = List.copyOf(effective);
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
