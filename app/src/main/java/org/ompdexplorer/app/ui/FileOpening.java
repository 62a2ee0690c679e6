package org.ompdexplorer.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.job.JobFolders;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.importers.recording.RecordingLessonReader;
import org.ompdexplorer.importers.recording.RecordingReader;

/**
 * Opening what the user or the command line names — a snapshot, a recording or a lesson file, a job's folder,
 * files to compare, or nothing (the bundled lesson) — with each load in the background, and the recent files: every
 * file opened, most recent first.
 */
final class FileOpening {
    private final ObservableList<Path> recentFiles = FXCollections.observableArrayList();
    /** One read-only view for every caller: a view made per call listens weakly and can be collected with its listeners. */
    private final ObservableList<Path> recentFilesView = FXCollections.unmodifiableObservableList(recentFiles);
    private final ExplorerPreferences preferences;
    private final SnapshotLoading loading;
    private final OpenSnapshot open;
    private final Recordings recordings;
    private final Consumer<LoadedSnapshot> show;
    private final Runnable openBundledLesson;
    private final Consumer<Path> openJob;
    private final Consumer<List<Path>> compareFiles;

    /**
     * @param show              shows a snapshot loaded (a lesson ends)
     * @param openBundledLesson opens the bundled lesson, when nothing is named
     * @param openJob           opens a folder of a job's rank snapshots
     * @param compareFiles      compares two files, or the snapshots of a series
     */
    FileOpening(ExplorerPreferences preferences, SnapshotLoading loading, OpenSnapshot open, Recordings recordings,
                Consumer<LoadedSnapshot> show, Runnable openBundledLesson, Consumer<Path> openJob,
                Consumer<List<Path>> compareFiles) {
        this.preferences = preferences;
        this.loading = loading;
        this.open = open;
        this.recordings = recordings;
        this.show = show;
        this.openBundledLesson = openBundledLesson;
        this.openJob = openJob;
        this.compareFiles = compareFiles;
        recentFiles.setAll(preferences.recentFiles());
    }

    /** Most recent first. */
    ObservableList<Path> recentFiles() {
        return recentFilesView;
    }

    /**
     * What the command line named: nothing, the bundled lesson; one file, that snapshot; a folder of a job's rank
     * snapshots (as the agent names them), the job; another folder or several files, compared (the first of them open
     * behind the comparison).
     */
    void openInitial(List<Path> files) {
        if (files.isEmpty()) {
            openBundledLesson.run();
        } else if (opensOneFile(files)) {
            open(files.getFirst());
        } else if (files.size() == 1 && JobFolders.holdsRankSnapshots(files.getFirst())) {
            openJob.accept(files.getFirst());
        } else {
            compareFiles.accept(files);
        }
    }

    /**
     * As {@link #openInitial(List)}, but one file is opened by taking over {@code early}, its load begun at launch,
     * rather than by loading it a second time; an early load of anything else is stopped.
     */
    void openInitial(List<Path> files, Optional<EarlyOpen> early) {
        Optional<BackgroundJob<LoadedSnapshot>> taken = early.flatMap(e -> e.takeOverFor(opensOneSnapshot(files)
                ? files.getFirst() : null));
        if (taken.isPresent()) {
            open(files.getFirst(), taken.get());
        } else {
            openInitial(files);
        }
    }

    /**
     * Whether {@link #openInitial(List)} opens {@code files} as one snapshot file, which a launch may begin to load
     * before the window is up: not a recording or a lesson, which open otherwise.
     */
    static boolean opensOneSnapshot(List<Path> files) {
        return opensOneFile(files) && !RecordingReader.isRecording(files.getFirst())
                && !RecordingLessonReader.isLesson(files.getFirst());
    }

    /** Whether {@link #openInitial(List)} opens {@code files} as one file (rather than comparing them). */
    private static boolean opensOneFile(List<Path> files) {
        return files.size() == 1 && !Files.isDirectory(files.getFirst());
    }

    /** Loads {@code file} in the background: a lesson or a recording as such, anything else as a snapshot. */
    void open(Path file) {
        if (RecordingLessonReader.isLesson(file)) {
            recordings.openLesson(file, () -> remember(file));
        } else if (RecordingReader.isRecording(file)) {
            recordings.open(file, () -> remember(file));
        } else {
            open(file, SnapshotSources.fileShownFirst(file));
        }
    }

    private void remember(Path file) {
        preferences.addRecent(file);
        recentFiles.setAll(preferences.recentFiles());
    }

    /** Opens {@code file} as {@link #open(Path)} does, with {@code job} loading it. */
    private void open(Path file, BackgroundJob<LoadedSnapshot> job) {
        load("Opening " + file.getFileName(), job, file, "Could not open " + file);
    }

    /** Loads what {@code job} makes the way a file is opened, without adding it to the recent files. */
    void load(String what, String failureTitle, BackgroundJob<LoadedSnapshot> job) {
        load(what, job, null, failureTitle);
    }

    private void load(String what, BackgroundJob<LoadedSnapshot> job, Path file, String failureTitle) {
        loading.load(what, job, failureTitle, loaded -> {
            if (file != null) {
                remember(file);
            }
            recordings.close(); // another file (or a core, a capture) takes the recording's place
            show.accept(loaded);
        }, open::showValidated);
    }
}
