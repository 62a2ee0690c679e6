package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.Window;

/** File dialogs that answer what a test set beforehand (nothing, by default), as the user would have. */
final class ScriptedFileDialogs implements FileDialogs {
    /** The snapshot "chosen" in Open…. */
    volatile Path snapshot;
    /** The file "chosen" by a Browse… button. */
    volatile Path file;

    @Override
    public Optional<Path> chooseSnapshot(Window owner) {
        return Optional.ofNullable(snapshot);
    }

    @Override
    public Optional<Path> chooseExportTarget(Window owner, String suggestedName) {
        return Optional.empty();
    }

    @Override
    public Optional<Path> chooseFile(Window owner, String title, Optional<Path> initial) {
        return Optional.ofNullable(file);
    }

    @Override
    public Optional<Path> chooseDirectory(Window owner, String title, Optional<Path> initial) {
        return Optional.empty();
    }
}
