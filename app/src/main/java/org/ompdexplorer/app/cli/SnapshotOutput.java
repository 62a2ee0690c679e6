package org.ompdexplorer.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.Snapshot;

/**
 * Writes a snapshot to a file or to standard output ({@code -} or no file), through {@link OutputFile}: one place
 * for every command's output, its checks and its failure messages.
 */
final class SnapshotOutput {
    private SnapshotOutput() {
    }

    /**
     * Whether {@code output} means standard output: none, {@code -}, or a name of this process's descriptor 1
     * ({@code /dev/stdout}, {@code /dev/fd/1}, {@code /proc/self/fd/1}). Those are written to the stream the command
     * was given, as {@code -} is, never opened by name: reopened, a pipe or socket has no file to write beside, and
     * a file the shell redirected into would be replaced behind the shell's back.
     */
    static boolean isStandardOutput(Path output) {
        if (output == null) {
            return true;
        }
        String name = output.toString();
        return name.equals("-") || name.equals("/dev/stdout") || name.equals("/dev/fd/1")
                || name.equals("/proc/self/fd/1") || name.equals("/proc/thread-self/fd/1")
                || name.equals("/proc/" + ProcessHandle.current().pid() + "/fd/1");
    }

    /**
     * Checks the output before a command does its work (an import can take a while): prints why it cannot be
     * written and returns the exit code, or {@link ExitCodes#OK}.
     */
    static int check(Path output, Collection<Path> inputs, PrintWriter err) {
        if (isStandardOutput(output)) {
            return ExitCodes.OK;
        }
        try {
            OutputFile.check(output, inputs);
            return ExitCodes.OK;
        } catch (OutputException e) {
            return failed(e, err);
        }
    }

    static int write(Snapshot snapshot, boolean compact, Path output, Collection<Path> inputs, PrintWriter out,
            PrintWriter err) {
        try {
            if (isStandardOutput(output)) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                new SnapshotJsonExporter(compact).write(snapshot, bytes);
                out.print(bytes.toString(StandardCharsets.UTF_8));
                out.flush();
            } else {
                new SnapshotJsonExporter(compact).write(snapshot, output, inputs);
            }
            return ExitCodes.OK;
        } catch (OutputException e) {
            return failed(e, err);
        }
    }

    /** The inputs a command reads, leaving out those it was not given. */
    static List<Path> inputs(Path... paths) {
        List<Path> list = new ArrayList<>();
        for (Path p : paths) {
            if (p != null) {
                list.add(p);
            }
        }
        return list;
    }

    /**
     * Says why an output could not be written; the exit code: usage when it is an input or no name at all, else
     * unreadable.
     */
    static int failed(OutputException e, PrintWriter err) {
        err.println("ompd-explorer: " + e.getMessage());
        err.flush();
        return e.reason() == OutputException.Reason.SAME_AS_INPUT || e.reason() == OutputException.Reason.EMPTY_NAME
                ? ExitCodes.USAGE : ExitCodes.UNREADABLE;
    }
}
