package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;

/** Opens the explorer window from the command line; a separate class so the CLI never extends Application. */
public final class ExplorerLauncher {
    private ExplorerLauncher() {
    }

    /**
     * Opens the window on {@code files} — one snapshot; two or more compared (A, B, …), a folder as a series — or
     * on the bundled lesson when there are none, and returns when the window closes.
     *
     * @throws WindowUnavailableException when this machine cannot show it (no display, no GTK 3)
     */
    public static void launch(List<Path> files) {
        List<Path> absolute = files.stream().map(Path::toAbsolutePath).toList();
        // one snapshot file is read from now on, while JavaFX starts and the window is built; the window takes it over
        EarlyOpen.begin(absolute);
        String[] args = absolute.stream().map(f -> ExplorerApp.FILE_PARAMETER + f).toArray(String[]::new);
        try {
            Application.launch(ExplorerApp.class, args);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            EarlyOpen.abandonPending();
            WindowUnavailableException known = WindowUnavailableException.of(e, System.getenv("DISPLAY"));
            if (known == null) {
                throw e;
            }
            throw known;
        }
    }
}
