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

@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a snapshot as normalized JSON.",
                "Format 1.0, fixed field order, one entity per line; written atomically; exporting an export",
                "gives the same bytes. The input is never modified."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "1:--strict and the snapshot has errors",
                "2:FILE could not be read, or OUT could not be written"})
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot, or - for standard input")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", required = true, description = "the file to write")
    Path output;

    @Option(names = "--compact", description = "no line breaks (smaller, for machines)")
    boolean compact;

    @Option(names = "--strict", description = "refuse a snapshot with any error")
    boolean strict;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        int refused = SnapshotOutput.check(output, SnapshotOutput.inputs(file), err);
        if (refused != ExitCodes.OK) {
            return refused;
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
}
