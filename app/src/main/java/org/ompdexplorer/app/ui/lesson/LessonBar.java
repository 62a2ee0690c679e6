package org.ompdexplorer.app.ui.lesson;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The lesson bar above the window's content while a lesson is taught: the lesson's title and question, the step's
 * label and narrative, Previous/Next step, the Lessons page and Close lesson.
 */
public final class LessonBar extends VBox {
    public static final String ID = "lessonBar";
    /** The narrative's most lines in view; a longer one scrolls. */
    static final int NARRATIVE_LINES = 3;

    /**
     * @param close ends the lesson (the window keeps the step's snapshot open)
     */
    public LessonBar(LessonViewModel vm, Runnable close) {
        super(4);
        setId(ID);
        getStyleClass().add("lesson-bar");
        Label title = new Label();
        title.setId("lessonTitle");
        title.getStyleClass().add("lesson-title");
        title.setWrapText(true); // whole at any zoom: wrapped, never cut
        title.setMinHeight(Region.USE_PREF_SIZE);
        title.setMinWidth(Math.min(220, title.prefWidth(-1)));
        Label question = new Label();
        question.setId("lessonQuestion");
        question.getStyleClass().add("lesson-question");
        question.setMinWidth(0);
        question.setWrapText(true);
        question.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(question, Priority.ALWAYS);
        vm.lessonProperty().addListener((obs, old, now) -> {
            title.setText(now == null ? "" : "Lesson: " + now.title());
            question.setText(now == null ? "" : now.question());
        });
        Button previous = button("lessonPrevious", "◀ Previous step", "Shift+F8", vm::previousStep);
        previous.disableProperty().bind(vm.canPreviousProperty().not());
        Button next = button("lessonNext", "Next step ▶", "F8", vm::nextStep);
        next.disableProperty().bind(vm.canNextProperty().not());
        Button lessons = button("lessonShowPage", "All lessons…", "The Lessons page: every bundled lesson",
                vm::showPage);
        Button closeButton = button("lessonClose", "Close lesson", "Keep the step's snapshot open, without the lesson",
                close);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox top = new HBox(8, title, question, gap, lessons, closeButton);
        top.setAlignment(Pos.CENTER_LEFT);
        Label step = new Label();
        step.setId("lessonStepText");
        step.getStyleClass().add("lesson-step-text");
        step.textProperty().bind(vm.stepTextProperty());
        step.setMinWidth(0);
        step.setWrapText(true);
        step.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(step, Priority.ALWAYS);
        step.setMaxWidth(Double.MAX_VALUE);
        HBox steps = new HBox(8, previous, step, next);
        steps.setAlignment(Pos.CENTER_LEFT);
        Label narrative = new Label();
        narrative.setId("lessonNarrative");
        narrative.getStyleClass().add("lesson-narrative");
        narrative.setWrapText(true);
        narrative.setMinHeight(Region.USE_PREF_SIZE);
        narrative.textProperty().bind(vm.narrativeProperty());
        // at most NARRATIVE_LINES lines high, the rest scrolled to: a long narrative at 200 % took the task graph's
        // room, which then showed it too small for its text
        javafx.scene.control.ScrollPane story = new javafx.scene.control.ScrollPane(narrative);
        story.setId("lessonNarrativeScroll");
        story.getStyleClass().add("lesson-narrative-scroll");
        story.setFitToWidth(true);
        story.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        story.prefHeightProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> {
            double width = Math.max(1, story.getWidth() - story.getInsets().getLeft() - story.getInsets().getRight());
            double whole = narrative.prefHeight(width);
            javafx.scene.text.Text line = new javafx.scene.text.Text("Ag");
            line.setFont(narrative.getFont());
            double cap = NARRATIVE_LINES * line.getLayoutBounds().getHeight() + narrative.getInsets().getTop()
                    + narrative.getInsets().getBottom(); // whole lines: no half line at the bottom edge
            return Math.min(whole, cap) + story.getInsets().getTop() + story.getInsets().getBottom();
        }, story.widthProperty(), narrative.textProperty(), narrative.fontProperty(), story.insetsProperty()));
        story.setMinHeight(Region.USE_PREF_SIZE);
        story.setMaxHeight(Region.USE_PREF_SIZE);
        getChildren().addAll(top, steps, story);
        visibleProperty().bind(vm.lessonProperty().isNotNull());
        managedProperty().bind(visibleProperty());
    }

    private static Button button(String id, String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }
}
