package org.ompdexplorer.app.ui;

import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/**
 * Recording → Add Lesson Step Here…: a label and a narrative for the moment shown (the label is required; Add stays
 * disabled until it is given).
 */
final class LessonStepDialog extends Dialog<LessonStepDialog.Step> {
    /** What the teacher typed. */
    record Step(String label, String narrative) {
    }

    static final ButtonType ADD = new ButtonType("Add Step", ButtonBar.ButtonData.OK_DONE);

    /** @param moment the moment, as the step's heading names it ({@code event 1,203 at 1.234 ms}) */
    LessonStepDialog(String moment) {
        setTitle("Add a lesson step");
        setHeaderText("A lesson step at " + moment);
        TextField label = new TextField();
        label.setId("lessonStepLabel");
        label.setPromptText("a few words: \"fib(4) waits for its children\"");
        TextArea narrative = new TextArea();
        narrative.setId("lessonStepNarrative");
        narrative.setPromptText("What should a student look at? What changed since the step before?");
        narrative.setWrapText(true);
        narrative.setPrefRowCount(4);
        GridPane grid = new GridPane(8, 8);
        grid.addRow(0, new Label("Label"), label);
        grid.addRow(1, new Label("Narrative"), narrative);
        GridPane.setHgrow(label, Priority.ALWAYS);
        GridPane.setHgrow(narrative, Priority.ALWAYS);
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().addAll(ADD, ButtonType.CANCEL);
        getDialogPane().lookupButton(ADD).disableProperty().bind(label.textProperty().isEmpty());
        setResultConverter(b -> b == ADD ? new Step(label.getText().strip(), narrative.getText().strip()) : null);
        setOnShown(e -> label.requestFocus());
    }
}
