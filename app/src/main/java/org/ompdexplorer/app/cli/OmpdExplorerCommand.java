package org.ompdexplorer.app.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.ompdexplorer.app.ui.ExplorerLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "ompd-explorer", mixinStandardHelpOptions = true, version = "OMPD Explorer 0.1.0",
        description = {"See inside a running or crashed OpenMP program.",
                "Without a command, opens the explorer window on FILE, or on the bundled lesson snapshot."},
        subcommands = {SummaryCommand.class, ValidateCommand.class, ExportCommand.class, GenerateCommand.class,
                ImportCoreCommand.class, CaptureCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the snapshot has errors (validate, --strict)",
                "2:an input could not be read or is not a snapshot, or there is no display for the window", "64:the command line is wrong",
                "70:an internal error (please report it)"})
public final class OmpdExplorerCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "0..1", description = "a snapshot to open in the window")
    Path file;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!hasDisplay()) {
            spec.commandLine().getErr().println("ompd-explorer: there is no display to open the window on (DISPLAY "
                    + "and WAYLAND_DISPLAY are not set) — run it in a desktop session or over ssh -X; the commands "
                    + "(summary, validate, export, import-core, …) need none: ompd-explorer --help");
            spec.commandLine().getErr().flush();
            return ExitCodes.UNREADABLE;
        }
        ExplorerLauncher.launch(Optional.ofNullable(file));
        return ExitCodes.OK;
    }

    /** A display, or a Glass platform chosen explicitly (the headless one in tests and screenshots). */
    private static boolean hasDisplay() {
        return System.getenv("DISPLAY") != null || System.getenv("WAYLAND_DISPLAY") != null
                || System.getProperty("glass.platform") != null;
    }
}
