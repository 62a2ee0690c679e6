package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.recording.RecordingTime;
import org.ompdexplorer.model.recording.StateAt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Rebuild the state of a recorded run at a moment, as a snapshot.",
                "FILE is a recording of the agent's record mode (docs/recording-format.md, .ndjson or .ndjson.gz).",
                "The state after every event up to T: threads, parallel regions and teams, the tasks not completed",
                "then with their lifecycle, links and dependences. With -o it is written as a JSON snapshot",
                "(atomically; every command that reads snapshots reads it), else its summary is printed.",
                "What the recording lacks (a cut end, dropped events) is said on standard error."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written or printed", "2:FILE could not be read or is not a recording, or OUT could not be "
                + "written", "64:T is no moment"})
final class ReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a recording (.ndjson or .ndjson.gz)")
    Path file;

    @Option(names = "--at", paramLabel = "T", required = true,
            description = "the moment: a time from the start (1.5ms, 200us, 2s, 300ns) or a share of the run (50%%)")
    String at;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write the state as a JSON snapshot here")
    Path output;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (output != null) {
            int refused = SnapshotOutput.check(output, SnapshotOutput.inputs(file), err);
            if (refused != ExitCodes.OK) {
                return refused;
            }
        }
        int[] exit = {ExitCodes.OK};
        RecordingLoadResult result = RecordingInput.load(file, err, exit);
        if (result == null) {
            return exit[0];
        }
        long t;
        try {
            t = RecordingTime.parse(at, result.recording().duration());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--at: " + e.getMessage());
        }
        result.diagnostics().forEach(d -> err.println(d.format()));
        err.flush();
        Snapshot state = new StateAt(result.recording()).at(t);
        if (output == null) {
            new SummaryReport(state, java.util.List.of(), 500, 500, DiagnosticLines.DEFAULT_MAX)
                    .print(TerminalText.safe(spec.commandLine().getOut()));
            return ExitCodes.OK;
        }
        return SnapshotOutput.write(state, false, output, SnapshotOutput.inputs(file), spec.commandLine().getOut(), err);
    }
}
