package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.compare.CompareView;

import java.io.File;
import java.util.Map;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.Clipboard;
import javafx.scene.input.DataFormat;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.ui.graph.GraphPlacement;
import org.ompdexplorer.app.ui.graph.GraphView;
import javafx.scene.layout.VBox;
import org.ompdexplorer.app.ui.ompd.CaptureView;
import org.ompdexplorer.app.ui.ompd.OpenCoreView;
import org.ompdexplorer.app.ui.details.DetailsView;
import org.ompdexplorer.app.ui.job.JobBar;
import org.ompdexplorer.app.ui.job.JobView;
import org.ompdexplorer.app.ui.lesson.LessonBar;
import org.ompdexplorer.app.ui.lesson.LessonsPage;
import org.ompdexplorer.app.ui.navigator.NavigatorView;

/**
 * The explorer window's content: menu and toolbar, the navigator left and the details right, a problem banner
 * when something failed, and the status bar. Files dropped on the window are opened.
 */
public final class MainView extends BorderPane {
    static final String DIVIDER_KEY = "window.divider";
    private static final String EXPLAIN_KEY = "details.explain.shown";
    private final org.ompdexplorer.app.ui.legend.LegendWindow legend = new org.ompdexplorer.app.ui.legend.LegendWindow();
    public static final String ID = "mainView";
    /** Where the content is among the centre's children: after the lesson bar, the job bar and the problem banner. */
    private static final int CONTENT = 4;

    private final MainViewModel vm;
    private final MainToolBar toolBar;
    private final NavigatorView navigator;
    private FileDialogs dialogs = FileDialogs.platform();
    private final WorkArea workArea;
    private CompareView compareView;

    /** What the menu and the toolbar ask of the view (dialogs, focus, clipboard, theme). */
    interface Actions {
        void open();

        void openCore();

        void captureProcess();

        void export();

        void compareWith();

        void compareTwoFiles();

        void openSeries();

        void openSeriesFiles();

        void openJob();

        void copy();

        void focusSearch();

        void focusNavigator();

        void darkTheme(boolean dark);

        void showGraph();

        void showParallelStacks();

        void graphPlacement(GraphPlacement placement);

        GraphPlacement graphPlacement();

        void legend();

        void quit();

        /** The Recording menu's dialogs. */
        RecordingMenu.Dialogs recording();
    }

