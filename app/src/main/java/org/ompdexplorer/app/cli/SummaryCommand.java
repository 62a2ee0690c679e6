package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "summary", mixinStandardHelpOptions = true,
        description = {"Print a snapshot as text, stable for diffs; of a recording: tasks created by kind, events, "
                + "what was dropped.",
                "Counts, devices (offload runtime, images, mappings, transfers, target regions in flight),",
                "threads and their states, region nesting with team sizes, the task-creation tree with",
                "scheduling links marked, ICVs per scope, diagnostics.",
                "Its length is linear in the snapshot and bounded by --max-tasks, --max-regions and --max-diagnostics "
                        + "(of each kind; the rest are counted); trees deeper than " + SummaryReport.DRAWN_DEPTH
                        + " levels are labelled with their depth instead of drawn; a name is cut to "
                        + org.ompdexplorer.model.TextCut.NAME + " characters and a value to "
                        + org.ompdexplorer.model.TextCut.VALUE + ", with its length said.",
                "Control characters from the snapshot are printed escaped (\\x1b), never raw.",
                "Stable from run to run, so two summaries can be diffed."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed", "2:FILE could not be read or is not a snapshot"})
final class SummaryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot or a recording (.ndjson), or - for standard input")
    Path file;

    @Option(names = "--max-tasks", paramLabel = "N", defaultValue = "500",
            description = "print at most N tasks of the tree (0 = all; default: ${DEFAULT-VALUE})")
    int maxTasks;

    @Option(names = "--max-regions", paramLabel = "N", defaultValue = "500",
            description = "print at most N parallel regions (0 = all; default: ${DEFAULT-VALUE})")
    int maxRegions;

    @Option(names = "--max-diagnostics", paramLabel = "N", defaultValue = "" + DiagnosticLines.DEFAULT_MAX,
            description = "list at most N diagnostics of each kind, then how many more (0 = all; default: "
                    + "${DEFAULT-VALUE})")
    int maxDiagnostics;

    @Option(names = "--strict", description = "refuse a snapshot with any error")
    boolean strict;

    @Override
    public Integer call() {
        if (maxTasks < 0 || maxRegions < 0) {
            throw new ParameterException(spec.commandLine(), "--max-tasks and --max-regions take 0 (all) or a positive"
                    + " number, not " + Math.min(maxTasks, maxRegions));
        }
        if (maxDiagnostics < 0) {
            throw new ParameterException(spec.commandLine(), "--max-diagnostics takes 0 (all) or a positive number, not "
                    + maxDiagnostics);
        }
        PrintWriter out = TerminalText.safe(spec.commandLine().getOut());
        int[] exit = {ExitCodes.OK};
        if (RecordingInput.isRecording(file)) {
            RecordingLoadResult recording = RecordingInput.load(file, spec.commandLine().getErr(), exit);
            if (recording == null) {
                return exit[0];
            }
            new RecordingSummary(recording, maxDiagnostics).print(out);
            return ExitCodes.OK;
        }
        LoadResult result = SnapshotInput.load(file, strict, spec.commandLine().getErr(), exit);
        if (result == null) {
            return exit[0];
        }
        new SummaryReport(result.snapshot(), result.diagnostics(), maxTasks, maxRegions, maxDiagnostics).print(out);
        return ExitCodes.OK;
    }
}
