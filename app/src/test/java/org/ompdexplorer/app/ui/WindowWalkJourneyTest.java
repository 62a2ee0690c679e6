package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.ui.WindowScan.Finding;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 24's walk through the real window, headless, in a 1400 × 900 window: every bundled lesson and every step
 * (after the first, compare mode's side-by-side pages), at 100 % and 200 % presentation zoom; at each step the
 * summary, the first thread, parallel region, task, device and target region, with Explain unfolded, then the task
 * graph. At each stop nothing is cut, no two texts are drawn over each other, and every id names an entity shown, in
 * the one form `Names` makes ({@link WindowScan}, and {@link GraphTextScan} for what the graph's canvas draws).
 *
 * <p>The normal build walks every lesson in the light theme and the first lesson in both; {@code -Dompd.walk.full=true}
 * walks every lesson in both themes (docs/ui.md, "How it is built").
 */
@ExtendWith(ApplicationExtension.class)
class WindowWalkJourneyTest {
    static final String FULL_PROPERTY = "ompd.walk.full";
    /** A folder: each stop with a finding is also written there as a PNG, to look at. */
    static final String SHOTS_PROPERTY = "ompd.walk.shots";
    /** Lesson names, comma-separated: walks only these (while fixing what a walk found). */
    static final String LESSONS_PROPERTY = "ompd.walk.lessons";
    private static final double[] ZOOMS = {1.0, 2.0};
    /**
     * What the walk still finds and is left, each with why (docs/ui.md, "How it is built"): the report lists them,
     * and anything else fails the walk.
     */
    private record Known(String why, java.util.function.Predicate<Finding> matches) {
    }

    private static final List<Known> KNOWN = List.of();
    private MainViewModel vm;
    private FxBackgroundTasks tasks;
    private Stage stage;
    /** The graph layouts already read: a layout does not change with the theme or the presentation zoom. */
    private final Map<GraphLayout, Boolean> graphsRead = new IdentityHashMap<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    @Test
    void everyLessonStepIsWholeAndNamesEachEntityOneWayAt100And200Percent(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        boolean full = Boolean.getBoolean(FULL_PROPERTY);
        List<Finding> findings = new ArrayList<>();
        inWalkWindow(robot, explorer, () -> {
            List<Lesson> lessons = BundledResources.lessons();
            List<String> only = List.of(System.getProperty(LESSONS_PROPERTY, "").split(","));
            for (Lesson lesson : lessons) {
                if (!only.getFirst().isEmpty() && !only.contains(lesson.name())) {
                    continue;
                }
                boolean bothThemes = full || lesson == lessons.getFirst();
                robot.interact(() -> vm.openLesson(lesson.name()));
                explorer.waitFor(30, () -> vm.lesson().lessonProperty().get() == lesson
                        && vm.lesson().stepProperty().get() == 0 && !vm.loadingProperty().get()
                        && !vm.comparingProperty().get());
                for (int step = 0; step < lesson.steps().size(); step++) {
                    showStep(robot, explorer, step);
                    for (boolean dark : bothThemes ? new boolean[] {false, true} : new boolean[] {false}) {
                        robot.interact(() -> Theme.apply(stage.getScene(), dark));
                        for (double zoom : ZOOMS) {
                            zoom(robot, explorer, zoom);
                            String where = lesson.name() + " step " + (step + 1) + " " + (dark ? "dark" : "light")
                                    + " " + UiScale.percent(zoom);
                            findings.addAll(step == 0 ? walkSnapshot(robot, explorer, where)
                                    : walkComparison(robot, explorer, where));
                        }
                    }
                }
            }
        });
        assertThat(unknown(findings)).as(report("lesson walk", findings)).isEmpty();
    }

    /** A generated snapshot of 200,000 tasks: its summary, a thread, a task and the graph, at 100 %. */
    @Test
    void aGeneratedSnapshotOfTwoHundredThousandTasksIsWhole(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Snapshot big = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 200_000, 1));
        List<Finding> findings = new ArrayList<>();
        inWalkWindow(robot, explorer, () -> {
            robot.interact(() -> vm.show(LoadedSnapshot.of(big, "generated 200k")));
            explorer.waitFor(60, () -> vm.snapshotProperty().get() != null
                    && vm.snapshotProperty().get().snapshot() == big && !vm.loadingProperty().get());
            zoom(robot, explorer, 1.0);
            List<Target> pages = List.of(Target.of(SnapshotPage.CAPTURE), Target.of(big.threads().getFirst().id()),
                    Target.of(big.tasks().get(big.tasks().size() / 2).id()));
            findings.addAll(walkPages(robot, explorer, "generated 200k 100 %", pages, List.of(big)));
            findings.addAll(graph(robot, explorer, "generated 200k 100 %", "#detailsTabs", "graphTab",
                    vm.graph(), List.of(big)));
        });
        assertThat(unknown(findings)).as(report("200k walk", findings)).isEmpty();
    }

    /**
     * A recording (issue 28): its bar and timeline above the panes, the moment's pages and graph, then the whole run's
     * graph, in both themes at 100 % and 200 %.
     */
    @Test
    void aRecordingsBarMomentAndWholeRunAreWholeInBothThemesAt100And200Percent(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("ompd-walk-recording");
        java.nio.file.Path recording = dir.resolve("deps.ndjson");
        try (java.io.InputStream in = WindowWalkJourneyTest.class.getResourceAsStream("deps.ndjson")) {
            java.nio.file.Files.copy(in, recording);
        }
        List<Finding> findings = new ArrayList<>();
        try {
            inWalkWindow(robot, explorer, () -> {
                robot.interact(() -> vm.open(recording));
                explorer.waitFor(30, () -> vm.recordingProperty().get() != null && !vm.loadingProperty().get()
                        && vm.snapshotProperty().get() != null);
                for (boolean dark : new boolean[] {false, true}) {
                    robot.interact(() -> Theme.apply(stage.getScene(), dark));
                    for (double zoom : ZOOMS) {
                        zoom(robot, explorer, zoom);
                        String where = "recording " + (dark ? "dark" : "light") + " " + UiScale.percent(zoom);
                        robot.interact(() -> vm.wholeRunGraphProperty().set(false));
                        findings.addAll(walkSnapshot(robot, explorer, where + " moment"));
                        robot.interact(() -> vm.wholeRunGraphProperty().set(true));
                        explorer.waitFor(30, () -> vm.graph().snapshotProperty().get() != vm.snapshotProperty().get());
                        Snapshot whole = explorer.fx(() -> vm.graph().snapshotProperty().get().snapshot());
                        findings.addAll(graph(robot, explorer, where + " whole run", "#detailsTabs", "graphTab",
                                vm.graph(), List.of(whole)));
                    }
                }
                robot.interact(() -> {
                    vm.wholeRunGraphProperty().set(false);
                    vm.closeRecording();
                });
            });
        } finally {
            java.nio.file.Files.deleteIfExists(recording);
            java.nio.file.Files.deleteIfExists(dir);
        }
        assertThat(unknown(findings)).as(report("recording walk", findings)).isEmpty();
    }

    private void inWalkWindow(FxRobot robot, ExplorerRobot explorer, Runnable walk) {
        explorer.keepingStageBounds(stage, () -> {
            robot.interact(() -> {
                stage.setX(0);
                stage.setY(0);
                stage.setWidth(1400);
                stage.setHeight(900);
            });
            robot.interact(() -> vm.details().explainShownProperty().set(true));
            try {
                walk.run();
            } finally {
                robot.interact(() -> Theme.apply(stage.getScene(), false));
                robot.interact(vm::actualSize);
            }
        });
    }

    private void showStep(FxRobot robot, ExplorerRobot explorer, int step) {
        robot.interact(() -> vm.lesson().setStep(step));
        explorer.waitFor(30, () -> vm.lesson().stepProperty().get() == step && !vm.loadingProperty().get()
                && (step == 0 ? !vm.comparingProperty().get() && vm.snapshotProperty().get() != null
                : vm.comparingProperty().get() && vm.compare().diffProperty().get() != null
                        && vm.compare().stepProperty().get() == step - 1));
    }

    private void zoom(FxRobot robot, ExplorerRobot explorer, double to) {
        robot.interact(vm::actualSize);
        while (explorer.fx(() -> vm.uiScaleProperty().get()) < to - 1e-9) {
            robot.interact(vm::zoomIn);
        }
    }

    /** The first step of a lesson: one snapshot, its pages by the navigator, then its graph. */
    private List<Finding> walkSnapshot(FxRobot robot, ExplorerRobot explorer, String where) {
        Snapshot s = explorer.fx(() -> vm.snapshotProperty().get().snapshot());
        List<Target> pages = Stream.of(Optional.of(Target.of(SnapshotPage.CAPTURE)),
                s.threads().stream().findFirst().map(t -> Target.of(t.id())),
                s.parallelRegions().stream().findFirst().map(r -> Target.of(r.id())),
                s.tasks().stream().findFirst().map(t -> Target.of(t.id())),
                s.addressSpaces().stream().filter(AddressSpace::isDevice).findFirst().map(a -> Target.of(a.id())),
                s.targetRegions().stream().findFirst().map(r -> Target.of(r.id())))
                .flatMap(Optional::stream).toList();
        List<Finding> found = new ArrayList<>(walkPages(robot, explorer, where, pages, List.of(s)));
        found.addAll(graph(robot, explorer, where, "#detailsTabs", "graphTab", vm.graph(), List.of(s)));
        return found;
    }

    private List<Finding> walkPages(FxRobot robot, ExplorerRobot explorer, String where, List<Target> pages,
                                    List<Snapshot> shown) {
        selectTab(robot, "#detailsTabs", "detailsTab");
        List<Finding> found = new ArrayList<>();
        for (Target page : pages) {
            robot.interact(() -> vm.navigate(page));
            explorer.waitFor(30, () -> vm.details().pageProperty().get() != null
                    && vm.details().pageProperty().get().target().equals(page));
            found.addAll(scan(robot, explorer, where + " page " + page.key(), shown));
        }
        return found;
    }

    /** A later step: compare mode's summary and side-by-side pages by its navigator, then the graph of B. */
    private List<Finding> walkComparison(FxRobot robot, ExplorerRobot explorer, String where) {
        SnapshotDiff d = explorer.fx(() -> vm.compare().diffProperty().get());
        List<Snapshot> shown = List.of(d.a(), d.b());
        Map<String, Optional<UnionNode>> firsts = new LinkedHashMap<>();
        firsts.put("summary", Optional.empty());
        firsts.put("thread", d.tree().threads().stream().findFirst());
        firsts.put("parallel region", d.tree().all(EntityKind.PARALLEL_REGION).stream().findFirst());
        firsts.put("task", d.tree().all(EntityKind.TASK).stream().findFirst());
        firsts.put("device", d.tree().spaces().stream().filter(n -> space(d, n).isDevice()).findFirst());
        firsts.put("target region", d.tree().targets().stream().findFirst());
        selectTab(robot, "#compareTabs", "compareDetailsTab");
        List<Finding> found = new ArrayList<>();
        firsts.forEach((what, node) -> {
            if (what.equals("summary")) {
                robot.interact(() -> vm.compare().selectSummary());
            } else if (node.isPresent()) {
                robot.interact(() -> vm.compare().select(node.get()));
            } else {
                return;
            }
            found.addAll(scan(robot, explorer, where + " side by side " + what
                    + node.map(n -> " " + n).orElse(""), shown));
        });
        found.addAll(graph(robot, explorer, where, "#compareTabs", "compareGraphTab", vm.compareGraph().graph(),
                shown));
        return found;
    }

    private static AddressSpace space(SnapshotDiff d, UnionNode n) {
        return n.inB() ? d.b().addressSpaces().get(n.b()) : d.a().addressSpaces().get(n.a());
    }

    /** Shows the graph's tab, waits for its layout, reads the window and what the canvas draws. */
    private List<Finding> graph(FxRobot robot, ExplorerRobot explorer, String where, String tabs, String tab,
                                GraphViewModel graph, List<Snapshot> shown) {
        selectTab(robot, tabs, tab);
        explorer.waitFor(60, () -> graph.layoutProperty().get() != null && !graph.busyProperty().get());
        List<Finding> found = new ArrayList<>(scan(robot, explorer, where + " graph", shown));
        GraphLayout layout = explorer.fx(() -> graph.layoutProperty().get());
        if (graphsRead.put(layout, true) == null) {
            Set<String> ids = WindowScan.ids(shown);
            found.addAll(explorer.fx(() -> GraphTextScan.scan(layout, where, ids)));
        }
        String zoom = explorer.fx(() -> robot.lookup(tab.equals("graphTab") ? "#graphView #graphZoom"
                : "#compareGraphView #graphZoom").queryAs(javafx.scene.control.Label.class).getText());
        if (Integer.parseInt(zoom.replace(" %", "").trim()) < 32) { // GraphPainter.TEXT_SCALE: no text drawn
            javafx.geometry.Bounds canvas = explorer.fx(() -> robot.lookup(tab.equals("graphTab")
                    ? "#graphView #graphCanvas" : "#compareGraphView #graphCanvas").query().getLayoutBounds());
            found.add(new Finding(WindowScan.Kind.CUT, where + " graph", "fitted at " + zoom
                    + ", where the canvas draws no text (" + Math.round(layout.width()) + " × "
                    + Math.round(layout.height()) + " px in a canvas of " + Math.round(canvas.getWidth()) + " × "
                    + Math.round(canvas.getHeight()) + ")"));
            String shots = System.getProperty(SHOTS_PROPERTY);
            if (shots != null) {
                ScreenshotsCommand.write(stage.getScene(), java.nio.file.Path.of(shots,
                        (where + " graph").replaceAll("[^\\w.-]+", "_") + ".png"));
            }
        }
        selectTab(robot, tabs, tabs.equals("#detailsTabs") ? "detailsTab" : "compareDetailsTab");
        return found;
    }

    private void selectTab(FxRobot robot, String tabs, String tab) {
        robot.interact(() -> {
            TabPane pane = robot.lookup(tabs).queryAs(TabPane.class);
            pane.getTabs().stream().filter(t -> tab.equals(t.getId())).findFirst()
                    .ifPresent(t -> pane.getSelectionModel().select(t));
        });
    }

    private List<Finding> scan(FxRobot robot, ExplorerRobot explorer, String where, List<Snapshot> shown) {
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
        List<Finding> found = explorer.fx(() -> WindowScan.scan(stage.getScene(), where, shown));
        String shots = System.getProperty(SHOTS_PROPERTY);
        if (shots != null && !found.isEmpty()) {
            ScreenshotsCommand.write(stage.getScene(), java.nio.file.Path.of(shots, where.replaceAll("[^\\w.-]+", "_")
                    + ".png"));
        }
        return found;
    }

    private static List<Finding> unknown(List<Finding> findings) {
        return findings.stream().filter(f -> KNOWN.stream().noneMatch(k -> k.matches().test(f))).toList();
    }

    /** The findings by kind and by what was seen, each with how often and the first place, for the report. */
    static String report(String walk, List<Finding> findings) {
        Map<String, List<Finding>> byWhat = findings.stream().collect(Collectors.groupingBy(
                f -> f.kind() + " " + f.what(), LinkedHashMap::new, Collectors.toList()));
        Map<WindowScan.Kind, Long> byKind = findings.stream().collect(Collectors.groupingBy(Finding::kind,
                () -> new java.util.EnumMap<>(WindowScan.Kind.class), Collectors.counting()));
        StringBuilder b = new StringBuilder(walk + ": " + findings.size() + " findings " + byKind + ", "
                + byWhat.size() + " distinct\n");
        byWhat.forEach((what, all) -> b.append(KNOWN.stream().anyMatch(k -> k.matches().test(all.getFirst()))
                ? "  (known) " : "  ").append(what).append("  ×").append(all.size()).append("  (first: ")
                .append(all.getFirst().where()).append(")\n"));
        KNOWN.forEach(k -> b.append("  known: ").append(k.why()).append('\n'));
        System.out.println(b); // the walk's findings in the build's output, known ones included
        return b.toString();
    }
}
