package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadId;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "stacks", mixinStandardHelpOptions = true,
        description = {"Print where each thread is in the code: its call stack cut into OpenMP task segments.",
                "As gdb's OMPD plugin (ompd bt) shows it: frames numbered innermost first (an inlined call is a frame "
                        + "of its own), each task's frames under its name, the OpenMP runtime's frames between and "
                        + "below tasks folded to one line (--all-frames lists them).",
                "With --merged, every thread's stack merged into one tree, outermost frame first, with the threads "
                        + "that pass through each branch (T1-T4,T7): threads that share a whole path are one class.",
                "Stacks are taken by import-core and capture (snapshot format 1.3)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed", "2:FILE could not be read or is not a snapshot", "64:--thread names no thread"})
final class StacksCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot, or - for standard input")
    Path file;

    @Option(names = "--merged", description = "merge all threads' stacks into one tree")
    boolean merged;

    @Option(names = "--all-frames", description = "list the OpenMP runtime's frames instead of folding them")
    boolean allFrames;

    @Option(names = "--thread", paramLabel = "T", description = "only this thread (T3 or 3)")
    String thread;

    @Option(names = "--strict", description = "refuse a snapshot with any error")
    boolean strict;

    @Override
    public Integer call() {
        Optional<ThreadId> only = Optional.empty();
        if (thread != null) {
            String digits = thread.startsWith("T") || thread.startsWith("t") ? thread.substring(1) : thread;
            try {
                only = Optional.of(new ThreadId(Long.parseLong(digits)));
            } catch (NumberFormatException e) {
                throw new ParameterException(spec.commandLine(), "--thread takes a thread such as T3 or 3, not '"
                        + thread + "'");
            }
        }
        PrintWriter out = TerminalText.safe(spec.commandLine().getOut());
        int[] exit = {ExitCodes.OK};
        LoadResult result = SnapshotInput.load(file, strict, spec.commandLine().getErr(), exit);
        if (result == null) {
            return exit[0];
        }
        Snapshot snapshot = result.snapshot();
        if (only.isPresent() && snapshot.index().thread(only.get()).isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--thread " + thread + ": " + file + " has no thread "
                    + org.ompdexplorer.model.Names.thread(only.get()) + " (its threads: "
                    + org.ompdexplorer.model.IdRanges.format(snapshot.threads().stream().map(t -> t.id().value())
                    .toList(), "T") + ")");
        }
        if (snapshot.callStacks().isEmpty()) {
            out.println(file + " holds no call stacks: they are taken by import-core and capture since snapshot "
                    + "format 1.3 — import the core or capture the program again to have them.");
            out.flush();
            return ExitCodes.OK;
        }
        StacksReport report = new StacksReport(snapshot, allFrames);
        if (merged) {
            report.printMerged(out);
        } else {
            report.printThreads(out, only);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
