package org.ompdexplorer.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.ompdexplorer.app.ui.search.SearchResult;
import org.ompdexplorer.app.ui.search.SnapshotSearch;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;

/**
 * The window's figures on a generated snapshot of a million tasks, one task of which generated 100,000 of them:
 * import, first paint after import, expanding the 100k-child node, search. Headless; run with
 * {@code mvn -B -pl app -Pui-bench verify -DskipTests} (see app/pom.xml). Targets: first paint ≤ 1 s after
 * import, expand ≤ 200 ms, search ≤ 100 ms.
 */
public final class UiBenchmark {
    private static final int RUNS = 7;

    private UiBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int wide = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        System.out.printf(Locale.ROOT, "UI benchmark: %,d tasks, one node with %,d children, %d cores, Java %s%n",
                tasks, wide, Runtime.getRuntime().availableProcessors(), Runtime.version());

        long t = System.nanoTime();
        Snapshot generated = TestSnapshots.wide(8, tasks, wide);
        report("generate (not part of the targets)", t);
        Path file = Files.createTempFile("ui-bench-", ".json");
        t = System.nanoTime();
        TestSnapshots.write(generated, file);
        report("export to JSON (" + Files.size(file) / (1 << 20) + " MiB, not part of the targets)", t);
        generated = null;
        System.gc();
        t = System.nanoTime();
        LoadResult result = new SnapshotLoader().load(file, LoadOptions.LENIENT, ProgressListener.NONE);
        report("import (SnapshotLoader, not part of the targets)", t);
        Files.delete(file);
        LoadedSnapshot loaded = new LoadedSnapshot(result.snapshot(), result.diagnostics(), file.toString(),
                java.util.Optional.of(file));

        FxDriver.startToolkit();
        FxBackgroundTasks background = new FxBackgroundTasks();
        MainViewModel vm = new MainViewModel(background, ExplorerPreferences.inMemory());
        MainView view = FxDriver.onFx(() -> ExplorerApp.show(new Stage(), vm));

        Scene scene = FxDriver.onFx(view::getScene);

        firstPaint(vm, scene, loaded);
        // as ExplorerApp.start does once the first snapshot is shown: ELK's classes loaded while it is read
        background.execute(org.ompdexplorer.app.ui.task.BackgroundTask.of("warm-up", c -> {
            org.ompdexplorer.app.graph.GraphLayouter.warmUp();
            return null;
        }));
        expand(vm, view, scene, loaded);
        search(vm, loaded);
        compare(vm, scene, loaded);
        graph(vm, view, scene, loaded);
        timeline(vm, scene);

