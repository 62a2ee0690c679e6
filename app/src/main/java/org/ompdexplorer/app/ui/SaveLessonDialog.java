package org.ompdexplorer.app.ui;

import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import org.ompdexplorer.model.recording.RecordingLesson;

/** Recording → Save as Lesson…: the lesson's title and question, before its file is chosen. */
final class SaveLessonDialog extends Dialog<SaveLessonDialog.Heading> {
    /** The lesson's title and question. */
    record Heading(String title, String question) {
    }

    static final ButtonType SAVE = new ButtonType("Save…", ButtonBar.ButtonData.OK_DONE);

    /** @param draft the lesson being made: its steps are counted, its title and question offered again */
    SaveLessonDialog(RecordingLesson draft, String recordingName) {
        setTitle("Save as lesson");
        setHeaderText("A lesson of " + recordingName + " in " + draft.steps().size()
                + (draft.steps().size() == 1 ? " step" : " steps"));
        TextField title = new TextField(draft.title());
        title.setId("lessonTitleField");
        title.setPromptText("what it shows: \"Recursive tasks and taskwait\"");
        TextField question = new TextField(draft.question());
        question.setId("lessonQuestionField");
        question.setPromptText("the one question it answers (optional)");
        GridPane grid = new GridPane(8, 8);
        grid.addRow(0, new Label("Title"), title);
        grid.addRow(1, new Label("Question"), question);
        GridPane.setHgrow(title, Priority.ALWAYS);
        GridPane.setHgrow(question, Priority.ALWAYS);
        getDialogPane().setContent(grid);
        getDialogPane().setPrefWidth(520);
        getDialogPane().getButtonTypes().addAll(SAVE, ButtonType.CANCEL);
        getDialogPane().lookupButton(SAVE).disableProperty().bind(title.textProperty().isEmpty());
        setResultConverter(b -> b == SAVE ? new Heading(title.getText().strip(), question.getText().strip()) : null);
        setOnShown(e -> title.requestFocus());
    }
}
