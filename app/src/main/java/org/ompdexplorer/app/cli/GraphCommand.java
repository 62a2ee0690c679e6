package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import org.ompdexplorer.app.graph.FittedLayout;
import org.ompdexplorer.app.graph.GraphExport;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.GraphPainter;
import org.ompdexplorer.app.graph.GraphPalette;
import org.ompdexplorer.app.graph.PictureTooLargeException;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;
import org.ompdexplorer.model.graph.TaskPlacement;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingTime;
import org.ompdexplorer.model.recording.StateAt;
import org.ompdexplorer.model.recording.WholeRun;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "graph", mixinStandardHelpOptions = true,
        description = {"Draw the task graph of a snapshot as SVG, PNG or Graphviz DOT.",
                "Tasks as nodes (shape by kind, colour by lifecycle), generating links,",
                "scheduling links where they differ from the generating one, dependences",
                "and \"awaits\" links; parallel regions as boxes. Alike sibling tasks",
                "collapse into one node (\"98 × task_body\"), and the links of a kind",
                "between two nodes are one edge (\"12 scheduling links\").",
                "By default the picture fits 8,000 px a side: big subtrees collapse into",
                "one node; --max-nodes N draws up to N nodes instead, whatever the size.",
                "The same picture as the window's graph. The input is never modified.",
                "Of a recording (docs/recording-format.md): the whole run, every task ever created with its links and "
                        + "recorded dependences; with --at T, the state at that moment."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:FILE could not be read, or OUT could not be written",
                "64:usage: no such region or task, an unknown format, T is no moment, or a PNG over 16,384 px a side"})