        background.shutdown();
        javafx.application.Platform.exit();
    }

    /** From handing the imported snapshot to the window to the first pulse that lays it out, then to details. */
    private static void firstPaint(MainViewModel vm, Scene scene, LoadedSnapshot loaded) throws Exception {
        long[] sync = new long[RUNS];
        long[] layout = new long[RUNS];
        long[] rendered = new long[RUNS];
        long[] details = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            int ii = i;
            AtomicLong start = new AtomicLong();
            FxDriver.onFx(() -> {
                start.set(System.nanoTime());
                vm.show(loaded);
                scene.getRoot().applyCss();
                scene.getRoot().layout();
                sync[ii] = System.nanoTime() - start.get();
            });
            FxDriver.pulses(scene, 1);
            layout[i] = System.nanoTime() - start.get();
            FxDriver.onFx(() -> scene.snapshot(null)); // a full software render of the window
            rendered[i] = System.nanoTime() - start.get();
            FxDriver.waitFor("details", 30, () -> vm.details().pageProperty().get() != null);
            FxDriver.pulses(scene, 1);
            details[i] = System.nanoTime() - start.get();
        }
        summary("first paint: show + CSS + layout, on the FX thread", sync);
        summary("first paint: snapshot shown → first layout pulse", layout);
        summary("first paint: snapshot shown → window rendered (scene.snapshot)", rendered);
        summary("first paint: snapshot shown → details pane laid out", details);
    }

    /** Expanding the producer's row: making its child list, the first page of rows, and the layout pulse. */
    private static void expand(MainViewModel vm, MainView view, Scene scene, LoadedSnapshot loaded) throws Exception {
        Target producer = Target.of(TestSnapshots.PRODUCER);
        long[] expandSync = new long[RUNS];
        long[] expand = new long[RUNS];
        long[] moreSync = new long[RUNS];
        long[] more = new long[RUNS];
        int children = 0;
        for (int i = 0; i < RUNS; i++) {
            int ii = i;
            FxDriver.onFx(() -> vm.show(loaded));
            FxDriver.onFx(() -> vm.navigate(producer));
            FxDriver.pulses(scene, 2);
            AtomicLong start = new AtomicLong();
            TreeItem<NavNode> item = FxDriver.onFx(() -> {
                TreeView<NavNode> tree = view.navigator().tree();
                TreeItem<NavNode> selected = tree.getSelectionModel().getSelectedItem();
                start.set(System.nanoTime());
                selected.setExpanded(true);
                tree.applyCss();
                tree.layout();
                expandSync[ii] = System.nanoTime() - start.get();
                return selected;
            });
            FxDriver.pulses(scene, 1);
            expand[i] = System.nanoTime() - start.get();
            children = FxDriver.onFx(() -> item.getValue().children().size());
            int shown = FxDriver.onFx(() -> item.getChildren().size());
            if (shown != 201) {
                throw new IllegalStateException("expected a page of 200 and a 'show more' row, got " + shown);
            }
            FxDriver.onFx(() -> {
                start.set(System.nanoTime());
                view.navigator().activateMore(item.getChildren().getLast());
                view.navigator().tree().applyCss();
                view.navigator().tree().layout();
                moreSync[ii] = System.nanoTime() - start.get();
            });
            FxDriver.pulses(scene, 1);
            more[i] = System.nanoTime() - start.get();
        }
        System.out.printf(Locale.ROOT, "expanded node has %,d children%n", children);
        summary("expand the 100k-child node: expand + CSS + layout, on the FX thread", expandSync);
        summary("expand the 100k-child node → next pulse", expand);
        summary("'show 200 more' (and select its first row): + CSS + layout", moreSync);
        summary("'show 200 more' → next pulse", more);
    }

    private static void search(MainViewModel vm, LoadedSnapshot loaded) throws Exception {
        Snapshot s = loaded.snapshot();
        for (String query : List.of("task_body_3", "#500000", "state:queued", "wait_taskwait", "kind:explicit",
                "no-such-function")) {
            long[] times = new long[RUNS];
            SearchResult r = null;
            for (int w = 0; w < 3; w++) {
                SnapshotSearch.run(s, query, JobContext.NONE);
            }
            for (int i = 0; i < RUNS; i++) {
                long t = System.nanoTime();
                r = SnapshotSearch.run(s, query, JobContext.NONE);
                times[i] = System.nanoTime() - t;
            }
            summary(String.format(Locale.ROOT, "search %-18s %,9d matches", "'" + query + "'", r.size()), times);
        }
        long[] endToEnd = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            String query = i % 2 == 0 ? "task_body_5" : "task_body_6";
            long t = System.nanoTime();
            FxDriver.onFx(() -> vm.search().textProperty().set(query));
            FxDriver.waitFor("search", 30, () -> !vm.search().searchingProperty().get());
            endToEnd[i] = System.nanoTime() - t;
        }
        summary("search box: typed → matches counted on the FX thread", endToEnd);
    }

    /**
     * Compare mode on the million tasks against the same program a moment later (1 % of the tasks changed, 1 %
     * gone, 1 % new): the diff in the background, then the window switched to compare mode and laid out.
     */
    private static void compare(MainViewModel vm, Scene scene, LoadedSnapshot loaded) throws Exception {
        Snapshot b = org.ompdexplorer.model.synthetic.SnapshotEdits.evolved(loaded.snapshot(), 0.01, 7);
        LoadedSnapshot later = LoadedSnapshot.of(b, "later");
        long t = System.nanoTime();
        CompareJobs.Compared compared = new CompareJobs.Compared(List.of(loaded, later),
                org.ompdexplorer.model.diff.SnapshotSeries.of(List.of(loaded.snapshot(), b)));
        compared.series().steps().getFirst().changedNodes(); // as CompareJobs does in the background
        report("diff of the two (background, before compare mode paints)", t);
        long[] paint = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            int ii = i;
            FxDriver.onFx(vm::closeComparison);
            FxDriver.pulses(scene, 1);
            AtomicLong start = new AtomicLong();
            FxDriver.onFx(() -> {
                start.set(System.nanoTime());
                vm.showComparison(compared);
            });
            FxDriver.pulses(scene, 1);
            FxDriver.onFx(() -> scene.snapshot(null));
            paint[ii] = System.nanoTime() - start.get();
        }
        summary("compare mode: comparison shown → window rendered", paint);
        FxDriver.onFx(vm::closeComparison);
    }

    /** A series of three 100k-task snapshots: a step of the timeline, to the window rendered. */
    /**
     * The task graph of the 1M-task snapshot, aggregated: from showing the graph tab (the graph is not laid out
     * while hidden) to the layout drawn and the window rendered. Target ≤ 1 s.
     */
    private static void graph(MainViewModel vm, MainView view, Scene scene, LoadedSnapshot loaded) throws Exception {
        FxDriver.onFx(() -> vm.show(loaded));
        FxDriver.pulses(scene, 2);
        long[] open = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            AtomicLong start = new AtomicLong();
            FxDriver.onFx(() -> {
                ((javafx.scene.control.TabPane) scene.lookup("#detailsTabs")).getSelectionModel().select(0);
                vm.show(TestSnapshots.handWritten()); // another snapshot between runs: the graph starts afresh
                vm.show(loaded);
            });
            FxDriver.pulses(scene, 1);
            FxDriver.onFx(() -> {
                start.set(System.nanoTime());
                view.showGraph();
            });
            FxDriver.waitFor("the graph", 60, () -> vm.graph().layoutProperty().get() != null
                    && !vm.graph().busyProperty().get());
            FxDriver.pulses(scene, 1);
            FxDriver.onFx(() -> scene.snapshot(null));
            open[i] = System.nanoTime() - start.get();
        }
        var g = vm.graph().layoutProperty().get().graph();
        summary("graph of 1M tasks (" + g.nodes().size() + " nodes) shown → laid out, window rendered", open);
    }

    private static void timeline(MainViewModel vm, Scene scene) throws Exception {
        Snapshot s0 = org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator.generate(
                new org.ompdexplorer.model.synthetic.GeneratorSpec(8, 2, 100_000, 3));
        Snapshot s1 = org.ompdexplorer.model.synthetic.SnapshotEdits.evolved(s0, 0.01, 1);
        Snapshot s2 = org.ompdexplorer.model.synthetic.SnapshotEdits.evolved(s1, 0.01, 2);
        CompareJobs.Compared compared = new CompareJobs.Compared(List.of(LoadedSnapshot.of(s0, "s0"),
                LoadedSnapshot.of(s1, "s1"), LoadedSnapshot.of(s2, "s2")),
                org.ompdexplorer.model.diff.SnapshotSeries.of(List.of(s0, s1, s2)));
        compared.series().steps().forEach(org.ompdexplorer.model.diff.SnapshotDiff::changedNodes);
        FxDriver.onFx(() -> {
            vm.showComparison(compared);
            vm.compare().select(vm.compare().diffProperty().get().tree().threads().getFirst());
        });
        FxDriver.pulses(scene, 2);
        long[] step = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            int ii = i;
            AtomicLong start = new AtomicLong();
            FxDriver.onFx(() -> {
                start.set(System.nanoTime());
                vm.compare().setStep(ii % 2 == 0 ? 1 : 0);
            });
            FxDriver.pulses(scene, 1);
            FxDriver.onFx(() -> scene.snapshot(null));
            step[ii] = System.nanoTime() - start.get();
        }
        summary("timeline step on 100k-task snapshots → window rendered", step);
        FxDriver.onFx(vm::closeComparison);
    }

    private static void report(String what, long start) {
        System.out.printf(Locale.ROOT, "%-70s %8.1f ms%n", what, (System.nanoTime() - start) / 1e6);
    }

    private static void summary(String what, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        List<String> all = new ArrayList<>();
        for (long n : nanos) {
            all.add(String.format(Locale.ROOT, "%.1f", n / 1e6));
        }
        System.out.printf(Locale.ROOT, "%-70s median %7.1f ms  max %7.1f ms  (runs: %s)%n", what,
                sorted[sorted.length / 2] / 1e6, sorted[sorted.length - 1] / 1e6, String.join(", ", all));
    }
}
