/** The OMPD model of one snapshot of an OpenMP program: pure Java, no UI, no JSON, no IO. */
module org.ompdexplorer.model {
    exports org.ompdexplorer.model;
    exports org.ompdexplorer.model.callstack;
    exports org.ompdexplorer.model.diagnostics;
    exports org.ompdexplorer.model.diff;
    exports org.ompdexplorer.model.explain;
    exports org.ompdexplorer.model.graph;
    exports org.ompdexplorer.model.job;
    exports org.ompdexplorer.model.recording;
    exports org.ompdexplorer.model.synthetic;
}
