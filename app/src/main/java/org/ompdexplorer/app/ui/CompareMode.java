package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableObjectValue;
import org.ompdexplorer.app.ui.compare.CompareGraph;
import org.ompdexplorer.app.ui.compare.CompareViewModel;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
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
    private final LessonViewModel lesson;
    private final ObservableObjectValue<LoadedSnapshot> open;
    private final Consumer<LoadedSnapshot> show;
    private final Consumer<String> title;

    /**
     * @param loading runs the loads and diffs, and shows why they failed
     * @param open    the snapshot open in the window, or {@code null}
     * @param show    shows a snapshot in the window, as {@link MainViewModel#show} does
     * @param title   sets the window's title
     */
    CompareMode(BackgroundTasks tasks, ExplorerPreferences preferences, SnapshotLoading loading, LessonViewModel lesson,
            ObservableObjectValue<LoadedSnapshot> open, Consumer<LoadedSnapshot> show, Consumer<String> title) {
        this.graph = new CompareGraph(tasks, preferences, compare);
        this.loading = loading;
        this.lesson = lesson;
        this.open = open;
        this.show = show;
        this.title = title;
        // compare mode's timeline moves a lesson's steps too
        compare.stepProperty().addListener((obs, old, now) -> {
            if (comparing.get()) {
                lesson.followComparison(now.intValue());
            }
        });
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
        LoadedSnapshot a = open.get();
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
        comparing.set(false);
        compare.clear();
        title.accept(open.get() == null ? "OMPD Explorer" : "OMPD Explorer — " + open.get().sourceName());
    }

    /** Shows a comparison already made (the jobs' result; benchmarks hand one in directly); a lesson ends. */
    void show(CompareJobs.Compared compared) {
        lesson.clear();
        if (open.get() == null) { // opened from the command line: A stays open behind the comparison
            show.accept(compared.snapshots().getFirst());
        }
        compare.show(compared.snapshots(), compared.series());
        comparing.set(true);
        List<LoadedSnapshot> s = compared.snapshots();
        title.accept("OMPD Explorer — " + (s.size() == 2 ? s.get(0).sourceName() + " ↔ " + s.get(1).sourceName()
                : "series of " + s.size() + " snapshots"));
    }

    /** Shows step {@code step} of a lesson's series, which is not made again while it is shown already. */
    void showLessonStep(List<LoadedSnapshot> steps, SnapshotSeries series, int step) {
        if (!comparing.get() || compare.seriesProperty().get() != series) {
            compare.show(steps, series);
            comparing.set(true);
        }
        compare.setStep(step);
    }
}
