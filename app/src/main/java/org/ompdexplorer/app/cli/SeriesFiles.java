package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.importers.SnapshotSeriesFiles;

/**
 * The snapshot files of a timeline: a directory's in time order ({@link SnapshotSeriesFiles}), files in the order
 * given; what is wrong with them as one message and an exit code.
 */
final class SeriesFiles {
    private SeriesFiles() {
    }

    /**
     * The files, or {@code null} after printing why and setting {@code exit[0]}; {@code listed} receives each file
     * found by listing a directory, with its directory (such a file may be skipped when it is not a snapshot).
     */
    static List<Path> expand(List<Path> inputs, PrintWriter err, int[] exit, java.util.Map<Path, Path> listed) {
        List<Path> files = new ArrayList<>();
        Path emptyDirectory = null;
        for (Path input : inputs) {
            if (!DiffCommand.isStandardInput(input) && Files.isDirectory(input)) {
                try {
                    List<Path> found = SnapshotSeriesFiles.list(input);
                    if (found.isEmpty()) {
                        emptyDirectory = input;
                    }
                    files.addAll(found);
                    found.forEach(f -> listed.put(f, input));
                } catch (IOException e) {
                    return failed(err, exit, ExitCodes.UNREADABLE, "cannot list the directory " + input + ": "
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                            + " — check that it exists and may be read");
                }
            } else {
                files.add(input);
            }
        }
        if (files.stream().filter(DiffCommand::isStandardInput).count() > 1) {
            return failed(err, exit, ExitCodes.USAGE, "standard input (-) can be given only once");
        }
        if (files.size() < 2) {
            String got = emptyDirectory != null && files.isEmpty()
                    ? emptyDirectory + " holds no *.json or *.json.gz snapshot"
                    : "got " + (files.isEmpty() ? "none" : "only " + SnapshotInput.name(files.getFirst()));
            return failed(err, exit, ExitCodes.USAGE, "a timeline needs at least two snapshots, " + got
                    + ": give a directory of snapshots, or two or more files in time order");
        }
        return files;
    }

    /**
     * After loading: at least two snapshots are left once the files that are not snapshots were skipped, else why
     * not (exit 64), as {@code null}.
     */
    static List<Path> enoughLeft(List<Path> loaded, int skipped, PrintWriter err, int[] exit) {
        if (loaded.size() >= 2) {
            return loaded;
        }
        return failed(err, exit, ExitCodes.USAGE, "a timeline needs at least two snapshots, got "
                + (loaded.isEmpty() ? "none" : "only " + SnapshotInput.name(loaded.getFirst())) + " (" + skipped
                + (skipped == 1 ? " file" : " files") + " skipped: not snapshots): give a directory of snapshots, "
                + "or two or more files in time order");
    }

    private static List<Path> failed(PrintWriter err, int[] exit, int code, String message) {
        err.println("ompd-explorer: " + message);
        err.flush();
        exit[0] = code;
        return null;
    }
}
