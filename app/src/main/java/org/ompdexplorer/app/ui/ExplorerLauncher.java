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
     *
     * @throws WindowUnavailableException when this machine cannot show it (no display, no GTK 3)
     */
    public static void launch(Optional<Path> file) {
        String[] args = file.map(f -> new String[]{ExplorerApp.FILE_PARAMETER + f.toAbsolutePath()})
                .orElse(new String[0]);
        try {
            Application.launch(ExplorerApp.class, args);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            WindowUnavailableException known = WindowUnavailableException.of(e, System.getenv("DISPLAY"));
            if (known == null) {
                throw e;
            }
            throw known;
        }
    }
}
