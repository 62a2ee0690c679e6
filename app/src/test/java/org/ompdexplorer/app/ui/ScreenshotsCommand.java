package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.app.ui.navigator.Grouping;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;

/**
 * Writes the README's screenshots of the window on the bundled lesson, headless, and a gallery of every page in
 * both themes and two sizes into app/target/gallery ({@link PageGallery}):
 * {@code mvn -B -pl app -Pscreenshots verify -DskipTests} (see app/pom.xml).
 */
public final class ScreenshotsCommand {
    private ScreenshotsCommand() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "screenshots");
        Files.createDirectories(out);
        FxDriver.startToolkit();
        FxBackgroundTasks tasks = new FxBackgroundTasks();
        MainViewModel vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        MainView view = FxDriver.onFx(() -> ExplorerApp.show(new Stage(), vm));
        Scene scene = FxDriver.onFx(view::getScene);
        FxDriver.onFx(vm::openBundledLesson);
        FxDriver.waitFor("the bundled lesson", 30, () -> vm.snapshotProperty().get() != null);

        Snapshot lesson = vm.snapshotProperty().get().snapshot();
        OmpThread deepest = lesson.threads().stream()
                .max(Comparator.comparingInt(t -> lesson.index().schedulingChain(t.id()).size())).orElseThrow();
        Task stolen = TestSnapshots.linkedExplicitTask(lesson);

        // the task-creation tree opened down to the deepest task, the lesson's own description on the right
        show(vm, scene, Target.of(deepest.currentTask().get()));
        show(vm, scene, Target.of(SnapshotPage.CAPTURE));
        write(scene, out.resolve("main-window.png"));

        show(vm, scene, Target.of(stolen.id()));
        write(scene, out.resolve("task-details.png"));

        FxDriver.onFx(() -> vm.details().effectiveIcvsProperty().set(true));
        show(vm, scene, Target.of(stolen.schedulingTask().get()));
        scrollTo(scene, "#effectiveIcvToggle");
        write(scene, out.resolve("icv-table.png"));

        // by thread: the stack of tasks of the thread with the longest scheduling chain
        FxDriver.onFx(() -> {
            vm.details().effectiveIcvsProperty().set(false);
            vm.navigator().groupingProperty().set(Grouping.THREADS);
            Theme.apply(scene, true);
        });
        show(vm, scene, Target.of(deepest.currentTask().get()));
        show(vm, scene, Target.of(deepest.id()));
        write(scene, out.resolve("dark-theme.png"));

        FxDriver.onFx(() -> Theme.apply(scene, false));
        DialogScreenshots.write(vm, scene, out);
        LegendScreenshots.write(scene, out);
        CompareScreenshots.write(vm, scene, out, args.length > 1 ? Path.of(args[1]) : null);
        GraphScreenshots.write(vm, view, scene, out, args.length > 1 ? Path.of(args[1]) : null);
        LessonScreenshots.write(vm, scene, out);
        JobScreenshots.write(vm, scene, out);
        RecordingScreenshots.write(vm, scene, out);
        if (args.length > 1) {
            FxDriver.onFx(() -> vm.navigator().groupingProperty().set(Grouping.STRUCTURE));
            PageGallery.write(vm, scene, Path.of(args[1]));
            DialogScreenshots.gallery(vm, scene, Path.of(args[1]));
        }
        StacksScreenshots.write(vm, scene, out);
        DeviceScreenshots.write(vm, scene, out); // last: it leaves the offload lesson's step open

        tasks.shutdown();
        javafx.application.Platform.exit();
        System.out.println("screenshots written to " + out.toAbsolutePath());
    }

    static void show(MainViewModel vm, Scene scene, Target target) throws InterruptedException {
        FxDriver.onFx(() -> vm.navigate(target));
        FxDriver.waitFor(target.key(), 30, () -> vm.details().pageProperty().get() != null
                && vm.details().pageProperty().get().target().equals(target));
        FxDriver.pulses(scene, 3);
    }

    /** Scrolls the details pane so that the section holding the node is at the top. */
    private static void scrollTo(Scene scene, String selector) throws InterruptedException {
        FxDriver.onFx(() -> {
            ScrollPane scroll = (ScrollPane) scene.lookup(".details-scroll");
            Node target = scene.lookup(selector);
            while (!target.getStyleClass().contains("details-section")) {
                target = target.getParent();
            }
            Node content = scroll.getContent();
            Bounds inContent = content.sceneToLocal(target.localToScene(target.getBoundsInLocal()));
            double range = content.getBoundsInLocal().getHeight() - scroll.getViewportBounds().getHeight();
            scroll.setVvalue(range <= 0 ? 0 : Math.min(1, (inContent.getMinY() - 8) / range));
        });
        FxDriver.pulses(scene, 3);
    }

    /** Through the project's output helper, like every file it writes: whole or not at all. */
    static void write(Scene scene, Path file) {
        FxDriver.onFx(() -> {
            try {
                var image = SwingFXUtils.fromFXImage(scene.snapshot(null), null);
                OutputFile.write(file, out -> ImageIO.write(image, "png", out));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        System.out.println("wrote " + file);
    }
}