final class GraphCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot or a recording (.ndjson, .ndjson.gz), or - for "
            + "standard input (a snapshot)")
    Path file;

    @Option(names = "--at", paramLabel = "T", description = "of a recording: the state at this moment instead of the "
            + "whole run, a time from the start (1.5ms, 200us, 2s, 300ns) or a share of the run (50%%)")
    String at;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", required = true,
            description = "the file to write, or - for standard output")
    Path output;

    @ArgGroup(exclusive = true)
    Scope scope;

    static final class Scope {
        @Option(names = "--region", paramLabel = "P", description = "only the tasks bound to this parallel region "
                + "(P2 or 2)")
        String region;

        @Option(names = "--task", paramLabel = "ID", description = "only this task and what it generated (#7 or 7)")
        String task;
    }

    @Option(names = "--format", paramLabel = "FORMAT", description = "svg, png or dot (default: from OUT's "
            + "extension, else svg)")
    String format;

    @Option(names = "--all-scheduling", description = "draw every scheduling link, also where it equals the "
            + "generating one")
    boolean allScheduling;

    @Option(names = "--no-aggregate", description = "draw alike sibling tasks one by one")
    boolean noAggregate;

    @Option(names = "--max-nodes", paramLabel = "N", description = "draw up to N nodes, collapsing subtrees beyond "
            + "them, however large the picture; 0 for every task (default: a picture within 8,000 px a side, up to "
            + "2,000 nodes)")
    Integer maxNodes;

    @Option(names = "--lanes", description = "box the tasks by the thread running them (a queued task in the lane "
            + "of the thread that created it) instead of by parallel region")
    boolean lanes;

    @Option(names = "--dark", description = "the dark theme's colours")
    boolean dark;

    /**
     * What is drawn: a snapshot, and where --lanes puts each of its tasks (the thread it is on, or for a whole recorded
     * run the thread that began it).
     */
    private record Drawn(Snapshot snapshot, TaskPlacement placement) {
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        GraphFormat chosen = format();
        if (chosen == null) {
            err.println("ompd-explorer graph: unknown format '" + format + "'; use svg, png or dot");
            err.flush();
            return ExitCodes.USAGE;
        }
        if (maxNodes != null && maxNodes < 0) {
            err.println("ompd-explorer graph: --max-nodes is 0 (no limit) or more, not " + maxNodes);
            err.flush();
            return ExitCodes.USAGE;
        }
        int refused = SnapshotOutput.check(output, SnapshotOutput.inputs(file), err);
        if (refused != ExitCodes.OK) {
            return refused;
        }
        int[] exit = {ExitCodes.OK};
        Drawn drawn = RecordingInput.isRecording(file) ? recorded(err, exit) : snapshot(err, exit);
        if (drawn == null) {
            return exit[0];
        }
        Snapshot snapshot = drawn.snapshot();
        GraphScope graphScope = graphScope(snapshot, err);
        if (graphScope == null) {
            return ExitCodes.USAGE;
        }
        GraphOptions options = new GraphOptions(allScheduling, noAggregate ? 0 : GraphOptions.DEFAULT.aggregateAt(),
                GraphOptions.DEFAULT.maxNodes(), Set.of(), lanes, GraphOptions.FIT_COLUMNS, GraphOptions.FIT_DEPTH)
                .withPlacement(drawn.placement());
        if (maxNodes != null) { // a node budget instead of a picture that fits
            options = options.withMaxNodes(maxNodes).withShape(0, 0);
        }
        GraphLayout layout;
        if (chosen == GraphFormat.DOT) { // Graphviz lays it out
            layout = new GraphLayout(TaskGraphBuilder.of(snapshot, graphScope, options), java.util.List.of(),
                    java.util.List.of(), java.util.List.of(), 0, 0);
        } else {
            layout = FittedLayout.layout(snapshot, graphScope, options);
        }
        byte[] bytes;
        try {
            bytes = GraphExport.render(layout, chosen, dark ? GraphPalette.DARK : GraphPalette.LIGHT,
                    GraphPainter.Decorations.NONE);
        } catch (PictureTooLargeException e) {
            err.println("ompd-explorer graph: " + e.getMessage() + "; nothing written to " + output + ". Draw "
                    + (maxNodes == null ? "" : "fewer nodes (without --max-nodes " + maxNodes + " the picture fits "
                    + "8,000 px a side), ") + "one part of the snapshot (--region P or --task ID), or write SVG, "
                    + "which has no such limit (-o " + svgName() + ")");
            err.flush();
            return ExitCodes.USAGE;
        }
        return write(bytes, chosen, layout.graph(), err);
    }

    /** The snapshot FILE holds, or {@code null} after saying why (and setting {@code exit[0]}). */
    private Drawn snapshot(PrintWriter err, int[] exit) {
        if (at != null) {
            err.println("ompd-explorer graph: --at is a moment of a recording; " + file + " is a snapshot, which is one "
                    + "moment already (leave --at out)");
            err.flush();
            exit[0] = ExitCodes.USAGE;
            return null;
        }
        LoadResult result = SnapshotInput.load(file, false, err, exit);
        return result == null ? null : new Drawn(result.snapshot(), TaskPlacement.CURRENT);
    }

    /** The whole run of the recording FILE, or its state at {@code --at}; {@code null} after saying why. */
    private Drawn recorded(PrintWriter err, int[] exit) {
        RecordingLoadResult result = RecordingInput.load(file, err, exit);
        if (result == null) {
            return null;
        }
        Recording recording = result.recording();
        long t = 0;
        if (at != null) {
            try {
                t = RecordingTime.parse(at, recording.duration());
            } catch (IllegalArgumentException e) {
                err.println("ompd-explorer graph: --at: " + e.getMessage());
                err.flush();
                exit[0] = ExitCodes.USAGE;
                return null;
            }
        }
        result.diagnostics().forEach(d -> err.println(d.format()));
        err.flush();
        if (at != null) {
            return new Drawn(new StateAt(recording).at(t), TaskPlacement.CURRENT);
        }
        WholeRun run = WholeRun.of(recording);
        return new Drawn(run.snapshot(), run.placement()); // --lanes: a completed task where it began
    }

    /** OUT with the extension .svg, for the advice when a PNG is too large. */
    private String svgName() {
        if (SnapshotOutput.isStandardOutput(output)) {
            return "graph.svg --format svg";
        }
        String name = output.toString();
        int dot = name.lastIndexOf('.');
        return (dot > name.lastIndexOf('/') && dot > 0 ? name.substring(0, dot) : name) + ".svg";
    }

    private GraphFormat format() {
        if (format != null) {
            try {
                return GraphFormat.valueOf(format.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        // a root (-o /) has no file name: SVG, and the write says it is a directory
        return SnapshotOutput.isStandardOutput(output) || output.getFileName() == null ? GraphFormat.SVG
                : GraphFormat.ofFileName(output.getFileName().toString()).orElse(GraphFormat.SVG);
    }

    private GraphScope graphScope(Snapshot snapshot, PrintWriter err) {
        if (scope == null) {
            return GraphScope.whole();
        }
        if (scope.region != null) {
            Long id = number(scope.region, 'P');
            if (id == null || snapshot.index().region(new RegionId(id)).isEmpty()) {
                err.println("ompd-explorer graph: no parallel region " + scope.region + " in " + file
                        + "; its regions are " + snapshot.parallelRegions().stream().map(r -> "P" + r.id())
                        .toList());
                err.flush();
                return null;
            }
            return new GraphScope.Region(new RegionId(id));
        }
        Long id = number(scope.task, '#');
        if (id == null || snapshot.index().task(new TaskId(id)).isEmpty()) {
            err.println("ompd-explorer graph: no task " + scope.task + " in " + file + " (task ids are numbers, as "
                    + "in `ompd-explorer summary`)");
            err.flush();
            return null;
        }
        return new GraphScope.Subtree(new TaskId(id));
    }

    /** {@code P2}, {@code p2} or {@code 2}; {@code #7} or {@code 7}. */
    private static Long number(String text, char prefix) {
        String digits = text.strip();
        if (!digits.isEmpty() && Character.toUpperCase(digits.charAt(0)) == prefix) {
            digits = digits.substring(1);
        }
        try {
            long v = Long.parseLong(digits);
            return v >= 0 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private int write(byte[] bytes, GraphFormat chosen, TaskGraph graph, PrintWriter err) {
        try {
            if (SnapshotOutput.isStandardOutput(output) && chosen != GraphFormat.PNG) { // text, like every command
                spec.commandLine().getOut().print(new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
                spec.commandLine().getOut().flush();
            } else if (SnapshotOutput.isStandardOutput(output)) { // an image: bytes, not characters
                System.out.write(bytes);
                System.out.flush();
            } else {
                OutputFile.write(output, SnapshotOutput.inputs(file), out -> out.write(bytes));
            }
            if (graph.collapsedForSize()) {
                err.println("ompd-explorer graph: " + graph.tasksShown() + " tasks drawn as " + graph.nodes().size()
                        + " nodes: subtrees collapsed " + (maxNodes == null ? "to fit 8,000 px a side (--max-nodes N "
                        + "draws up to N nodes, --max-nodes 0 every task)" : "to stay within --max-nodes " + maxNodes
                        + " (--max-nodes 0 draws them all)"));
            }
            if (graph.linksLeftOut() > 0) {
                err.println("ompd-explorer graph: " + graph.linksLeftOut() + " links between tasks not drawn: a node "
                        + "has at most " + GraphEdge.MAX_PER_NODE + " scheduling and " + GraphEdge.MAX_PER_NODE
                        + " dependence edges each way, a graph at most as many edges of a kind as nodes ("
                        + GraphEdge.DEPENDENCES_PER_NODE + " times as many dependence edges); the edges "
                        + "standing for the most links are drawn (--region P or --task ID draw a part)");
            }
            err.flush();
            return ExitCodes.OK;
        } catch (OutputException e) {
            return SnapshotOutput.failed(e, err);
        } catch (IOException e) {
            err.println("ompd-explorer graph: could not write to standard output: " + e.getMessage());
            err.flush();
            return ExitCodes.UNREADABLE;
        }
    }
}
