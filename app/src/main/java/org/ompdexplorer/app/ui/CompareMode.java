package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import org.ompdexplorer.app.ui.compare.CompareGraph;
import org.ompdexplorer.app.ui.compare.CompareViewModel;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.model.diff.SnapshotSeries;

/**
 * Compare mode: the window shows two snapshots, or a series, instead of one. They are loaded and diffed as a load
 * is (progress, Cancel, one problem on failure); the snapshot open before stays behind the comparison.
 */
final class CompareMode {
    private final ReadOnlyBooleanWrapper comparing = new ReadOnlyBooleanWrapper(this, "comparing", false);
    private final CompareViewModel compare = new CompareViewModel();
    private final CompareGraph graph;
    private final SnapshotLoading loading;
    private final OpenSnapshot open;
    private final Consumer<LoadedSnapshot> show;
    private final Runnable endLesson;

    /**
     * @param loading   runs the loads and diffs, and shows why they failed
     * @param open      the snapshot open in the window, which stays behind the comparison
     * @param show      shows a snapshot in the window, as {@link MainViewModel#show} does
     * @param endLesson ends the lesson being taught, if any: a comparison shown is not one of its steps
     */
    CompareMode(BackgroundTasks tasks, ExplorerPreferences preferences, SnapshotLoading loading, OpenSnapshot open,
            Consumer<LoadedSnapshot> show, Runnable endLesson) {
        this.graph = new CompareGraph(tasks, preferences, compare);
        this.loading = loading;
        this.open = open;
        this.show = show;
        this.endLesson = endLesson;
    }

    CompareViewModel compare() {
        return compare;
    }

    /** The task graph in compare mode. */
    CompareGraph graph() {
        return graph;
    }

    /** Whether the window shows a comparison instead of one snapshot. */
    ReadOnlyBooleanProperty comparingProperty() {
        return comparing.getReadOnlyProperty();
    }

    /** File → Compare With…: the open snapshot (A) with {@code other} (B). */
    void compareWith(Path other) {
        LoadedSnapshot a = open.snapshotProperty().get();
        if (a == null) {
            compareFiles(List.of(other));
            return;
        }
        loading.run("Comparing with " + other.getFileName(), CompareJobs.of(List.of(other), List.of(a)),
                "Could not compare with " + other, this::show);
    }

    /**
     * File → Compare Two Files… (two files: A then B) and File → Open Series… (a folder of snapshots, in name
     * order, or several files in the order given): loaded in the background, then every step diffed.
     */
    void compareFiles(List<Path> chosen) {
        loading.run("Comparing " + (chosen.size() == 1 ? "the snapshots in " + chosen.getFirst().getFileName()
                : chosen.size() + " snapshots"), CompareJobs.of(chosen, List.of()),
                "Could not compare the snapshots in " + chosen.getFirst(), this::show);
    }

    /** Swaps A and B of a comparison of two snapshots. */
    void swap() {
        List<LoadedSnapshot> sides = new ArrayList<>(compare.sources());
        if (!comparing.get() || sides.size() != 2) {
            return;
        }
        Collections.reverse(sides);
        loading.run("Swapping A and B", CompareJobs.reordered(sides), "Could not swap A and B", this::show);
    }

    /** Leaves compare mode; the snapshot open before stays. */
    void leave() {
        end();
        LoadedSnapshot behind = open.snapshotProperty().get();
        open.title(behind == null ? "OMPD Explorer" : "OMPD Explorer — " + behind.sourceName());
    }

    /** Shows a comparison already made (the jobs' result; benchmarks hand one in directly); a lesson ends. */
    void show(CompareJobs.Compared compared) {
        endLesson.run();
        if (open.snapshotProperty().get() == null) { // opened from the command line: A stays open behind the comparison
            show.accept(compared.snapshots().getFirst());
        }
        compare.show(compared.snapshots(), compared.series());
        comparing.set(true);
        open.title("OMPD Explorer — " + compared(compared.snapshots()));
    }

    /** What is compared, as the title says it: "A ↔ B", or "series of N snapshots". */
    private static String compared(List<LoadedSnapshot> s) {
        return s.size() == 2 ? s.get(0).sourceName() + " ↔ " + s.get(1).sourceName()
                : "series of " + s.size() + " snapshots";
    }

    /** What compare mode shows, as a sentence names it: "The comparison A ↔ B", "The series of N snapshots". */
    String shownName() {
        List<LoadedSnapshot> s = compare.sources();
        return s.size() == 2 ? "The comparison " + compared(s) : "The " + compared(s);
    }

    /** Shows {@code loaded} in the navigator and details, leaving compare mode. */
    void display(LoadedSnapshot loaded) {
        if (comparing.get()) {
            end(); // the title names the new snapshot once it is shown, never the one behind in between
        }
        open.show(loaded);
    }

    private void end() {
        comparing.set(false);
        compare.clear();
    }

    /** Shows step {@code step} of a lesson's series, which is not made again while it is shown already. */
    void showLessonStep(List<LoadedSnapshot> steps, SnapshotSeries series, int step) {
        if (!comparing.get() || compare.seriesProperty().get() != series) {
            compare.show(steps, series, true);
            comparing.set(true);
        }
        compare.setStep(step);
    }
}
