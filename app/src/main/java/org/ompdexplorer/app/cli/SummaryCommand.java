package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "summary", mixinStandardHelpOptions = true,
        description = {"Print a snapshot as text, stable for diffs.",
                "Counts, threads and their states, region nesting with team sizes, the task-creation tree with",
                "scheduling links marked, ICVs per scope, diagnostics.",
                "Stable from run to run, so two summaries can be diffed."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed", "2:FILE could not be read or is not a snapshot"})
final class SummaryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot")
    Path file;

    @Option(names = "--max-tasks", paramLabel = "N", defaultValue = "500",
            description = "print at most N tasks of the tree (0 = all; default: ${DEFAULT-VALUE})")
    int maxTasks;

    @Option(names = "--strict", description = "refuse a snapshot with any error")
    boolean strict;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int[] exit = {ExitCodes.OK};
        LoadResult result = SnapshotInput.load(file, strict, spec.commandLine().getErr(), exit);
        if (result == null) {
            return exit[0];
        }
        new SummaryReport(result.snapshot(), result.diagnostics(), maxTasks).print(out);
        return ExitCodes.OK;
    }
}
