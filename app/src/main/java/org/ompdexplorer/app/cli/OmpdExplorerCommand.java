package org.ompdexplorer.app.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.ompdexplorer.app.ui.ExplorerLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "ompd-explorer", mixinStandardHelpOptions = true, version = "OMPD Explorer 0.1.0",
        description = {"See inside a running or crashed OpenMP program.",
                "Without a command, opens the explorer window on FILE, or on the bundled lesson snapshot."},
        subcommands = {SummaryCommand.class, ValidateCommand.class, ExportCommand.class, GenerateCommand.class,
                ImportCoreCommand.class, CaptureCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the snapshot has errors (validate, --strict)",
                "2:an input could not be read or is not a snapshot", "64:the command line is wrong",
                "70:an internal error (please report it)"})
public final class OmpdExplorerCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "0..1", description = "a snapshot to open in the window")
    Path file;

    @Override
    public Integer call() {
        ExplorerLauncher.launch(Optional.ofNullable(file));
        return ExitCodes.OK;
    }
}
