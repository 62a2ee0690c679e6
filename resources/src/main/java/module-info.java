/** Bundled lesson snapshots and the JSON Schema of the snapshot format. */
module org.ompdexplorer.resources {
    exports org.ompdexplorer.resources;
}
