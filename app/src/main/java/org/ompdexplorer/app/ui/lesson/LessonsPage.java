package org.ompdexplorer.app.ui.lesson;

import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.ompdexplorer.resources.Lesson;

/**
 * The Lessons page, in the centre of the window: every bundled lesson with its title, the question it answers and
 * what its program does; a click on a title opens the lesson at its first step. Escape or Back returns to what was
 * shown before.
 */
public final class LessonsPage extends BorderPane {
    public static final String ID = "lessonsPage";

    /**
     * @param open opens the lesson of that name
     */
    public LessonsPage(LessonViewModel vm, Consumer<String> open) {
        setId(ID);
        getStyleClass().add("lessons-page");
        Label heading = new Label("Lessons");
        heading.getStyleClass().add("lessons-heading");
        Label intro = new Label("Each lesson is a short series of real captures of a small OpenMP program, taken at"
                + " labelled moments. Open one, read the step's narrative, and step through it: each step marks what"
                + " changed since the step before.");
        intro.setWrapText(true);
        intro.getStyleClass().add("lessons-intro");
        Button back = new Button("Back");
        back.setId("lessonsPageBack");
        back.setTooltip(new Tooltip("Escape"));
        back.setOnAction(e -> vm.hidePage());
        back.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox top = new HBox(8, heading, gap, back);
        top.setAlignment(Pos.CENTER_LEFT);
        VBox list = new VBox(12, top, intro);
        list.getStyleClass().add("lessons-list");
        ScrollPane scroll = new ScrollPane(list);
        for (Lesson lesson : vm.lessons()) {
            VBox entry = entry(lesson, open);
            // Tab through the titles: the one with the focus is scrolled into sight. Only focus from the keyboard:
            // a click's focus scrolled the page under the pointer, and the click then missed the title it was on.
            entry.getChildren().getFirst().focusVisibleProperty().addListener((obs, old, now) -> {
                if (now) {
                    scrollTo(scroll, list, entry);
                }
            });
            list.getChildren().add(entry);
        }
        scroll.setFitToWidth(true);
        setCenter(scroll);
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                vm.hidePage();
                e.consume();
            }
        });
    }

    private static void scrollTo(ScrollPane scroll, VBox list, VBox entry) {
        double hidden = list.getHeight() - scroll.getViewportBounds().getHeight();
        if (hidden > 0) {
            double y = entry.getBoundsInParent().getMinY();
            scroll.setVvalue(Math.min(1, Math.max(0, (y - 8) / hidden)));
        }
    }

    private static VBox entry(Lesson lesson, Consumer<String> open) {
        Hyperlink title = new Hyperlink(lesson.title());
        title.setId("lessonsPageOpen-" + lesson.name());
        title.getStyleClass().add("lessons-entry-title");
        title.setTooltip(new Tooltip("Open the lesson at its first step"));
        title.setOnAction(e -> open.accept(lesson.name()));
        Label question = new Label(lesson.question());
        question.getStyleClass().add("lessons-entry-question");
        question.setWrapText(true);
        Label about = new Label(lesson.description());
        about.getStyleClass().add("lessons-entry-description");
        about.setWrapText(true);
        Label steps = new Label(lesson.steps().size() + " steps · " + lesson.name());
        steps.getStyleClass().add("lessons-entry-steps");
        VBox entry = new VBox(2, title, question, about, steps);
        entry.getStyleClass().add("lessons-entry");
        entry.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                open.accept(lesson.name());
            }
        });
        return entry;
    }
}
