/** The desktop application, its view models and the command-line interface. */
module org.ompdexplorer.app {
    requires org.ompdexplorer.model;
    requires org.ompdexplorer.importers;
    requires org.ompdexplorer.resources;
    requires info.picocli;
    requires javafx.controls;
    requires org.controlsfx.controls;
    requires java.prefs;
    requires java.desktop;
    requires org.eclipse.elk.core;
    requires org.eclipse.elk.graph;
    requires org.eclipse.elk.alg.layered;
    requires org.eclipse.emf.common; // ELK's graph is an EMF model: its lists are EMF lists
    requires com.google.common; // ELK needs Guava at run time, and an automatic module does not bring it in

    exports org.ompdexplorer.app;
    exports org.ompdexplorer.app.ui to javafx.graphics;
    opens org.ompdexplorer.app.cli to info.picocli;
    opens org.ompdexplorer.app.ui to javafx.graphics;
}
