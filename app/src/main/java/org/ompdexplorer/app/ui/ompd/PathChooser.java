package org.ompdexplorer.app.ui.ompd;

import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.Window;

/** The Browse… buttons' choosers; tests answer them, since a native dialog cannot be driven headless. */
public interface PathChooser {
    /** A file to read, starting where {@code initial} is when given. */
    Optional<Path> chooseFile(Window owner, String title, Optional<Path> initial);

    Optional<Path> chooseDirectory(Window owner, String title, Optional<Path> initial);
}
