/** Everything that turns bytes into a model: JSON snapshots, and later cores through libompd. */
module org.ompdexplorer.importers {
    requires transitive org.ompdexplorer.model;
    requires tools.jackson.core;

    exports org.ompdexplorer.importers;
    exports org.ompdexplorer.importers.json;
    exports org.ompdexplorer.importers.elf;
}
