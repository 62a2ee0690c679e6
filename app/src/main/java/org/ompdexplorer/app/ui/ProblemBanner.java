package org.ompdexplorer.app.ui;

import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * One clear message above the panes when a load or an export fails: what failed, why and what to do, and the
 * located diagnostics. The snapshot that was open stays usable below it.
 */
final class ProblemBanner extends VBox {
    static final String ID = "problemBanner";

    ProblemBanner(ObservableValue<Problem> problem, Runnable dismiss) {
        setId(ID);
        getStyleClass().add("problem-banner");
        problem.addListener((obs, old, now) -> show(now, dismiss));
        show(problem.getValue(), dismiss);
    }

    private void show(Problem problem, Runnable dismiss) {
        getChildren().clear();
        setVisible(problem != null);
        setManaged(problem != null);
        if (problem == null) {
            return;
        }
        Label title = new Label(problem.title());
        title.setId("problemTitle");
        title.getStyleClass().add("problem-title");
        readInFull(title);
        Button close = new Button("Dismiss");
        close.setId("dismissProblem");
        close.setOnAction(e -> dismiss.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(8, title, spacer, close);
        Label message = new Label(problem.message());
        message.setId("problemMessage");
        readInFull(message);
        getChildren().addAll(top, message);
        // the message is usually the last diagnostic, said once
        List<String> more = problem.diagnostics().stream().map(Diagnostic::format)
                .filter(line -> !line.equals(problem.message())).toList();
        if (!more.isEmpty()) {
            ListView<String> list = new ListView<>(FXCollections.observableArrayList(more));
            list.setId("problemDiagnostics");
            list.setCellFactory(v -> new WrappingCell(v));
            list.setPrefHeight(Math.min(5, more.size()) * 44 + 4);
            getChildren().add(list);
        }
    }

    /** Wrapped, and never squeezed to "…" by the banner's layout: a long message can be read in full. */
    private static void readInFull(Label label) {
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.setMaxWidth(Double.MAX_VALUE);
    }

    /** A diagnostic wrapped to the list's width, so no scroll bar hides the end of a long line. */
    private static final class WrappingCell extends ListCell<String> {
        WrappingCell(ListView<String> list) {
            setWrapText(true);
            prefWidthProperty().bind(list.widthProperty().subtract(24));
            setMaxWidth(USE_PREF_SIZE);
        }

        @Override
        protected void updateItem(String line, boolean empty) {
            super.updateItem(line, empty);
            setText(empty ? null : line);
        }
    }
}
