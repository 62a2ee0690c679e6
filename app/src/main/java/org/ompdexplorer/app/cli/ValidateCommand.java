package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check a snapshot and list its diagnostics.",
                "Each is located by file, line:column and JSON path: syntax, types, duplicate and dangling ids,",
                "link cycles, ICV scopes, thread numbers outside their team.",
                "At most --max-diagnostics of each kind are listed (default " + DiagnosticLines.DEFAULT_MAX
                        + "), then how many more; the count line says them all."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:valid (warnings allowed)", "1:loaded, with errors", "2:could not be read or is not a snapshot",
                "64:the command line is wrong (a negative --max-diagnostics)"})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot, or - for standard input")
    Path file;

    @Option(names = "--max-diagnostics", paramLabel = "N", defaultValue = "" + DiagnosticLines.DEFAULT_MAX,
            description = "list at most N diagnostics of each kind, then how many more (0 = all; default: "
                    + "${DEFAULT-VALUE})")
    int maxDiagnostics;

    @Override
    public Integer call() {
        if (maxDiagnostics < 0) {
            throw new ParameterException(spec.commandLine(), "--max-diagnostics takes 0 (all) or a positive number, not "
                    + maxDiagnostics);
        }
        PrintWriter out = TerminalText.safe(spec.commandLine().getOut());
        int[] exit = {ExitCodes.OK};
        LoadResult result = SnapshotInput.load(file, false, spec.commandLine().getErr(), exit);
        if (result == null) {
            return exit[0];
        }
        DiagnosticLines.print(out, "", result.diagnostics(), maxDiagnostics, "--max-diagnostics");
        if (result.decompressed() && !result.diagnostics().isEmpty()) {
            out.println(SnapshotInput.name(file) + " is gzip-compressed: line:column count in the decompressed JSON"
                    + " (zcat it to see them)");
        }
        long errors = SnapshotInput.errors(result);
        out.println(SnapshotInput.name(file) + ": " + (errors == 0 ? "valid" : "invalid") + " — " + errors + " error(s), "
                + (result.diagnostics().size() - errors) + " warning(s); " + result.snapshot().threads().size()
                + " threads, " + result.snapshot().parallelRegions().size() + " parallel regions, "
                + result.snapshot().tasks().size() + " tasks");
        out.flush();
        return errors == 0 ? ExitCodes.OK : ExitCodes.INVALID;
    }
}
