package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.Optional;
import javafx.application.Application;

/** Opens the explorer window from the command line; a separate class so the CLI never extends Application. */
public final class ExplorerLauncher {
    private ExplorerLauncher() {
    }

    /**
     * Opens the window on {@code file}, or on the bundled lesson when empty, and returns when the window closes.
     */
    public static void launch(Optional<Path> file) {
        String[] args = file.map(f -> new String[]{ExplorerApp.FILE_PARAMETER + f.toAbsolutePath()})
                .orElse(new String[0]);
        Application.launch(ExplorerApp.class, args);
    }
}
