package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.compare.CompareView;
import org.ompdexplorer.app.ui.lesson.LessonBar;
import org.ompdexplorer.app.ui.lesson.LessonsPage;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * A teacher's journey through the real window, headless: the window opens on the first lesson's first step with
 * the lesson bar; the Lessons page lists every lesson and opens each in one click; a lesson is stepped forward and
 * back with the buttons and F8, reading each narrative and seeing what changed marked; closing it returns to the
 * snapshot.
 */
@ExtendWith(ApplicationExtension.class)
class LessonsJourneyTest {
    private MainViewModel vm;
    private FxBackgroundTasks tasks;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
        vm.openInitial(List.of()); // as ./ompd-explorer with no arguments
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    private static String text(FxRobot robot, ExplorerRobot explorer, String id) {
        return explorer.fx(() -> robot.lookup(id).queryAs(Label.class).getText());
    }

    @Test
    void withoutArgumentsTheWindowOpensTheFirstLessonAtItsFirstStep(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.lesson().isActive());
        Lesson first = BundledResources.lessons().getFirst();
        assertThat(explorer.fx(() -> robot.lookup("#" + LessonBar.ID).queryAs(Node.class).isVisible())).isTrue();
        assertThat(text(robot, explorer, "#lessonTitle")).isEqualTo("Lesson: " + first.title());
        assertThat(text(robot, explorer, "#lessonStepText")).isEqualTo("Step 1 of " + first.steps().size() + ": "
                + first.steps().getFirst().label());
        assertThat(text(robot, explorer, "#lessonNarrative")).isEqualTo(first.steps().getFirst().narrative());
        assertThat(robot.lookup("#mainSplit").tryQuery()).isPresent();
    }

    @Test
    void theLessonsPageListsEveryLessonAndOpensEachInOneClick(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.lesson().isActive());
        for (Lesson lesson : BundledResources.lessons()) {
            robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.L).release(KeyCode.SHIFT, KeyCode.CONTROL);
            explorer.waitFor(10, () -> robot.lookup("#" + LessonsPage.ID).tryQuery().isPresent());
            List<String> titles = explorer.fx(() -> robot.lookup(".lessons-entry-title").queryAllAs(Hyperlink.class)
                    .stream().map(Hyperlink::getText).toList());
            assertThat(titles).containsExactlyElementsOf(BundledResources.lessons().stream().map(Lesson::title).toList());
            assertThat(explorer.fx(() -> robot.lookup(".lessons-entry-question").queryAllAs(Label.class).stream()
                    .map(Label::getText).toList())).contains(lesson.question());
            Hyperlink link = robot.lookup("#lessonsPageOpen-" + lesson.name()).queryAs(Hyperlink.class);
            for (int tab = 0; tab < 40 && !explorer.fx(link::isFocused); tab++) {
                robot.type(KeyCode.TAB); // the title Tab reaches is scrolled into sight
            }
            robot.clickOn(link); // one click opens it, also when the page had to scroll to it
            explorer.waitFor(20, () -> vm.lesson().isActive() && vm.lesson().lessonProperty().get() == lesson
                    && robot.lookup("#" + LessonsPage.ID).tryQuery().isEmpty());
            assertThat(vm.problemProperty().get()).as(lesson.name()).isNull();
            assertThat(text(robot, explorer, "#lessonStepText")).as(lesson.name()).startsWith("Step 1 of ");
            assertThat(text(robot, explorer, "#lessonQuestion")).isEqualTo(lesson.question());
        }
        // Escape leaves the page without opening anything
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.L).release(KeyCode.SHIFT, KeyCode.CONTROL);
        explorer.waitFor(10, () -> robot.lookup("#" + LessonsPage.ID).tryQuery().isPresent());
        robot.type(KeyCode.ESCAPE);
        explorer.waitFor(10, () -> robot.lookup("#" + LessonsPage.ID).tryQuery().isEmpty());
        assertThat(vm.lesson().lessonProperty().get()).isEqualTo(BundledResources.lessons().getLast());
    }

    @Test
    void aSideBySidePageExplainsItsEntityAndItsMentionsSelectWhatTheyName(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.lesson().isActive());
        robot.interact(() -> vm.openLesson("task-stolen"));
        explorer.waitFor(20, () -> vm.lesson().lessonProperty().get() != null
                && vm.lesson().lessonProperty().get().name().equals("task-stolen") && vm.lesson().stepProperty().get() == 0);
        robot.interact(() -> vm.lesson().setStep(1));
        explorer.waitFor(10, () -> vm.comparingProperty().get() && vm.compare().diffProperty().get() != null);
        // issue 24: no Explain on side-by-side pages, i.e. on every lesson step after the first
        org.ompdexplorer.model.diff.UnionNode stolen = explorer.fx(() -> vm.compare().diffProperty().get()
                .changedNodes().stream().filter(n -> n.kind() == org.ompdexplorer.model.EntityKind.TASK && n.inB())
                .findFirst().orElseThrow());
        robot.interact(() -> vm.compare().select(stolen));
        explorer.waitFor(10, () -> robot.lookup("#compareExplainPane").tryQuery().isPresent());
        List<String> sentences = explorer.fx(() -> robot.lookup("#compareExplainPane .explain-sentence")
                .queryAllAs(javafx.scene.text.TextFlow.class).stream().map(ExplorerRobot::flowText).toList());
        assertThat(sentences).isNotEmpty().anyMatch(t -> t.startsWith("Task #"));
        long self = explorer.fx(() -> vm.compare().diffProperty().get().b().tasks().get(stolen.b()).id().value());
        Hyperlink mention = explorer.fx(() -> robot.lookup("#compareExplainPane .explain-link")
                .queryAllAs(Hyperlink.class).stream().filter(l -> l.getId().startsWith("explainLink-task-")
                        && !l.getId().startsWith("explainLink-task-" + self)).findFirst().orElseThrow());
        robot.interact(mention::fire);
        explorer.waitFor(10, () -> !stolen.equals(vm.compare().selectedProperty().get())
                && vm.compare().selectedProperty().get() != null);
    }

    @Test
    void f8WithEachChangeOfAStepSelectedThrowsNothing(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.lesson().isActive());
        List<Throwable> thrown = new java.util.concurrent.CopyOnWriteArrayList<>();
        robot.interact(() -> {
            Thread fx = Thread.currentThread();
            Thread.UncaughtExceptionHandler previous = fx.getUncaughtExceptionHandler();
            fx.setUncaughtExceptionHandler((t, e) -> {
                thrown.add(e);
                previous.uncaughtException(t, e);
            });
        });
        // issue 24: fib-taskwait step 2, F7 to the removed task #10, then F8 threw in UnionPaths.parent, Matching.ref
        for (int k = 1; k <= 4; k++) {
            robot.interact(() -> vm.openLesson("fib-taskwait"));
            explorer.waitFor(20, () -> vm.lesson().lessonProperty().get() != null
                    && vm.lesson().lessonProperty().get().name().equals("fib-taskwait")
                    && vm.lesson().stepProperty().get() == 0);
            robot.type(KeyCode.F8);
            explorer.waitFor(10, () -> vm.lesson().stepProperty().get() == 1);
            for (int c = 0; c < k; c++) {
                robot.type(KeyCode.F7);
            }
            robot.type(KeyCode.F8);
            explorer.waitFor(10, () -> vm.lesson().stepProperty().get() == 2);
            robot.sleep(300);
            assertThat(thrown).as("after the change %d", k).isEmpty();
        }
    }

    @Test
    void steppingForwardAndBackReadsEachNarrativeAndMarksWhatChanged(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.lesson().isActive());
        robot.interact(() -> vm.openLesson("task-dependences"));
        Lesson lesson = BundledResources.lesson("task-dependences").orElseThrow();
        explorer.waitFor(20, () -> vm.lesson().lessonProperty().get() == lesson);
        for (int i = 1; i < lesson.steps().size(); i++) {
            if (i % 2 == 1) {
                explorer.clickWhenShown("#lessonNext");
            } else {
                robot.type(KeyCode.F8);
            }
            int step = i;
            explorer.waitFor(10, () -> vm.lesson().stepProperty().get() == step);
            assertThat(text(robot, explorer, "#lessonNarrative")).isEqualTo(lesson.steps().get(i).narrative());
            assertThat(text(robot, explorer, "#lessonStepText")).endsWith(lesson.steps().get(i).label());
            explorer.waitFor(10, () -> robot.lookup("#" + CompareView.ID).tryQuery().isPresent());
            // one step count on screen: the lesson bar's, not also the comparison's own
            assertThat(explorer.fx(() -> robot.lookup("#compareStepText").query().isVisible())).isFalse();
            // compare mode marks what changed since the step before: F7 goes to the first change
            assertThat(explorer.fx(() -> vm.compare().diffProperty().get().changedNodes())).isNotEmpty();
            robot.type(KeyCode.F7);
            explorer.waitFor(10, () -> !marked(robot).isEmpty());
        }
        assertThat(explorer.fx(() -> robot.lookup("#lessonNext").queryButton().isDisabled())).isTrue();
        for (int i = lesson.steps().size() - 2; i >= 0; i--) {
            robot.press(KeyCode.SHIFT).type(KeyCode.F8).release(KeyCode.SHIFT);
            int step = i;
            explorer.waitFor(10, () -> vm.lesson().stepProperty().get() == step);
            assertThat(text(robot, explorer, "#lessonNarrative")).isEqualTo(lesson.steps().get(i).narrative());
        }
        explorer.waitFor(10, () -> robot.lookup("#mainSplit").tryQuery().isPresent()); // the first step: no diff
        assertThat(explorer.fx(() -> robot.lookup("#lessonPrevious").queryButton().isDisabled())).isTrue();
        explorer.clickWhenShown("#lessonNext");
        explorer.waitFor(10, () -> vm.comparingProperty().get());
        robot.clickOn("#lessonClose");
        explorer.waitFor(10, () -> !vm.lesson().isActive() && !vm.comparingProperty().get());
        assertThat(explorer.fx(() -> robot.lookup("#" + LessonBar.ID).queryAs(Node.class).isVisible())).isFalse();
        assertThat(vm.snapshotProperty().get().snapshot().capture().label()).isEqualTo(lesson.steps().get(1).label());
    }

    private static List<Node> marked(FxRobot robot) {
        return robot.lookup(".compare-tree .tree-cell").queryAll().stream()
                .filter(n -> n.getPseudoClassStates().stream().map(PseudoClass::getPseudoClassName)
                        .anyMatch(p -> p.equals("added") || p.equals("removed") || p.equals("changed")))
                .toList();
    }
}
