package org.ompdexplorer.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;

/** Writes an imported snapshot to a file (atomically) or to standard output. */
final class SnapshotOutput {
    private SnapshotOutput() {
    }

    static int write(LoadResult result, Path output, PrintWriter out, PrintWriter err) {
        try {
            if (output == null || output.toString().equals("-")) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                new SnapshotJsonExporter().write(result.snapshot(), bytes);
                out.print(bytes.toString(StandardCharsets.UTF_8));
                out.flush();
            } else {
                new SnapshotJsonExporter().write(result.snapshot(), output);
            }
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("ompd-explorer: cannot write " + output + ": " + e.getMessage()
                    + " — check that its directory exists and is writable");
            err.flush();
            return ExitCodes.UNREADABLE;
        }
    }
}
