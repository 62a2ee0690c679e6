package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.stage.Window;

/** File dialogs that answer what a test set beforehand (nothing, by default), as the user would have. */
final class ScriptedFileDialogs implements FileDialogs {
    /** The snapshot "chosen" in Open…. */
    volatile Path snapshot;
    /** The file "chosen" by a Browse… button. */
    volatile Path file;
    /** Files "chosen" one after the other by file dialogs (Compare Two Files…); then {@link #file}. */
    final java.util.Deque<Path> files = new java.util.concurrent.ConcurrentLinkedDeque<>();
    /** The folder "chosen" (Open Series…). */
    volatile Path directory;
    /** The files "chosen" together (Open Series (Several Files)…). */
    volatile List<Path> several = List.of();

    @Override
    public Optional<Path> chooseSnapshot(Window owner) {
        return Optional.ofNullable(snapshot);
    }

    /** Where the task graph is "saved"; {@link #suggested} is the name the window offered. */
    volatile Path graphTarget;
    volatile String suggested;

    @Override
    public Optional<Path> chooseExportTarget(Window owner, String suggestedName) {
        return Optional.empty();
    }

    /** Where the hang report is "saved". */
    volatile Path reportTarget;

    @Override
    public Optional<Path> chooseReportTarget(Window owner, String suggestedName) {
        suggested = suggestedName;
        return Optional.ofNullable(reportTarget);
    }

    @Override
    public Optional<Path> chooseGraphTarget(Window owner, String suggestedName) {
        suggested = suggestedName;
        return Optional.ofNullable(graphTarget);
    }

    /** Where a lesson made of a recording is "saved". */
    volatile Path lessonTarget;

    @Override
    public Optional<Path> chooseLessonTarget(Window owner, String suggestedName) {
        suggested = suggestedName;
        return Optional.ofNullable(lessonTarget);
    }

    /** Where a recording's Perfetto trace is "written". */
    volatile Path traceTarget;

    @Override
    public Optional<Path> chooseTraceTarget(Window owner, String suggestedName) {
        suggested = suggestedName;
        return Optional.ofNullable(traceTarget);
    }

    @Override
    public Optional<Path> chooseFile(Window owner, String title, Optional<Path> initial) {
        Path next = files.poll();
        return Optional.ofNullable(next != null ? next : file);
    }

    @Override
    public Optional<Path> chooseDirectory(Window owner, String title, Optional<Path> initial) {
        return Optional.ofNullable(directory);
    }

    @Override
    public List<Path> chooseSnapshots(Window owner, String title) {
        return several;
    }
}