    public MainView(MainViewModel vm) {
        this.vm = vm;
        setId(ID);
        scale(vm.uiScaleProperty().get());
        vm.uiScaleProperty().addListener((obs, old, now) -> scale(now.doubleValue()));
        getStyleClass().add("main-view");
        Actions actions = actions();
        toolBar = new MainToolBar(vm, actions);
        navigator = new NavigatorView(vm.navigator(), vm.selectionProperty(), vm::navigate);
        DetailsView details = new DetailsView(vm.details(), vm::navigate);
        GraphView graph = new GraphView(vm.graph(), this::chooseGraphFile, (format, path) -> vm.exportGraph(vm.graph(),
                format, path, dark()));
        rememberExplainFold();
        SplitPane split = new SplitPane(navigator, details);
        var stacks = new org.ompdexplorer.app.ui.stacks.ParallelStacksView(vm.stacks(), vm.uiScaleProperty(),
                format -> dialogs.chooseGraphTarget(getScene().getWindow(), baseName() + "-stacks."
                        + format.extension()).ifPresent(path -> vm.exportStacks(format, path, dark())));
        var source = new org.ompdexplorer.app.ui.source.SourceView(vm.source(), new org.ompdexplorer.app.ui.ompd
                .PathChooser() { // the dialogs in use when asked: tests replace them
                    @Override
                    public Optional<Path> chooseFile(javafx.stage.Window owner, String title, Optional<Path> at) {
                        return dialogs.chooseFile(owner, title, at);
                    }

                    @Override
                    public Optional<Path> chooseDirectory(javafx.stage.Window owner, String title, Optional<Path> at) {
                        return dialogs.chooseDirectory(owner, title, at);
                    }
                }, this::showDialog);
        workArea = new WorkArea(split, navigator, details, graph, vm.graph(), vm.preferences(), stacks, vm.stacks(),
                source);
        vm.details().setStackActions(frame -> {
            vm.source().open(frame);
            workArea.showSource();
        }, workArea::showParallelStacks);
        setTop(new VBox(new MainMenu(vm, actions), toolBar));
        split.setId("mainSplit");
        split.setOrientation(Orientation.HORIZONTAL);
        double divider = vm.preferences().remembered(DIVIDER_KEY).map(MainView::position).orElse(0.45);
        split.setDividerPositions(divider);
        rememberDivider(split, divider);
        SplitPane.setResizableWithParent(navigator, false);
        GraphView compareGraph = new GraphView(vm.compareGraph().graph(), this::chooseGraphFile,
                (format, path) -> vm.exportGraph(vm.compareGraph().graph(), format, path, dark()));
        compareGraph.setId("compareGraphView");
        for (GraphView g : List.of(graph, compareGraph)) { // the graph grows with the presentation zoom too
            g.setPresentationScale(vm.uiScaleProperty().get());
            vm.uiScaleProperty().addListener((obs, old, now) -> g.setPresentationScale(now.doubleValue()));
        }
        CompareView compare = new CompareView(vm.compare(), vm.compareGraph(), compareGraph, vm::swapComparison,
                vm::closeComparison, () -> dialogs.chooseReportTarget(getScene().getWindow(), reportName())
                        .ifPresent(vm::exportHangReport));
        compare.hideStepsWhile(vm.lesson().lessonProperty().isNotNull());
        compareView = compare;
        LessonsPage lessons = new LessonsPage(vm.lesson(), vm::openLesson);
        JobView job = new JobView(vm.job());
        var recordingBar = new org.ompdexplorer.app.ui.recording.RecordingBar(vm.timeline(), this::selectedTask,
                id -> vm.navigate(org.ompdexplorer.app.ui.entity.Target.of(new org.ompdexplorer.model.TaskId(id))),
                vm::closeRecording);
        vm.selectionProperty().addListener((obs, old, now) -> recordingBar.selectionChanged());
        javafx.scene.control.ToggleButton wholeRun = new javafx.scene.control.ToggleButton("Whole-run graph");
        wholeRun.setId("recordingWholeRunGraph");
        wholeRun.setTooltip(new javafx.scene.control.Tooltip("The task graph shows every task of the run, not the "
                + "moment's (Ctrl+Shift+W)"));
        wholeRun.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        wholeRun.selectedProperty().bindBidirectional(vm.wholeRunGraphProperty());
        recordingBar.addControl(wholeRun);
        vm.wholeRunGraphProperty().addListener((obs, old, now) -> {
            if (now) {
                showGraph(); // asked for a graph: show it
            }
        });
        VBox center = new VBox(new LessonBar(vm.lesson(), vm::closeLesson), new JobBar(vm.job()), recordingBar,
                new ProblemBanner(vm.problemProperty(), vm::dismissProblem), split);
        setCenter(center);
        for (javafx.scene.Node content : List.of(split, compare, lessons, job)) {
            content.getStyleClass().add("main-content"); // its room: whatever the bars above leave (main.css)
        }
        VBox.setVgrow(split, javafx.scene.layout.Priority.ALWAYS);
        VBox.setVgrow(compare, javafx.scene.layout.Priority.ALWAYS);
        VBox.setVgrow(lessons, javafx.scene.layout.Priority.ALWAYS);
        VBox.setVgrow(job, javafx.scene.layout.Priority.ALWAYS);
        // compare mode, the Lessons page and the job's page take the place of the navigator and details; leaving
        // them gives them back as they were
        Runnable content = () -> center.getChildren().set(CONTENT, vm.lesson().pageShownProperty().get() ? lessons
                : vm.job().pageShownProperty().get() ? job : vm.comparingProperty().get() ? compare : split);
        vm.comparingProperty().addListener((obs, old, now) -> content.run());
        vm.job().pageShownProperty().addListener((obs, old, now) -> {
            content.run();
            if (now) {
                Platform.runLater(job::focusClasses);
            }
        });
        vm.lesson().pageShownProperty().addListener((obs, old, now) -> {
            content.run();
            if (now) {
                lessons.requestFocus();
            }
        });
        setBottom(new StatusBarView(vm));
    }

