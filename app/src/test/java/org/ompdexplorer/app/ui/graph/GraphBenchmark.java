package org.ompdexplorer.app.ui.graph;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.ompdexplorer.app.graph.FittedLayout;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.GraphLayouter;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The task graph's figures (issue 11): the layout of a 10k-task region off the FX thread (target ≤ 1.5 s), a
 * redraw of a viewport showing 5k nodes (≤ 16 ms), the graph of a 1M-task snapshot, aggregated, from the snapshot
 * to a finished layout (≤ 1 s). Medians of {@value #RUNS} runs after {@value #WARMUP} warm-up runs; headless.
 * Run with {@code mvn -B -pl app -Pgraph-bench verify -DskipTests} (see app/pom.xml).
 */
public final class GraphBenchmark {
    private static final int RUNS = 7;
    private static final int WARMUP = 3;

    private GraphBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        System.out.printf(Locale.ROOT, "Graph benchmark: %d cores, Java %s, load %s%n",
                Runtime.getRuntime().availableProcessors(), Runtime.version(), load());
        layoutOfARegion();
        redraw();
        millionTasks();
        Platform.exit();
    }

    /** The biggest region of a generated 10k-task program, as the window lays it out, and every task a node. */
    private static void layoutOfARegion() {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 1, 10_000, 11));
        ParallelRegion region = s.parallelRegions().stream()
                .max(java.util.Comparator.comparingInt(r -> s.index().tasksIn(r.id()).size())).orElseThrow();
        GraphScope scope = new GraphScope.Region(region.id());
        int tasks = s.index().tasksIn(region.id()).size();
        GraphOptions windowOptions = GraphOptions.DEFAULT.withMaxNodes(GraphViewModel.WINDOW_MAX_NODES);
        TaskGraph window = TaskGraphBuilder.of(s, scope, windowOptions);
        TaskGraph cli = TaskGraphBuilder.of(s, scope, GraphOptions.DEFAULT);
        TaskGraph every = TaskGraphBuilder.of(s, scope, new GraphOptions(false, 0, 0, Set.of()));
        System.out.printf(Locale.ROOT, "region P%d: %,d tasks; as the window shows it %,d nodes, %,d edges; as "
                + "`graph` draws it %,d nodes, %,d edges; task by task %,d nodes, %,d edges%n", region.id().value(),
                tasks, window.nodes().size(), window.edges().size(), cli.nodes().size(), cli.edges().size(),
                every.nodes().size(), every.edges().size());
        time("layout, 10k-task region as the window shows it (build + ELK, fitted)",
                () -> FittedLayout.layout(s, scope, windowOptions));
        time("layout, 10k-task region as `ompd-explorer graph` draws it (build + ELK, fitted)",
                () -> FittedLayout.layout(s, scope, GraphOptions.DEFAULT));
        time("layout, 10k-task region, every task a node (build + ELK)",
                () -> GraphLayouter.layout(TaskGraphBuilder.of(s, scope, new GraphOptions(false, 0, 0, Set.of()))));
        time("peer: the same, ELK's default thoroughness (7) and greedy switch",
                () -> GraphLayouter.layoutWith(every, 7, true));
    }

    /** Redrawing the canvas with 5k nodes in view: what a pan or zoom step costs on the FX thread. */
    private static void redraw() throws Exception {
        Snapshot s = chains(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 1, 5_200, 12)), 60);
        GraphLayout layout = GraphLayouter.layout(TaskGraphBuilder.of(s, GraphScope.whole(),
                new GraphOptions(false, 0, 0, Set.of())));
        startToolkit();
        GraphCanvas canvas = onFx(() -> {
            GraphCanvas c = new GraphCanvas(n -> { }, n -> java.util.Optional.empty());
            Stage stage = new Stage();
            stage.setScene(new Scene(new StackPane(c), 1200, 760));
            stage.show();
            c.setLayout(layout, false);
            return c;
        });
        // a band of the graph where 5k nodes are in view at once
        onFx(() -> {
            canvas.fit();
            return null;
        });
        int inView = onFx(() -> {
            canvas.draw();
            return canvas.lastDrawn();
        });
        System.out.printf(Locale.ROOT, "redraw: %,d nodes laid out, %,d in view at %.0f %% (fit)%n",
                layout.nodes().size(), inView, onFx(canvas::scale) * 100);
        timeFx("redraw, %,d nodes in view (fit: the overview)".formatted(inView), canvas::draw);
        // what the FX thread records is drawn by the renderer at the next pulse: rendering the canvas into an image
        // (software pipeline, read back) bounds that cost from above
        timeFx("redraw + rasterize (canvas.snapshot), %,d nodes in view".formatted(inView), () -> {
            canvas.draw();
            canvas.snapshot(null, null);
        });
        timeFx("peer: rasterize (canvas.snapshot) of the canvas with nothing new drawn", () -> canvas.snapshot(null,
                null));
        onFx(() -> {
            canvas.zoom(0.55 / canvas.scale());
            return null;
        });
        int readable = onFx(() -> {
            canvas.draw();
            return canvas.lastDrawn();
        });
        timeFx("redraw, %,d nodes in view at 55 %% (names and details)".formatted(readable), canvas::draw);
        timeFx("redraw + rasterize, %,d nodes in view at 55 %%".formatted(readable), () -> {
            canvas.draw();
            canvas.snapshot(null, null);
        });
        onFx(() -> {
            canvas.zoom(0.3 / canvas.scale());
            return null;
        });
        int names = onFx(() -> {
            canvas.draw();
            return canvas.lastDrawn();
        });
        timeFx("redraw, %,d nodes in view at 30 %% (names, no details)".formatted(names), canvas::draw);
        timeFx("redraw + rasterize, %,d nodes in view at 30 %%".formatted(names), () -> {
            canvas.draw();
            canvas.snapshot(null, null);
        });
    }

    /** A million tasks, one of which generated 100k: the graph the window opens, aggregated within its budget. */
    private static void millionTasks() {
        Snapshot s = TestSnapshots.wide(8, 1_000_000, 100_000);
        GraphOptions windowOptions = GraphOptions.DEFAULT.withMaxNodes(GraphViewModel.WINDOW_MAX_NODES);
        TaskGraph g = TaskGraphBuilder.of(s, GraphScope.whole(), windowOptions);
        System.out.printf(Locale.ROOT, "1M tasks: %,d nodes, %,d edges, %s%n", g.nodes().size(), g.edges().size(),
                g.collapsedForSize() ? "subtrees collapsed" : "nothing collapsed");
        time("1M-task snapshot: graph model (TaskGraphBuilder)",
                () -> TaskGraphBuilder.of(s, GraphScope.whole(), windowOptions));
        time("1M-task snapshot: graph model + ELK layout (what the window waits for)",
                () -> FittedLayout.layout(s, GraphScope.whole(), windowOptions));
        time("peer: SnapshotIndex rebuilt (the index every view starts from)",
                () -> new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                        s.displayControlVars(), s.threads(), s.parallelRegions(), s.tasks()).index());
    }

    /**
     * The same tasks with the explicit ones rewired into {@code chains} chains below the first (each task generating
     * the next, as a recursion does): a picture about as deep as it is wide, which a viewport shows whole (a
     * generated program's producer makes one very wide layer, and any bushy tree's leaves do).
     */
    private static Snapshot chains(Snapshot s, int chains) {
        List<Task> explicit = s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)).toList();
        java.util.Map<Long, Fact<TaskId>> parent = new java.util.HashMap<>();
        for (int i = 1; i < explicit.size(); i++) {
            parent.put(explicit.get(i).id().value(), Fact.of(explicit.get(i > chains ? i - chains : 0).id()));
        }
        List<Task> rewired = s.tasks().stream().map(t -> parent.containsKey(t.id().value()) ? new Task(t.id(),
                t.kind(), parent.get(t.id().value()), t.schedulingTask(), t.parallelRegion(), t.thread(),
                t.threadNum(), t.function(), t.creationSite(), t.frames(), t.toolData(), t.icvs(), t.agent()) : t)
                .toList();
        return new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), rewired);
    }

    private static void time(String what, Supplier<?> work) {
        long[] nanos = new long[RUNS];
        for (int i = 0; i < WARMUP + RUNS; i++) {
            long t = System.nanoTime();
            work.get();
            if (i >= WARMUP) {
                nanos[i - WARMUP] = System.nanoTime() - t;
            }
        }
        summary(what, nanos);
    }

    private static void timeFx(String what, Runnable work) throws Exception {
        long[] nanos = new long[RUNS * 3];
        for (int i = 0; i < WARMUP * 3 + nanos.length; i++) {
            int ii = i;
            long t = onFx(() -> {
                long start = System.nanoTime();
                work.run();
                return System.nanoTime() - start;
            });
            if (ii >= WARMUP * 3) {
                nanos[ii - WARMUP * 3] = t;
            }
        }
        summary(what, nanos);
    }

    private static void summary(String what, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "%-78s median %8.1f ms  (min %.1f, max %.1f, n=%d)%n", what,
                sorted[sorted.length / 2] / 1e6, sorted[0] / 1e6, sorted[sorted.length - 1] / 1e6, sorted.length);
    }

    private static void startToolkit() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await(30, TimeUnit.SECONDS);
    }

    private static <T> T onFx(Supplier<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(120, TimeUnit.SECONDS);
    }

    private static String load() {
        try {
            return List.of(java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" "))
                    .subList(0, 3).toString();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
