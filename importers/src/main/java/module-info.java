/** Everything that turns bytes into a model: JSON snapshots, ELF cores read through the runtime's libompd (FFM). */
module org.ompdexplorer.importers {
    requires transitive org.ompdexplorer.model;
    requires tools.jackson.core;
    requires java.net.http;
    requires com.google.protobuf; // Perfetto traces: CodedOutputStream only, no generated classes

    exports org.ompdexplorer.importers;
    exports org.ompdexplorer.importers.json;
    exports org.ompdexplorer.importers.debuginfo;
    exports org.ompdexplorer.importers.elf;
    exports org.ompdexplorer.importers.ompd;
    exports org.ompdexplorer.importers.output;
    exports org.ompdexplorer.importers.job;
    exports org.ompdexplorer.importers.recording;
    exports org.ompdexplorer.importers.recording.perfetto;
}
