/** Benchmarks of import, indexing and export. */
module org.ompdexplorer.bench {
    requires org.ompdexplorer.model;
    requires org.ompdexplorer.importers;
    requires tools.jackson.core;
    requires java.management;
}
