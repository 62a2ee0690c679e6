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
 * disabled until it is given). Where the lesson already has a step at the moment, the dialog edits it: its label and
 * narrative filled in, Save Step in place of Add Step.
 */
final class LessonStepDialog extends Dialog<LessonStepDialog.Step> {
    /** What the teacher typed. */
    record Step(String label, String narrative) {
    }

    static final ButtonType ADD = new ButtonType("Add Step", ButtonBar.ButtonData.OK_DONE);
    static final ButtonType SAVE = new ButtonType("Save Step", ButtonBar.ButtonData.OK_DONE);

    /**
     * @param moment   the moment, as the step's heading names it ({@code event 1,203 at 1.234 ms})
     * @param existing the lesson's step at the moment, edited, or {@code null} for a new one
     */
    LessonStepDialog(String moment, Step existing) {
        ButtonType done = existing == null ? ADD : SAVE;
        setTitle(existing == null ? "Add a lesson step" : "Edit a lesson step");
        setHeaderText("A lesson step at " + moment);
        TextField label = new TextField(existing == null ? "" : existing.label());
        label.setId("lessonStepLabel");
        label.setPromptText("a few words: \"fib(4) waits for its children\"");
        TextArea narrative = new TextArea(existing == null ? "" : existing.narrative());
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
        getDialogPane().getButtonTypes().addAll(done, ButtonType.CANCEL);
        getDialogPane().lookupButton(done).disableProperty().bind(label.textProperty().isEmpty());
        setResultConverter(b -> b == done ? new Step(label.getText().strip(), narrative.getText().strip()) : null);
        setOnShown(e -> label.requestFocus());
    }
}
