package org.ompdexplorer.app.ui;

import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
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
        Button close = new Button("Dismiss");
        close.setId("dismissProblem");
        close.setOnAction(e -> dismiss.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(8, title, spacer, close);
        Label message = new Label(problem.message());
        message.setId("problemMessage");
        message.setWrapText(true);
        getChildren().addAll(top, message);
        if (!problem.diagnostics().isEmpty()) {
            ListView<String> list = new ListView<>(FXCollections.observableArrayList(
                    problem.diagnostics().stream().map(Diagnostic::format).toList()));
            list.setId("problemDiagnostics");
            list.setPrefHeight(Math.min(5, problem.diagnostics().size()) * 26 + 4);
            getChildren().add(list);
        }
    }
}
