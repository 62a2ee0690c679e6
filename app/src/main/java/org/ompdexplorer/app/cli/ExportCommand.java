package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.importers.recording.perfetto.PerfettoExport;
import org.ompdexplorer.importers.recording.perfetto.PerfettoTraceWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a snapshot as normalized JSON (-o), or a recording as a Perfetto trace (--perfetto).",
                "-o: format 1.0, fixed field order, one entity per line; exporting an export gives the same bytes.",
                "--perfetto: FILE is a recording (docs/recording-format.md); the trace (protobuf TrackEvent,",
                "docs/perfetto-export.md) has a track per thread with the tasks, parallel regions, sync regions,",
                "waits and target constructs that ran there, flows from each task's creation to its execution and",
                "from a dependence to its dependent, a \"tasks queued\" counter, and what the recording lacks",
                "(dropped events, a cut end). Open it at ui.perfetto.dev.",
                "Written atomically; the input is never modified."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "1:--strict and the snapshot has errors",
                "2:FILE could not be read (or, with --perfetto, is not a recording), or OUT could not be written",
                "64:usage: no output, both outputs, or OUT is FILE"})
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot (or - for standard input); with --perfetto a "
            + "recording (.ndjson or .ndjson.gz)")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write the snapshot as JSON here")
    Path output;

    @Option(names = "--perfetto", paramLabel = "OUT",
            description = "write the recording as a Perfetto trace here (.gz: compressed)")
    Path perfetto;

    @Option(names = "--compact", description = "no line breaks (smaller, for machines)")
    boolean compact;

    @Option(names = "--strict", description = "refuse a snapshot with any error")
    boolean strict;

    @Override
    public Integer call() {
        if ((output == null) == (perfetto == null)) {
            throw new ParameterException(spec.commandLine(), output == null
                    ? "Missing required option: '--output=OUT' (a snapshot as JSON) or '--perfetto=OUT' (a recording)"
                    : "-o and --perfetto write different things: give one of them");
        }
        PrintWriter err = spec.commandLine().getErr();
        if (perfetto != null) {
            return perfetto(err);
        }
        int refused = SnapshotOutput.check(output, SnapshotOutput.inputs(file), err);
        if (refused != ExitCodes.OK) {
            return refused;
        }
        if (RecordingInput.isRecording(file)) {
            err.println("ompd-explorer: " + file + " is a recording, not a snapshot: write it as a Perfetto trace with "
                    + "--perfetto OUT, or the state at a moment with `replay " + file + " --at T -o OUT`");
            err.flush();
            return ExitCodes.UNREADABLE;
        }
        int[] exit = {ExitCodes.OK};
        LoadResult result = SnapshotInput.load(file, strict, err, exit);
        if (result == null) {
            return exit[0];
        }
        result.diagnostics().forEach(d -> err.println(d.format()));
        err.flush();
        return SnapshotOutput.write(result.snapshot(), compact, output, SnapshotOutput.inputs(file),
                spec.commandLine().getOut(), err);
    }

    private int perfetto(PrintWriter err) {
        if (SnapshotOutput.isStandardOutput(perfetto)) {
            throw new ParameterException(spec.commandLine(), "--perfetto: a Perfetto trace is binary: name a file to "
                    + "write it to, not standard output");
        }
        int refused = SnapshotOutput.check(perfetto, SnapshotOutput.inputs(file), err);
        if (refused != ExitCodes.OK) {
            return refused;
        }
        if (file.toString().equals("-") || Files.isRegularFile(file) && !RecordingInput.isRecording(file)) {
            err.println("ompd-explorer: " + file + " is not a recording: --perfetto writes a whole run, which only a "
                    + "recording holds (make one with `ompd-explorer record -- PROGRAM`); a snapshot is one moment");
            err.flush();
            return ExitCodes.UNREADABLE;
        }
        int[] exit = {ExitCodes.OK};
        RecordingLoadResult result = RecordingInput.load(file, err, exit);
        if (result == null) {
            return exit[0];
        }
        result.diagnostics().forEach(d -> err.println(d.format()));
        err.flush();
        try {
            PerfettoExport written = new PerfettoTraceWriter().write(result.recording(), perfetto,
                    SnapshotOutput.inputs(file));
            PrintWriter out = spec.commandLine().getOut();
            out.println("wrote " + perfetto + ": " + written.threads() + " thread tracks, " + written.slices()
                    + " slices, " + written.flows() + " flows; open it at ui.perfetto.dev");
            out.flush();
            return ExitCodes.OK;
        } catch (OutputException e) {
            return SnapshotOutput.failed(e, err);
        }
    }
}
