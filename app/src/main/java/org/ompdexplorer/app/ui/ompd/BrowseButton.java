package org.ompdexplorer.app.ui.ompd;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;

/** A Browse… button that fills its text field: a file, a directory, or one more directory of a ':' list. */
final class BrowseButton extends Button {
    BrowseButton(String id, TextField field, CoreField.Kind kind, String title, PathChooser chooser) {
        super("Browse…");
        setId(id);
        setMinWidth(USE_PREF_SIZE); // never "…": the field beside it gives way
        setOnAction(e -> {
            List<Path> current = PathText.paths(field.getText());
            Optional<Path> initial = current.isEmpty() ? Optional.empty() : Optional.of(current.getLast());
            var owner = getScene() == null ? null : getScene().getWindow();
            switch (kind) {
                case FILE -> chooser.chooseFile(owner, title, initial).ifPresent(p -> field.setText(p.toString()));
                case DIRECTORY -> chooser.chooseDirectory(owner, title, initial)
                        .ifPresent(p -> field.setText(p.toString()));
                case URL_LIST -> { }
                case DIRECTORY_LIST -> chooser.chooseDirectory(owner, title, initial).ifPresent(p -> {
                    List<Path> more = new ArrayList<>(current);
                    if (!more.contains(p)) {
                        more.add(p);
                    }
                    field.setText(PathText.join(more));
                });
            }
        });
    }
}
