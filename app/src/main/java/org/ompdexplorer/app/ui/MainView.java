package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.compare.CompareView;

import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.ui.graph.GraphPlacement;
import org.ompdexplorer.app.ui.graph.GraphView;
import javafx.scene.layout.VBox;
import org.ompdexplorer.app.ui.details.DetailsView;
import org.ompdexplorer.app.ui.job.JobBar;
import org.ompdexplorer.app.ui.job.JobView;
import org.ompdexplorer.app.ui.lesson.LessonBar;
import org.ompdexplorer.app.ui.lesson.LessonsPage;
import org.ompdexplorer.app.ui.navigator.NavigatorView;

/**
 * The explorer window's content: menu and toolbar, the navigator left and the details right, a problem banner
 * when something failed, and the status bar. Files dropped on the window are opened. What the menu and the toolbar
 * ask is done by {@link WindowActions}, the scene's own keys and buttons by {@link SceneInput}, and the divider and
 * the Explain pane are left as they were by {@link RememberedLayout}.
 */
public final class MainView extends BorderPane {
    static final String DIVIDER_KEY = RememberedLayout.DIVIDER_KEY;
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
        Actions actions = new WindowActions(vm, this);
        toolBar = new MainToolBar(vm, actions);
        navigator = new NavigatorView(vm.navigator(), vm.selectionProperty(), vm::navigate);
        DetailsView details = new DetailsView(vm.details(), vm::navigate);
        GraphView graph = new GraphView(vm.graph(), this::chooseGraphFile, (format, path) -> vm.exports()
                .exportGraph(vm.graph(), format, path, dark()));
        RememberedLayout.explainFold(vm.details(), vm.preferences());
        SplitPane split = new SplitPane(navigator, details);
        var stacks = new org.ompdexplorer.app.ui.stacks.ParallelStacksView(vm.stacks(), vm.uiScaleProperty(),
                format -> dialogs.chooseGraphTarget(getScene().getWindow(), baseName() + "-stacks."
                        + format.extension()).ifPresent(path -> vm.exports().exportStacks(format, path, dark())));
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
        RememberedLayout.divider(split, vm.preferences());
        SplitPane.setResizableWithParent(navigator, false);
        GraphView compareGraph = new GraphView(vm.compareGraph().graph(), this::chooseGraphFile,
                (format, path) -> vm.exports().exportGraph(vm.compareGraph().graph(), format, path, dark()));
        compareGraph.setId("compareGraphView");
        for (GraphView g : List.of(graph, compareGraph)) { // the graph grows with the presentation zoom too
            g.setPresentationScale(vm.uiScaleProperty().get());
            vm.uiScaleProperty().addListener((obs, old, now) -> g.setPresentationScale(now.doubleValue()));
        }
        CompareView compare = new CompareView(vm.compare(), vm.compareGraph(), compareGraph, vm::swapComparison,
                vm::closeComparison, () -> dialogs.chooseReportTarget(getScene().getWindow(), reportName())
                        .ifPresent(vm.exports()::exportHangReport));
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
        SceneInput.install(scene, vm);
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

    /** Shows a dialog over the window, in the window's theme and presentation zoom, without waiting for it. */
    void showDialog(Dialog<?> dialog) {
        dialog.initOwner(getScene().getWindow());
        Theme.styleDialog(dialog.getDialogPane(), getScene());
        dialog.getDialogPane().setStyle(getStyle()); // the zoom's font size: the dialog's em sizes follow it
        dialog.show();
        onScreen(dialog);
    }

    /**
     * Keeps a dialog within the screen the window is on: at a large zoom a dialog's natural size may pass it, and a
     * dialog centred on the window would then start off the screen, its buttons out of reach.
     */
    private void onScreen(Dialog<?> dialog) {
        javafx.stage.Window owner = getScene().getWindow();
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getScreensForRectangle(owner.getX(), owner.getY(),
                Math.max(1, owner.getWidth()), Math.max(1, owner.getHeight())).stream().findFirst()
                .orElse(javafx.stage.Screen.getPrimary()).getVisualBounds();
        if (dialog.getWidth() > screen.getWidth()) {
            dialog.setWidth(screen.getWidth());
        }
        if (dialog.getHeight() > screen.getHeight()) {
            dialog.setHeight(screen.getHeight());
        }
        dialog.setX(Math.clamp(dialog.getX(), screen.getMinX(), screen.getMaxX() - dialog.getWidth()));
        dialog.setY(Math.clamp(dialog.getY(), screen.getMinY(), screen.getMaxY() - dialog.getHeight()));
    }

    /** The selected task's id, for the timeline's outline and its task steps. */
    private Optional<Long> selectedTask() {
        return vm.selectionProperty().get() instanceof org.ompdexplorer.app.ui.entity.Target.Entity e
                && e.ref().kind() == org.ompdexplorer.model.EntityKind.TASK ? Optional.of(e.ref().id())
                : Optional.empty();
    }

    /** The file dialogs in use (tests replace them). */
    FileDialogs dialogs() {
        return dialogs;
    }

    MainToolBar toolBar() {
        return toolBar;
    }

    WorkArea workArea() {
        return workArea;
    }
}
