package org.ompdexplorer.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.compare.CompareGraph;
import org.ompdexplorer.app.ui.compare.CompareViewModel;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.ompd.CaptureViewModel;
import org.ompdexplorer.app.ui.ompd.LiveProcesses;
import org.ompdexplorer.app.ui.ompd.OpenCoreViewModel;
import org.ompdexplorer.app.ui.details.DetailsViewModel;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SelectionHistory;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
import org.ompdexplorer.app.ui.navigator.NavigatorViewModel;
import org.ompdexplorer.app.ui.search.SearchViewModel;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.Progress;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;

/**
 * The window's state and commands: the open snapshot, loading it in the background, the selection and its
 * history, and the view models of the navigator, the details pane, the search box and the dialogs that import a
 * core or snapshot a running process (in a child JVM).
 */
public final class MainViewModel {
    // Properties
    private final ReadOnlyObjectWrapper<LoadedSnapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ReadOnlyObjectWrapper<Target> selection = new ReadOnlyObjectWrapper<>(this, "selection");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "OMPD Explorer");
    private final ObservableList<Path> recentFiles = FXCollections.observableArrayList();
    /** One read-only view for every caller: a view made per call listens weakly and can be collected with its listeners. */
    private final ObservableList<Path> recentFilesView = FXCollections.unmodifiableObservableList(recentFiles);

    private final BackgroundTasks tasks;
    private final ExplorerPreferences preferences;
    private final SelectionHistory history = new SelectionHistory();
    private final NavigatorViewModel navigator = new NavigatorViewModel();
    private final DetailsViewModel details;
    private final SearchViewModel search;
    private final OpenCoreViewModel openCore;
    private final CaptureViewModel capture;
    private final GraphViewModel graph;
    private final LessonViewModel lesson = new LessonViewModel(lessonWindow());
    private final SnapshotLoading loading;
    private final CompareMode compareMode;
    private final Zoom zoom;
    private final Exports exports;
    /** Kept across runs, like the theme: how the user last left the ICV tables. */
    static final String EFFECTIVE_ICVS_KEY = "details.effectiveIcvs";
    /** Kept across runs: the presentation zoom. */
    static final String UI_SCALE_KEY = Zoom.UI_SCALE_KEY;

    public MainViewModel(BackgroundTasks tasks, ExplorerPreferences preferences) {
        this(tasks, preferences, ChildImport.ofCurrentJvm());
    }

    /**
     * @param child how cores are imported and processes captured: the same ompd-explorer in a child JVM (tests
     *              give a fake child to crash or hang)
     */
    public MainViewModel(BackgroundTasks tasks, ExplorerPreferences preferences, ChildImport child) {
        this.tasks = tasks;
        this.preferences = preferences;
        this.loading = new SnapshotLoading(tasks, snapshot.getReadOnlyProperty());
        this.exports = new Exports(tasks, loading);
        this.details = new DetailsViewModel(tasks);
        this.search = new SearchViewModel(tasks, this::navigate);
        this.openCore = new OpenCoreViewModel(preferences, child, this::load);
        this.capture = new CaptureViewModel(tasks, preferences, child, this::load, LiveProcesses.system(),
                CaptureViewModel::gcoreOnPath);
        this.graph = new GraphViewModel(tasks, preferences, this::navigate);
        graph.snapshotProperty().bind(snapshot);
        graph.selectionProperty().bind(selection);
        this.compareMode = new CompareMode(tasks, preferences, loading, lesson, snapshot.getReadOnlyProperty(),
                this::show, title);
        recentFiles.setAll(preferences.recentFiles());
        // the navigator marks the search's matches, or lists only them
        search.resultProperty().addListener((obs, old, now) -> navigator.showMatches(now,
                search.onlyMatchesProperty().get()));
        search.onlyMatchesProperty().addListener((obs, old, now) -> navigator.showMatches(search.resultProperty().get(),
                now));
        preferences.remembered(EFFECTIVE_ICVS_KEY).ifPresent(v -> details.effectiveIcvsProperty().set(Boolean.parseBoolean(v)));
        details.effectiveIcvsProperty().addListener((obs, old, now) -> preferences.remember(EFFECTIVE_ICVS_KEY,
                Boolean.toString(now)));
        this.zoom = new Zoom(preferences, loading::message);
    }

    /**
     * The presentation zoom, 1 at actual size: the window scales its text by it, and so should anything drawn on
     * a canvas (the task graph's labels).
     */
    public ReadOnlyDoubleProperty uiScaleProperty() {
        return zoom.uiScaleProperty();
    }

    /** View → Zoom In: the next step, up to 250 %. */
    public void zoomIn() {
        zoom.zoomIn();
    }

    /** View → Zoom Out: the step before, down to 100 %. */
    public void zoomOut() {
        zoom.zoomOut();
    }

    /** View → Actual Size. */
    public void actualSize() {
        zoom.actualSize();
    }

    public ReadOnlyObjectProperty<LoadedSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Target> selectionProperty() {
        return selection.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.loadingProperty();
    }

    public ReadOnlyObjectProperty<Progress> progressProperty() {
        return loading.progressProperty();
    }

    /** The last failure to show, or {@code null}. */
    public ReadOnlyObjectProperty<Problem> problemProperty() {
        return loading.problemProperty();
    }

    /** A passing note for the status bar ("Loading cancelled", "Exported to …"). */
    public ReadOnlyStringProperty messageProperty() {
        return loading.messageProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** Most recent first. */
    public ObservableList<Path> recentFiles() {
        return recentFilesView;
    }

    public SelectionHistory history() {
        return history;
    }

    public NavigatorViewModel navigator() {
        return navigator;
    }

    public DetailsViewModel details() {
        return details;
    }

    public SearchViewModel search() {
        return search;
    }

    public ExplorerPreferences preferences() {
        return preferences;
    }

    /** Compare mode: two snapshots, or a series. */
    /** The task graph of the open snapshot. */
    public GraphViewModel graph() {
        return graph;
    }

    /** The task graph in compare mode. */
    public CompareGraph compareGraph() {
        return compareMode.graph();
    }

    public CompareViewModel compare() {
        return compareMode.compare();
    }

    /** Whether the window shows a comparison instead of one snapshot. */
    public ReadOnlyBooleanProperty comparingProperty() {
        return compareMode.comparingProperty();
    }

    /** The lesson being taught (its bar, Previous/Next step) and the Lessons page. */
    public LessonViewModel lesson() {
        return lesson;
    }

    /** File → Open Core File…. */
    public OpenCoreViewModel openCore() {
        return openCore;
    }

    /** File → Snapshot Running Process…. */
    public CaptureViewModel capture() {
        return capture;
    }

    // Commands

    /** Opens {@code file} when given, else the bundled lesson. */
    public void openInitial(Optional<Path> file) {
        openInitial(file.stream().toList());
    }

    /**
     * What the command line named: nothing, the bundled lesson; one file, that snapshot; a folder or several
     * files, compared (the first of them open behind the comparison).
     */
    public void openInitial(List<Path> files) {
        if (files.isEmpty()) {
            openBundledLesson();
        } else if (opensOneFile(files)) {
            open(files.getFirst());
        } else {
            compareFiles(files);
        }
    }

    /**
     * As {@link #openInitial(List)}, but one file is opened by taking over {@code early}, its load begun at launch,
     * rather than by loading it a second time; an early load of anything else is stopped.
     */
    void openInitial(List<Path> files, Optional<EarlyOpen> early) {
        Optional<BackgroundJob<LoadedSnapshot>> taken = early.flatMap(e -> e.takeOverFor(opensOneFile(files)
                ? files.getFirst() : null));
        if (taken.isPresent()) {
            open(files.getFirst(), taken.get());
        } else {
            openInitial(files);
        }
    }

    /** Whether {@link #openInitial(List)} opens {@code files} as one snapshot (rather than comparing them). */
    static boolean opensOneFile(List<Path> files) {
        return files.size() == 1 && !Files.isDirectory(files.getFirst());
    }

    public void openBundledLesson() {
        openLesson(BundledResources.DEFAULT_LESSON);
    }

    /**
     * Opens one of the bundled lessons ({@link BundledResources#lessons()}), as the Lessons page and File → Lessons
     * do: all its steps are loaded and diffed in the background, then its first step is shown with the lesson bar.
     */
    public void openLesson(String name) {
        Lesson taught = BundledResources.lesson(name).orElse(null);
        if (taught == null) {
            loading.problem(new Problem("No bundled lesson " + name, "The bundled lessons are "
                    + String.join(", ", BundledResources.lessonNames()) + ": choose one in File → Lessons.", List.of()));
            return;
        }
        loading.run("Opening the lesson " + taught.title(), LessonJobs.of(taught),
                "Could not open the bundled lesson " + name,
                compared -> lesson.start(taught, compared.snapshots(), compared.series()));
    }

    /** Ends the lesson: the snapshot of the step it was at stays open, without the lesson bar. */
    public void closeLesson() {
        LoadedSnapshot at = lesson.stepSnapshot();
        if (at != null) {
            show(at);
        }
    }

    private LessonViewModel.Window lessonWindow() {
        return new LessonViewModel.Window() {
            @Override
            public void showLessonSnapshot(LoadedSnapshot step) {
                display(step);
            }

            @Override
            public void showLessonComparison(List<LoadedSnapshot> steps, SnapshotSeries series, int step) {
                compareMode.showLessonStep(steps, series, step);
                if (snapshot.get() != steps.get(step + 1)) {
                    showSnapshot(steps.get(step + 1)); // behind the comparison, and what stays open when the lesson ends
                }
            }
        };
    }

    /** Loads {@code file} in the background; on failure the open snapshot stays and {@link #problemProperty()} says why. */
    public void open(Path file) {
        open(file, SnapshotSources.fileShownFirst(file));
    }

    /** Opens {@code file} as {@link #open(Path)} does, with {@code job} loading it. */
    private void open(Path file, BackgroundJob<LoadedSnapshot> job) {
        load("Opening " + file.getFileName(), job, file, "Could not open " + file);
    }

    /**
     * Loads what {@code job} makes the way a file is opened (progress and Cancel in the status bar; on failure
     * one problem titled {@code failureTitle}, with the job's message, and the open snapshot stays), without
     * adding it to the recent files: a core import or a live capture.
     */
    public void load(String what, String failureTitle, BackgroundJob<LoadedSnapshot> job) {
        load(what, job, null, failureTitle);
    }

    private void load(String what, BackgroundJob<LoadedSnapshot> job, Path file, String failureTitle) {
        loading.load(what, job, failureTitle, loaded -> {
            if (file != null) {
                preferences.addRecent(file);
                recentFiles.setAll(preferences.recentFiles());
            }
            show(loaded);
        }, this::showValidated);
    }

    /** Shows {@code validated} again, with every diagnostic and the same page selected. */
    private void showValidated(LoadedSnapshot validated) {
        Target at = selection.get();
        showSnapshot(validated);
        navigate(at);
    }

    /** Stops the running load; the open snapshot stays. */
    public void cancelLoading() {
        loading.cancel();
    }

    public void dismissProblem() {
        loading.dismissProblem();
    }

    /** File → Compare With…: the open snapshot (A) with {@code other} (B). */
    public void compareWith(Path other) {
        compareMode.compareWith(other);
    }

    /**
     * File → Compare Two Files… (two files: A then B) and File → Open Series… (a folder of snapshots, in name
     * order, or several files in the order given): loaded in the background, then every step diffed.
     */
    public void compareFiles(List<Path> chosen) {
        compareMode.compareFiles(chosen);
    }

    /** Swaps A and B of a comparison of two snapshots. */
    public void swapComparison() {
        compareMode.swap();
    }

    /** Leaves compare mode; the snapshot open before stays (in a lesson: the step's, and the lesson ends). */
    public void closeComparison() {
        if (lesson.isActive()) {
            closeLesson();
            return;
        }
        compareMode.leave();
    }

    /** Shows a comparison already made (the jobs' result; benchmarks hand one in directly). */
    void showComparison(CompareJobs.Compared compared) {
        compareMode.show(compared);
    }

    /** Shows a snapshot that is already loaded (a generated one, or one a test made); a lesson ends. */
    public void show(LoadedSnapshot loaded) {
        lesson.clear();
        lesson.hidePage();
        display(loaded);
    }

    /** Shows {@code loaded} in the navigator and details, leaving compare mode. */
    private void display(LoadedSnapshot loaded) {
        if (compareMode.comparingProperty().get()) {
            compareMode.leave();
        }
        showSnapshot(loaded);
    }

    /** Opens {@code loaded} in the navigator and details (behind compare mode while it is on). */
    private void showSnapshot(LoadedSnapshot loaded) {
        snapshot.set(loaded);
        title.set("OMPD Explorer — " + loaded.sourceName());
        history.clear();
        selection.set(null);
        navigator.setSnapshot(loaded);
        details.setSnapshot(loaded);
        search.setSnapshot(loaded);
        navigate(Target.of(SnapshotPage.CAPTURE));
    }

    /** Writes the open snapshot as JSON to {@code file}, in the background. */
    public void export(Path file) {
        exports.export(snapshot.get(), file);
    }

    /** Saves a graph as shown as {@code format} in {@code file}, in the background, in the given theme's colours. */
    public void exportGraph(GraphViewModel which, GraphFormat format, Path file, boolean dark) {
        List<LoadedSnapshot> sources = new java.util.ArrayList<>(snapshot.get() == null ? List.of()
                : List.of(snapshot.get()));
        sources.addAll(compareMode.compare().sources());
        exports.exportGraph(which, format, file, dark, sources);
    }

    /** Selects what the user picked in the navigator or followed as a link, and records it for Back. */
    public void navigate(Target target) {
        if (target == null || target.equals(selection.get())) {
            return;
        }
        history.visit(target);
        select(target);
    }

    public void back() {
        history.back().ifPresent(this::select);
    }

    public void forward() {
        history.forward().ifPresent(this::select);
    }

    private void select(Target target) {
        selection.set(target);
        details.show(target);
    }

    /** The selection as text, for the clipboard. */
    public String copyText() {
        return details.copyText();
    }

    /** {@code 4 threads · 3 parallel regions · 27 tasks}. */
    public static String counts(Snapshot s) {
        return EntityNames.count(s.threads().size(), "thread", "threads") + " · "
                + EntityNames.count(s.parallelRegions().size(), "parallel region", "parallel regions") + " · "
                + EntityNames.count(s.tasks().size(), "task", "tasks");
    }
}
