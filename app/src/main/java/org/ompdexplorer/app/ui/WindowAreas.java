package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.job.JobViewModel;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
import org.ompdexplorer.app.ui.ompd.CaptureViewModel;
import org.ompdexplorer.app.ui.ompd.LiveProcesses;
import org.ompdexplorer.app.ui.ompd.OpenCoreViewModel;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.importers.job.JobReader;

/**
 * The explorer window's areas — the open snapshot, its loading, the panes, compare mode, the lessons, the zoom, the
 * job, the recording, the exports and the opening of files — built and wired to one another, with the rules by which
 * one gives way to another: a snapshot shown ends the lesson and hides the job's page and the Lessons page, a
 * comparison ends the lesson, a lesson opened closes the recording, and a failed load names what stays open.
 */
final class WindowAreas {
    private final OpenSnapshot open;
    private final OpenCoreViewModel openCore;
    private final CaptureViewModel capture;
    private final SnapshotPanes panes;
    private final SnapshotLoading loading;
    private final CompareMode compareMode;
    private final Lessons lessons;
    private final Zoom zoom;
    private final ShownExports exports;
    private final JobViewModel job;
    private final Recordings recordings;
    private final FileOpening opening;

    /** @param child how cores are imported and processes captured */
    WindowAreas(BackgroundTasks tasks, ExplorerPreferences preferences, ChildImport child) {
        this.open = new OpenSnapshot(tasks, preferences);
        this.loading = new SnapshotLoading(tasks, open.snapshotProperty(), this::shownName);
        this.openCore = new OpenCoreViewModel(preferences, child, this::load);
        this.capture = new CaptureViewModel(tasks, preferences, child, this::load, LiveProcesses.system(),
                CaptureViewModel::gcoreOnPath);
        this.panes = new SnapshotPanes(tasks, preferences, open);
        // a comparison shown ends the lesson, and takes the place of the job's page (the job stays behind it)
        this.compareMode = new CompareMode(tasks, preferences, loading, open, this::show, () -> {
            lesson().clear();
            job().hidePage();
        });
        this.lessons = new Lessons(loading, compareMode, open, this::show);
        this.zoom = new Zoom(preferences, loading::message);
        this.exports = new ShownExports(new Exports(tasks, loading), open, compareMode, panes.stacks());
        this.job = new JobViewModel(loading::run, this::open, compareMode::compareFiles, new JobReader());
        this.recordings = new Recordings(tasks, loading, compareMode, open, lessons.lesson(), job::hidePage,
                this::show);
        panes.graphFollows(recordings);
        this.opening = new FileOpening(preferences, loading, open, recordings, this::show, this::openBundledLesson,
                job::open, compareMode::compareFiles);
    }

    /**
     * What the window shows, as a failed load names what stays open: the comparison or series, else the open
     * snapshot — in a lesson, the step shown ("bundled lesson fib-taskwait, step 2: …"), compared or not;
     * {@code null} for nothing.
     */
    private String shownName() {
        if (job.pageShownProperty().get()) {
            return "The job view of " + job.jobProperty().get().name();
        }
        if (compareMode.comparingProperty().get() && !lesson().isActive()) {
            return compareMode.shownName();
        }
        LoadedSnapshot shown = open.snapshotProperty().get();
        return shown == null ? null : shown.sourceName();
    }

    private void load(String what, String failureTitle, BackgroundJob<LoadedSnapshot> loaded) {
        opening.load(what, failureTitle, loaded);
    }

    private void open(Path file) {
        opening.open(file);
    }

    /** Shows a snapshot that is already loaded; a lesson ends. */
    void show(LoadedSnapshot loaded) {
        job.hidePage();
        lesson().clear();
        lesson().hidePage();
        compareMode.display(loaded);
    }

    void openBundledLesson() {
        openLesson(org.ompdexplorer.resources.BundledResources.DEFAULT_LESSON);
    }

    /** Opens one of the bundled lessons; an open recording closes. */
    void openLesson(String name) {
        recordings.close();
        lessons.open(name);
    }

    /** Leaves compare mode; the snapshot open before stays (in a lesson: the step's, and the lesson ends). */
    void closeComparison() {
        if (lesson().isActive()) {
            lessons.close();
            return;
        }
        compareMode.leave();
    }

    OpenSnapshot open() {
        return open;
    }

    OpenCoreViewModel openCore() {
        return openCore;
    }

    CaptureViewModel capture() {
        return capture;
    }

    SnapshotPanes panes() {
        return panes;
    }

    SnapshotLoading loading() {
        return loading;
    }

    CompareMode compareMode() {
        return compareMode;
    }

    LessonViewModel lesson() {
        return lessons.lesson();
    }

    Lessons lessons() {
        return lessons;
    }

    Zoom zoom() {
        return zoom;
    }

    ShownExports exports() {
        return exports;
    }

    JobViewModel job() {
        return job;
    }

    Recordings recordings() {
        return recordings;
    }

    FileOpening opening() {
        return opening;
    }
}
