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
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Loads a command's input and turns a failure into its message and exit code: no stack traces. */
final class SnapshotInput {
    /** How {@code -} is named in messages. */
    static final String STANDARD_INPUT = "standard input";

    private SnapshotInput() {
    }

    /** What {@link #load(Path, boolean, PrintWriter, int[], boolean)} sets {@code exit[0]} to for a skipped file. */
    static final int SKIPPED = -1;

    /** The load result, or {@code null} after printing why and setting {@code exit[0]}. */
    static LoadResult load(Path file, boolean strict, PrintWriter err, int[] exit) {
        return load(file, strict, err, exit, false);
    }

    /**
     * As {@link #load(Path, boolean, PrintWriter, int[])}; with {@code skipNonSnapshots}, a file that is not a
     * snapshot at all (JSON of another kind, an empty file) is one line "skipped FILE: not a snapshot (why)" and
     * {@code exit[0]} is {@link #SKIPPED}: a directory of snapshots may hold other JSON (compile_commands.json).
     */
    static LoadResult load(Path file, boolean strict, PrintWriter err, int[] exit, boolean skipNonSnapshots) {
        try {
            LoadOptions options = strict ? LoadOptions.STRICT : LoadOptions.LENIENT;
            if (file.toString().equals("-")) {
                return new SnapshotLoader().load(System.in, STANDARD_INPUT, -1, options, ProgressListener.NONE);
            }
            return new SnapshotLoader(UserReopenCache.get()).load(file, options, ProgressListener.NONE);
        } catch (UnsupportedFormatException e) {
            Diagnostic reason = e.diagnostics().getFirst();
            if (skipNonSnapshots && reason.code().equals("not-a-snapshot")) {
                err.println("ompd-explorer: skipped " + name(file) + ": not a snapshot (" + reason.message() + ")");
                exit[0] = SKIPPED;
            } else {
                err.println("ompd-explorer: " + org.ompdexplorer.model.TextCut.cut(e.getMessage(), DiagnosticLines.LINE));
                exit[0] = ExitCodes.UNREADABLE;
            }
        } catch (InvalidSnapshotException e) {
            err.println("ompd-explorer: " + name(file) + " is not a valid snapshot (--strict):");
            DiagnosticLines.print(err, "  ", e.diagnostics(), DiagnosticLines.DEFAULT_MAX, null);
            exit[0] = ExitCodes.INVALID;
        } catch (SnapshotLoadException e) {
            err.println("ompd-explorer: " + org.ompdexplorer.model.TextCut.cut(e.getMessage(), DiagnosticLines.LINE));
            if (e.diagnostics().size() > 1) {
                DiagnosticLines.print(err, "  ", e.diagnostics().subList(0, e.diagnostics().size() - 1),
                        DiagnosticLines.DEFAULT_MAX, null);
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
