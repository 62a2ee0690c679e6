package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.app.graph.GraphExport;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.GraphPainter;
import org.ompdexplorer.app.graph.GraphPalette;
import org.ompdexplorer.app.graph.PictureTooLargeException;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.Snapshot;

/**
 * The window's exports, written in the background: the open snapshot as JSON, and a task graph as shown; how they
 * went is told in the status bar, or in the problem banner when they fail.
 *
 * @param status the status bar's message and the problem banner
 */
record Exports(BackgroundTasks tasks, SnapshotLoading status) {

    /** Writes {@code open} as JSON to {@code file}, in the background. */
    void export(LoadedSnapshot open, Path file) {
        if (open == null) {
            return;
        }
        Snapshot s = open.snapshot();
        status.message("Exporting to " + file + "…");
        tasks.execute(BackgroundTask.of("Export", context -> {
                    new SnapshotJsonExporter().write(s, file, open.path().stream().toList());
                    return file;
                })
                .onSuccess(done -> status.message("Exported to " + done))
                .onFailure(error -> {
                    status.message("");
                    // an OutputException's message already names the file, the cause and what to do
                    status.problem(new Problem("Could not export to " + file, error instanceof OutputException
                            ? error.getMessage() : error.getMessage() == null ? error.toString()
                            : error.getMessage() + " — choose another folder or file name.", List.of()));
                }));
    }

    /**
     * Saves a graph as shown as {@code format} in {@code file}, in the background, in the given theme's colours.
     *
     * @param sources the snapshots it was made from (the open one, and those compared), never to be written over
     */
    void exportGraph(GraphViewModel which, GraphFormat format, Path file, boolean dark, List<LoadedSnapshot> sources) {
        GraphLayout shown = which.layoutProperty().get();
        if (shown == null) {
            return;
        }
        Map<Integer, GraphPainter.Mark> marks = which.nodeMarksProperty().get();
        List<Path> inputs = new ArrayList<>();
        sources.forEach(s -> s.path().ifPresent(inputs::add));
        status.message("Exporting the graph to " + file + "…");
        tasks.execute(BackgroundTask.of("Export the graph", context -> {
                    byte[] bytes = GraphExport.render(shown, format, dark ? GraphPalette.DARK : GraphPalette.LIGHT,
                            new GraphPainter.Decorations(-1, -1, marks));
                    OutputFile.write(file, inputs, out -> out.write(bytes));
                    return file;
                })
                .onSuccess(done -> status.message("Exported the graph to " + done))
                .onFailure(error -> {
                    status.message("");
                    status.problem(new Problem("Could not export the graph to " + file, error instanceof
                            PictureTooLargeException tooLarge ? tooLarge(tooLarge) : error.getMessage() == null
                            ? error.toString() : error.getMessage(), List.of()));
                }));
    }

    /**
     * Saves the parallel stacks as {@code format} in {@code file}, in the background, in the given theme's colours.
     *
     * @param sources the snapshots it was made from, never to be written over
     */
    void exportStacks(org.ompdexplorer.app.stacks.StacksPicture shown, GraphFormat format, Path file, boolean dark,
                      List<LoadedSnapshot> sources) {
        if (shown == null) {
            return;
        }
        List<Path> inputs = new ArrayList<>();
        sources.forEach(s -> s.path().ifPresent(inputs::add));
        status.message("Exporting the parallel stacks to " + file + "…");
        tasks.execute(BackgroundTask.of("Export the parallel stacks", context -> {
                    byte[] bytes = org.ompdexplorer.app.stacks.StacksExport.render(shown, format, dark
                            ? org.ompdexplorer.app.stacks.StacksPalette.DARK
                            : org.ompdexplorer.app.stacks.StacksPalette.LIGHT);
                    OutputFile.write(file, inputs, out -> out.write(bytes));
                    return file;
                })
                .onSuccess(done -> status.message("Exported the parallel stacks to " + done))
                .onFailure(error -> {
                    status.message("");
                    status.problem(new Problem("Could not export the parallel stacks to " + file, error instanceof
                            PictureTooLargeException tooLarge ? tooLarge.getMessage() + "; nothing was written. Fold "
                            + "the runtime frames, or export SVG, which has no such limit." : error.getMessage() == null
                            ? error.toString() : error.getMessage(), List.of()));
                }));
    }

    /**
     * Writes the comparison shown as a hang report (Markdown, or HTML for a name ending in {@code .html}) to
     * {@code file}, in the background: what {@code diff --report} writes.
     *
     * @param sources the snapshots compared, never to be written over
     */
    void exportHangReport(org.ompdexplorer.model.diff.SnapshotDiff diff, String nameA, String nameB, Path file,
                          List<LoadedSnapshot> sources) {
        if (diff == null) {
            return;
        }
        List<Path> inputs = new ArrayList<>();
        sources.forEach(s -> s.path().ifPresent(inputs::add));
        status.message("Exporting the report to " + file + "…");
        tasks.execute(BackgroundTask.of("Export the report", context -> {
                    org.ompdexplorer.app.report.HangReport.Format format =
                            org.ompdexplorer.app.report.HangReport.Format.ofFileName(file.getFileName().toString());
                    byte[] bytes = new org.ompdexplorer.app.report.HangReport(diff, nameA, nameB, diff.warnings(), 200)
                            .write(format).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    OutputFile.write(file, inputs, out -> out.write(bytes));
                    return file;
                })
                .onSuccess(done -> status.message("Exported the report to " + done))
                .onFailure(error -> {
                    status.message("");
                    status.problem(new Problem("Could not export the report to " + file, error.getMessage() == null
                            ? error.toString() : error.getMessage(), List.of()));
                }));
    }

    /** What the CLI says of a PNG too large, with the window's ways to a smaller picture. */
    static String tooLarge(PictureTooLargeException e) {
        String what = e.getMessage();
        return Character.toUpperCase(what.charAt(0)) + what.substring(1) + "; nothing was written. Collapse the "
                + "nodes you opened (Collapse all), show one region or the selected task's subtree (the first list "
                + "above the graph), or export SVG, which has no such limit.";
    }
}
