package org.ompdexplorer.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Snapshot;

/** Writes a snapshot to a file (atomically) or to standard output ({@code -} or no file): one place for every command. */
final class SnapshotOutput {
    private SnapshotOutput() {
    }

    static int write(Snapshot snapshot, boolean compact, Path output, PrintWriter out, PrintWriter err) {
        try {
            if (output == null || output.toString().equals("-")) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                new SnapshotJsonExporter(compact).write(snapshot, bytes);
                out.print(bytes.toString(StandardCharsets.UTF_8));
                out.flush();
            } else {
                new SnapshotJsonExporter(compact).write(snapshot, output);
            }
            return ExitCodes.OK;
        } catch (IOException e) {
            String why = e instanceof java.nio.file.NoSuchFileException ? "its directory does not exist"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e.getMessage();
            err.println("ompd-explorer: cannot write " + output + ": " + why
                    + " — choose a file in an existing, writable directory");
            err.flush();
            return ExitCodes.UNREADABLE;
        }
    }
}
