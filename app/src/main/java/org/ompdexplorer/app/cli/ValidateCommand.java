package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check a snapshot and list its diagnostics.",
                "Each is located by file, line:column and JSON path: syntax, types, duplicate and dangling ids,",
                "link cycles, ICV scopes, thread numbers outside their team."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:valid (warnings allowed)", "1:loaded, with errors", "2:could not be read or is not a snapshot"})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a JSON snapshot, or - for standard input")
    Path file;

    @Override
    public Integer call() {
        PrintWriter out = TerminalText.safe(spec.commandLine().getOut());
        int[] exit = {ExitCodes.OK};
        LoadResult result = SnapshotInput.load(file, false, spec.commandLine().getErr(), exit);
        if (result == null) {
            return exit[0];
        }
        result.diagnostics().forEach(d -> out.println(d.format()));
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
