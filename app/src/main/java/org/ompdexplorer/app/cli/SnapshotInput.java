package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.ompdexplorer.importers.InvalidSnapshotException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Loads a command's input and turns a failure into its message and exit code: no stack traces. */
final class SnapshotInput {
    private SnapshotInput() {
    }

    /** The load result, or {@code null} after printing why and setting {@code exit[0]}. */
    static LoadResult load(Path file, boolean strict, PrintWriter err, int[] exit) {
        try {
            return new SnapshotLoader().load(file, strict ? LoadOptions.STRICT : LoadOptions.LENIENT,
                    ProgressListener.NONE);
        } catch (InvalidSnapshotException e) {
            err.println("ompd-explorer: " + file + " is not a valid snapshot (--strict):");
            e.diagnostics().forEach(d -> err.println("  " + d.format()));
            exit[0] = ExitCodes.INVALID;
        } catch (SnapshotLoadException e) {
            err.println("ompd-explorer: " + e.getMessage());
            if (e.diagnostics().size() > 1) {
                e.diagnostics().subList(0, e.diagnostics().size() - 1).forEach(d -> err.println("  " + d.format()));
            }
            exit[0] = ExitCodes.UNREADABLE;
        }
        err.flush();
        return null;
    }

    static long errors(LoadResult result) {
        return result.diagnostics().stream().filter(Diagnostic::isError).count();
    }
}
