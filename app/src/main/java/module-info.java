/** The desktop application, its view models and the command-line interface. */
module org.ompdexplorer.app {
    requires org.ompdexplorer.model;
    requires org.ompdexplorer.importers;
    requires org.ompdexplorer.resources;
    requires info.picocli;
    requires javafx.controls;
    requires org.controlsfx.controls;
    requires java.prefs;

    exports org.ompdexplorer.app;
    exports org.ompdexplorer.app.ui to javafx.graphics;
    opens org.ompdexplorer.app.cli to info.picocli;
    opens org.ompdexplorer.app.ui to javafx.graphics;
}
