package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.ompdexplorer.importers.InvalidSnapshotException;
import org.ompdexplorer.app.UserReopenCache;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Loads a command's input and turns a failure into its message and exit code: no stack traces. */
final class SnapshotInput {
    /** How {@code -} is named in messages. */
    static final String STANDARD_INPUT = "standard input";

    private SnapshotInput() {
    }

    /** The load result, or {@code null} after printing why and setting {@code exit[0]}. */
    static LoadResult load(Path file, boolean strict, PrintWriter err, int[] exit) {
        try {
            LoadOptions options = strict ? LoadOptions.STRICT : LoadOptions.LENIENT;
            if (file.toString().equals("-")) {
                return new SnapshotLoader().load(System.in, STANDARD_INPUT, -1, options, ProgressListener.NONE);
            }
            return new SnapshotLoader(UserReopenCache.get()).load(file, options, ProgressListener.NONE);
        } catch (InvalidSnapshotException e) {
            err.println("ompd-explorer: " + name(file) + " is not a valid snapshot (--strict):");
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

    static String name(Path file) {
        return file.toString().equals("-") ? STANDARD_INPUT : file.toString();
    }

    static long errors(LoadResult result) {
        return result.diagnostics().stream().filter(Diagnostic::isError).count();
    }
}
