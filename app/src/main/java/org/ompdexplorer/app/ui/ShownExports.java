package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.ui.compare.CompareViewModel;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.stacks.ParallelStacksViewModel;

/**
 * The exports of what the window shows, each written in the background and naming the snapshots it came from: the
 * open snapshot as JSON, a task graph or the parallel stacks as drawn, and the comparison shown as a hang report.
 */
final class ShownExports {
    private final Exports exports;
    private final OpenSnapshot open;
    private final CompareMode compareMode;
    private final ParallelStacksViewModel stacks;

    ShownExports(Exports exports, OpenSnapshot open, CompareMode compareMode, ParallelStacksViewModel stacks) {
        this.exports = exports;
        this.open = open;
        this.compareMode = compareMode;
        this.stacks = stacks;
    }

    void export(Path file) {
        exports.export(open.snapshotProperty().get(), file);
    }

    /** The graph shown by {@code which}, from the open snapshot and the snapshots compared. */
    void exportGraph(GraphViewModel which, GraphFormat format, Path file, boolean dark) {
        List<LoadedSnapshot> sources = new ArrayList<>(shown());
        sources.addAll(compareMode.compare().sources());
        exports.exportGraph(which, format, file, dark, sources);
    }

    void exportStacks(GraphFormat format, Path file, boolean dark) {
        exports.exportStacks(stacks.pictureProperty().get(), format, file, dark, shown());
    }

    /** The step of the comparison shown, from its snapshot to the next. */
    void exportHangReport(Path file) {
        CompareViewModel c = compareMode.compare();
        int step = c.stepProperty().get();
        exports.exportHangReport(c.diffProperty().get(), c.sourceName(step), c.sourceName(step + 1), file,
                c.sources());
    }

    /** The open snapshot, if any. */
    private List<LoadedSnapshot> shown() {
        LoadedSnapshot shown = open.snapshotProperty().get();
        return shown == null ? List.of() : List.of(shown);
    }
}