    /**
     * Where the divider was left: saved when a drag of it ends, never because the window changed size (the navigator
     * keeps its width then, so the fraction changes on its own: saving that moved the divider at every start).
     * Until the first drag, the remembered fraction is put back whenever the window's width changes, so the window
     * opens with it however many sizes it passes through on the way to its place.
     */
    private void rememberDivider(SplitPane split, double remembered) {
        boolean[] dragged = {false};
        split.widthProperty().addListener((obs, old, now) -> {
            if (!dragged[0]) { // after this layout, which keeps the navigator's width in pixels
                Platform.runLater(() -> split.setDividerPositions(remembered));
            }
        });
        split.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> {
            if (e.getTarget() instanceof javafx.scene.Node n && n.getStyleClass().contains("split-pane-divider")) {
                dragged[0] = true;
                vm.preferences().remember(DIVIDER_KEY, Double.toString(split.getDividers().getFirst().getPosition()));
            }
        });
    }

    /** The Explain pane unfolded or folded as it was left. */
    private void rememberExplainFold() {
        vm.details().explainShownProperty().set(!"false".equals(vm.preferences().remembered(EXPLAIN_KEY)
                .orElse("true")));
        vm.details().explainShownProperty().addListener((obs, old, now) ->
                vm.preferences().remember(EXPLAIN_KEY, Boolean.toString(now)));
    }

    private static double position(String stored) {
        try {
            double p = Double.parseDouble(stored);
            return p >= 0.1 && p <= 0.9 ? p : 0.45; // never a pane squeezed out of sight
        } catch (NumberFormatException e) {
            return 0.45;
        }
    }

    /** The presentation zoom: the root's font size, which every em size in the stylesheets follows. */
    private void scale(double factor) {
        setStyle(String.format(java.util.Locale.ROOT, "-fx-font-size: %.2fpx;", BASE_FONT_SIZE * factor));
    }

    /** The platform's default font size, in pixels: what 100 % is. */
    static final double BASE_FONT_SIZE = javafx.scene.text.Font.getDefault().getSize();

    /** The window's scene: this view, the theme, drag and drop, and the mouse's back and forward buttons. */
    public Scene createScene(double width, double height) {
        Scene scene = new Scene(this, width, height);
        Theme.install(scene, vm.preferences().darkTheme());
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            boolean opened = false;
            if (e.getDragboard().hasFiles() && !e.getDragboard().getFiles().isEmpty()) {
                File file = e.getDragboard().getFiles().getFirst();
                if (file.isDirectory()) { // a folder of rank snapshots: a job
                    vm.openJob(file.toPath());
                } else {
                    vm.open(file.toPath());
                }
                opened = true;
            }
            e.setDropCompleted(opened);
            e.consume();
        });
        scene.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == MouseButton.BACK) {
                vm.back();
                e.consume();
            } else if (e.getButton() == MouseButton.FORWARD) {
                vm.forward();
                e.consume();
            }
        });
        // the other zoom keys: Ctrl+= with or without Shift (where "+" is Shift+=, Ctrl and "+" arrive as Ctrl+Shift+=)
        // and the keypad's plus and minus
        scene.getAccelerators().put(new javafx.scene.input.KeyCodeCombination(KeyCode.EQUALS,
                javafx.scene.input.KeyCombination.SHORTCUT_DOWN, javafx.scene.input.KeyCombination.SHIFT_ANY),
                vm::zoomIn);
        scene.getAccelerators().put(new javafx.scene.input.KeyCodeCombination(KeyCode.ADD,
                javafx.scene.input.KeyCombination.SHORTCUT_DOWN), vm::zoomIn);
        scene.getAccelerators().put(new javafx.scene.input.KeyCodeCombination(KeyCode.SUBTRACT,
                javafx.scene.input.KeyCombination.SHORTCUT_DOWN), vm::zoomOut);
        // Alt+Left/Right also while the tree has focus, which would otherwise take the arrow keys
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.isAltDown() && e.getCode() == KeyCode.LEFT) {
                vm.back();
                e.consume();
            } else if (e.isAltDown() && e.getCode() == KeyCode.RIGHT) {
                vm.forward();
                e.consume();
            }
        });
        return scene;
    }

    private Optional<Path> chooseGraphFile(GraphFormat format) {
        return dialogs.chooseGraphTarget(getScene().getWindow(), baseName() + "-graph." + format.extension());
    }

    /** The open snapshot's file name without {@code .json}, for an export's name ({@code graph} with none). */
    private String baseName() {
        return vm.snapshotProperty().get() == null ? "graph" : vm.snapshotProperty().get().path()
                .map(p -> p.getFileName().toString().replaceFirst("\\.json$", ""))
                .orElse(vm.snapshotProperty().get().sourceName().replaceFirst("\\.json$", "").replaceAll(
                        "[^A-Za-z0-9._-]+", "-"));
    }

    /** {@code fib-taskwait-report.md}: the program's name, else B's. */
    private String reportName() {
        var diff = vm.compare().diffProperty().get();
        String program = diff == null || diff.b().capture().program() == null ? "comparison"
                : java.nio.file.Path.of(diff.b().capture().program()).getFileName().toString();
        return program.replaceAll("[^A-Za-z0-9._-]+", "-") + "-report.md";
    }

    private boolean dark() {
        return getScene() != null && getScene().getRoot().getStyleClass().contains(Theme.DARK_CLASS);
    }

    /** Brings the task graph into view (View → Show Task Graph). */
    void showGraph() {
        if (vm.comparingProperty().get()) {
            compareView.showGraph();
        } else {
            workArea.showGraph();
        }
    }

    /** Replaces the file dialogs (tests answer them without a native dialog). */
    public void setFileDialogs(FileDialogs dialogs) {
        this.dialogs = dialogs;
    }

    public NavigatorView navigator() {
        return navigator;
    }

    /** Shows a dialog over the window, in the window's theme, without waiting for it. */
    private void showDialog(Dialog<?> dialog) {
        dialog.initOwner(getScene().getWindow());
        Theme.styleDialog(dialog.getDialogPane(), getScene());
        dialog.show();
    }

    /** The selected task's id, for the timeline's outline and its task steps. */
    private Optional<Long> selectedTask() {
        return vm.selectionProperty().get() instanceof org.ompdexplorer.app.ui.entity.Target.Entity e
                && e.ref().kind() == org.ompdexplorer.model.EntityKind.TASK ? Optional.of(e.ref().id())
                : Optional.empty();
    }

    private Actions actions() {
        RecordingActions recording = new RecordingActions(vm, () -> dialogs, this::showDialog,
                () -> getScene().getWindow());
        return new Actions() {
            @Override
            public RecordingMenu.Dialogs recording() {
                return recording;
            }

            @Override
            public void open() {
                dialogs.chooseSnapshot(getScene().getWindow()).ifPresent(vm::open);
            }

            @Override
            public void openCore() {
                showDialog(new OpenCoreView(vm.openCore(), dialogs));
            }

            @Override
            public void captureProcess() {
                showDialog(new CaptureView(vm.capture(), dialogs));
            }

            @Override
            public void export() {
                String name = vm.snapshotProperty().get() == null ? "snapshot.json"
                        : vm.snapshotProperty().get().path().map(p -> p.getFileName().toString())
                        .orElse("snapshot.json");
                dialogs.chooseExportTarget(getScene().getWindow(), name).ifPresent(vm::export);
            }

            @Override
            public void compareWith() {
                dialogs.chooseFile(getScene().getWindow(), "Compare the open snapshot (A) with… (B)",
                        vm.snapshotProperty().get() == null ? Optional.empty() : vm.snapshotProperty().get().path())
                        .ifPresent(vm::compareWith);
            }

            @Override
            public void compareTwoFiles() {
                dialogs.chooseFile(getScene().getWindow(), "Compare: the snapshot before (A)", Optional.empty())
                        .ifPresent(a -> dialogs.chooseFile(getScene().getWindow(), "Compare " + a.getFileName()
                                + " with the snapshot after (B)", Optional.of(a))
                                .ifPresent(b -> vm.compareFiles(java.util.List.of(a, b))));
            }

            @Override
            public void openSeries() {
                dialogs.chooseDirectory(getScene().getWindow(), "Open a series: a folder of snapshots of one program",
                        Optional.empty()).ifPresent(dir -> vm.compareFiles(java.util.List.of(dir)));
            }

            @Override
            public void openSeriesFiles() {
                List<Path> files = dialogs.chooseSnapshots(getScene().getWindow(),
                        "Open a series: two or more snapshots of one program (in name order)");
                if (!files.isEmpty()) {
                    vm.compareFiles(files);
                }
            }

            @Override
            public void openJob() {
                dialogs.chooseDirectory(getScene().getWindow(), "Open a job: the folder its ranks wrote their "
                        + "snapshots into", Optional.empty()).ifPresent(vm::openJob);
            }

            @Override
            public void legend() {
                legend.show(getScene().getWindow(), getScene());
            }

            @Override
            public void copy() {
                Node focus = getScene() == null ? null : getScene().getFocusOwner();
                if (focus instanceof TextInputControl text) {
                    text.copy();
                    return;
                }
                String selection = vm.copyText();
                if (!selection.isEmpty()) {
                    Clipboard.getSystemClipboard().setContent(Map.of(DataFormat.PLAIN_TEXT, selection));
                }
            }

            @Override
            public void focusSearch() {
                toolBar.searchField().requestFocus();
                toolBar.searchField().selectAll();
            }

            @Override
            public void focusNavigator() {
                navigator.tree().requestFocus();
            }

            @Override
            public void darkTheme(boolean dark) {
                vm.preferences().setDarkTheme(dark);
                Theme.apply(getScene(), dark);
                legend.applyTheme(dark);
            }

            @Override
            public void showGraph() {
                MainView.this.showGraph();
            }

            @Override
            public void showParallelStacks() {
                workArea.showParallelStacks();
            }

            @Override
            public void graphPlacement(GraphPlacement placement) {
                workArea.place(placement);
            }

            @Override
            public GraphPlacement graphPlacement() {
                return workArea.placement();
            }

            @Override
            public void quit() {
                getScene().getWindow().hide(); // as closing it does: the window's place is remembered, then exit
                Platform.exit();
            }
        };
    }
}
