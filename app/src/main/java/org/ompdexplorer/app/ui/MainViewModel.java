package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ObservableList;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.compare.CompareGraph;
import org.ompdexplorer.app.ui.compare.CompareViewModel;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.ompd.CaptureViewModel;
import org.ompdexplorer.app.ui.ompd.OpenCoreViewModel;
import org.ompdexplorer.app.ui.details.DetailsViewModel;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SelectionHistory;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.job.JobViewModel;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
import org.ompdexplorer.app.ui.navigator.NavigatorViewModel;
import org.ompdexplorer.app.ui.search.SearchViewModel;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.Progress;
import org.ompdexplorer.resources.BundledResources;

/**
 * The window's state and commands: the open snapshot, loading it in the background, the selection and its
 * history, and the view models of the navigator, the details pane, the search box and the dialogs that import a
 * core or snapshot a running process (in a child JVM). Each area is a class of its own, built and wired together by
 * {@link WindowAreas}, that this one speaks for: {@link OpenSnapshot}, {@link SnapshotLoading}, {@link CompareMode},
 * {@link Lessons}, {@link Zoom}, {@link Recordings}, {@link FileOpening} (and the recent files), {@link SnapshotPanes}
 * and {@link ShownExports}.
 */
public final class MainViewModel {
    private final ExplorerPreferences preferences;
    private final WindowAreas areas;
    private final OpenSnapshot open;
    private final SnapshotLoading loading;
    private final CompareMode compareMode;
    private final Recordings recordings;
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
        this.preferences = preferences;
        this.areas = new WindowAreas(tasks, preferences, child);
        this.open = areas.open();
        this.loading = areas.loading();
        this.compareMode = areas.compareMode();
        this.recordings = areas.recordings();
    }

    /**
     * The presentation zoom, 1 at actual size: the window scales its text by it, and so should anything drawn on
     * a canvas (the task graph's labels).
     */
    public ReadOnlyDoubleProperty uiScaleProperty() {
        return areas.zoom().uiScaleProperty();
    }

    /** View → Zoom In: the next step, up to 250 %. */
    public void zoomIn() {
        areas.zoom().zoomIn();
    }

    /** View → Zoom Out: the step before, down to 100 %. */
    public void zoomOut() {
        areas.zoom().zoomOut();
    }

    /** View → Actual Size. */
    public void actualSize() {
        areas.zoom().actualSize();
    }

    public ReadOnlyObjectProperty<LoadedSnapshot> snapshotProperty() {
        return open.snapshotProperty();
    }

    public ReadOnlyObjectProperty<Target> selectionProperty() {
        return open.selectionProperty();
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
        return open.titleProperty();
    }

    /** Most recent first. */
    public ObservableList<Path> recentFiles() {
        return areas.opening().recentFiles();
    }

    public SelectionHistory history() {
        return open.history();
    }

    public NavigatorViewModel navigator() {
        return open.navigator();
    }

    public DetailsViewModel details() {
        return open.details();
    }

    public SearchViewModel search() {
        return open.search();
    }

    public ExplorerPreferences preferences() {
        return preferences;
    }

    /** The task graph of the open snapshot. */
    public GraphViewModel graph() {
        return areas.panes().graph();
    }

    /** The task graph in compare mode. */
    public CompareGraph compareGraph() {
        return compareMode.graph();
    }

    /** Compare mode: two snapshots, or a series. */
    public CompareViewModel compare() {
        return compareMode.compare();
    }

    /** Whether the window shows a comparison instead of one snapshot. */
    public ReadOnlyBooleanProperty comparingProperty() {
        return compareMode.comparingProperty();
    }

    /** The lesson being taught (its bar, Previous/Next step) and the Lessons page. */
    public LessonViewModel lesson() {
        return areas.lesson();
    }

    /** The Parallel Stacks view: every thread's call stack merged. */
    public org.ompdexplorer.app.ui.stacks.ParallelStacksViewModel stacks() {
        return areas.panes().stacks();
    }

    /** The source view of a call frame, with its path substitutions. */
    public org.ompdexplorer.app.ui.source.SourceViewModel source() {
        return areas.panes().source();
    }

    /** The job view: File → Open Job… (a folder of rank snapshots), its page, and the ranks it opens. */
    public JobViewModel job() {
        return areas.job();
    }

    /** File → Open Job…: every rank snapshot of {@code folder} read and merged in the background. */
    public void openJob(Path folder) {
        areas.job().open(folder);
    }

    /** File → Open Core File…. */
    public OpenCoreViewModel openCore() {
        return areas.openCore();
    }

    /** File → Snapshot Running Process…. */
    public CaptureViewModel capture() {
        return areas.capture();
    }

    // Commands

    /** Opens {@code file} when given, else the bundled lesson. */
    public void openInitial(Optional<Path> file) {
        openInitial(file.stream().toList());
    }

    /**
     * What the command line named: nothing, the bundled lesson; one file, that snapshot; a folder of a job's rank
     * snapshots (as the agent names them), the job; another folder or several files, compared (the first of them open
     * behind the comparison).
     */
    public void openInitial(List<Path> files) {
        areas.opening().openInitial(files);
    }

    /** As {@link #openInitial(List)}, taking over the load of one file begun at launch by {@code early}. */
    void openInitial(List<Path> files, Optional<EarlyOpen> early) {
        areas.opening().openInitial(files, early);
    }

    /** The recording open (its timeline, the moment shown, the lesson being made of it), or {@code null}. */
    public ReadOnlyObjectProperty<org.ompdexplorer.app.ui.recording.OpenedRecording> recordingProperty() {
        return recordings.recordingProperty();
    }

    /** The open recording's timeline: the moment, stepping by event, task and synchronization, zoom. */
    public org.ompdexplorer.app.ui.recording.RecordingViewModel timeline() {
        return recordings.timeline();
    }

    /** The lesson being made of the open recording, or {@code null}. */
    public ReadOnlyObjectProperty<org.ompdexplorer.model.recording.RecordingLesson> lessonDraftProperty() {
        return recordings.draftProperty();
    }

    /** Shows the open recording's state at another moment, keeping the selection (the timeline calls it). */
    public void showMoment(LoadedSnapshot moment) {
        recordings.showMoment(moment);
    }

    /** Recording → Whole-Run Task Graph: the graph shows every task of the run instead of the moment's. */
    public javafx.beans.property.BooleanProperty wholeRunGraphProperty() {
        return recordings.wholeRunGraphProperty();
    }

    /** Recording → Close Recording: the timeline goes; the moment shown stays open. */
    public void closeRecording() {
        recordings.close();
    }

    /** Recording → Add Lesson Step Here…: a step of the lesson being made, at the timeline's moment. */
    public void addLessonStep(String label, String narrative) {
        recordings.addStep(label, narrative);
    }

    /** A step of the lesson being made, at {@code position}. */
    public void addLessonStep(int position, String label, String narrative) {
        recordings.addStep(position, label, narrative);
    }

    /** The lesson draft's step at the timeline's moment, if there is one (Add Lesson Step Here… edits it). */
    public Optional<org.ompdexplorer.model.recording.RecordingLesson.Step> lessonStepHere() {
        return recordings.stepHere();
    }

    /** Recording → Remove Lesson Step Here: the lesson draft's step at the timeline's moment goes. */
    public void removeLessonStepHere() {
        recordings.removeStepHere();
    }

    /** Recording → Export Perfetto Trace…: the open recording as a Perfetto trace, in the background. */
    public void exportPerfetto(Path file) {
        recordings.exportPerfetto(file);
    }

    /** Recording → Save as Lesson…: the draft written as a lesson file, in the background. */
    public void saveLesson(Path file, String title, String question, String description) {
        recordings.saveLesson(file, title, question, description);
    }

    public void openBundledLesson() {
        areas.openBundledLesson();
    }

    /**
     * Opens one of the bundled lessons ({@link BundledResources#lessons()}), as the Lessons page and File → Lessons
     * do: all its steps are loaded and diffed in the background, then its first step is shown with the lesson bar.
     */
    public void openLesson(String name) {
        areas.openLesson(name);
    }

    /** Ends the lesson: the snapshot of the step it was at stays open, without the lesson bar. */
    public void closeLesson() {
        areas.lessons().close();
    }

    /** Loads {@code file} in the background; on failure the open snapshot stays and {@link #problemProperty()} says why. */
    public void open(Path file) {
        areas.opening().open(file);
    }

    /**
     * Loads what {@code job} makes the way a file is opened (progress and Cancel in the status bar; on failure
     * one problem titled {@code failureTitle}, with the job's message, and the open snapshot stays), without
     * adding it to the recent files: a core import or a live capture.
     */
    public void load(String what, String failureTitle, BackgroundJob<LoadedSnapshot> job) {
        areas.opening().load(what, failureTitle, job);
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
        areas.closeComparison();
    }

    /** Shows a comparison already made (the jobs' result; benchmarks hand one in directly). */
    void showComparison(CompareJobs.Compared compared) {
        compareMode.show(compared);
    }

    /** Shows a snapshot that is already loaded (a generated one, or one a test made); a lesson ends. */
    public void show(LoadedSnapshot loaded) {
        areas.show(loaded);
    }

    /** Writes the open snapshot as JSON to {@code file}, in the background. */
    public void export(Path file) {
        areas.exports().export(file);
    }

    /** The exports of a graph, the parallel stacks and a hang report, as the window's panes ask for them. */
    ShownExports exports() {
        return areas.exports();
    }

    /** Selects what the user picked in the navigator or followed as a link, and records it for Back. */
    public void navigate(Target target) {
        open.navigate(target);
    }

    public void back() {
        open.back();
    }

    public void forward() {
        open.forward();
    }

    /** The selection as text, for the clipboard. */
    public String copyText() {
        return open.copyText();
    }
}
