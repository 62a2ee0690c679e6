package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import org.ompdexplorer.app.ui.ExplorerLauncher;
import org.ompdexplorer.app.ui.WindowUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "ompd-explorer", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"See inside a running or crashed OpenMP program.",
                "Without a command, opens the explorer window on FILE, or on the bundled lesson snapshot."},
        subcommands = {SummaryCommand.class, StacksCommand.class, ValidateCommand.class, DiffCommand.class, TimelineCommand.class, JobCommand.class,
                ExportCommand.class, GraphCommand.class, GenerateCommand.class, ImportCoreCommand.class, CaptureCommand.class, ReplayCommand.class, RecordCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success; for diff and timeline, no difference",
                "1:the snapshot has errors (validate, --strict); for diff and timeline, the snapshots differ",
                "2:an input could not be read or is not a snapshot, or there is no display for the window", "64:the command line is wrong",
                "70:an internal error (please report it)"})
public final class OmpdExplorerCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "0..*", description = {"a snapshot to open in the window; two or more "
            + "are compared (the first is A, before), a folder of snapshots is opened as a series"})
    List<Path> files = List.of();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        for (Path file : files) {
            if (!file.toString().equals("-") && !Files.exists(file)) {
                return noSuchFileOrCommand(file);
            }
        }
        if (!hasDisplay()) {
            spec.commandLine().getErr().println("ompd-explorer: there is no display to open the window on (DISPLAY "
                    + "and WAYLAND_DISPLAY are not set) — run it in a desktop session or over ssh -X; the commands "
                    + "(summary, validate, diff, export, import-core, …) need none: ompd-explorer --help");
            spec.commandLine().getErr().flush();
            return ExitCodes.UNREADABLE;
        }
        try {
            ExplorerLauncher.launch(files);
        } catch (WindowUnavailableException e) {
            spec.commandLine().getErr().println("ompd-explorer: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return ExitCodes.UNREADABLE;
        }
        return ExitCodes.OK;
    }

    /** A word that names no file: a mistyped command ("sumary") is far likelier than a missing snapshot. */
    private int noSuchFileOrCommand(Path file) {
        PrintWriter err = spec.commandLine().getErr();
        String word = file.toString();
        List<String> commands = spec.subcommands().keySet().stream().sorted().toList();
        if (!word.contains("/") && !word.contains(".")) {
            String closest = commands.stream().min(Comparator.comparingInt(c -> distance(c, word))).orElse("");
            err.println("ompd-explorer: unknown command '" + word + "'"
                    + (distance(closest, word) <= 2 ? " — did you mean '" + closest + "'?" : "")
                    + " The commands are " + String.join(", ", commands)
                    + "; to open a snapshot file, name it with its path (./" + word + ").");
            err.flush();
            return ExitCodes.USAGE;
        }
        err.println("ompd-explorer: cannot open " + word + ": no such file — check the path");
        err.flush();
        return ExitCodes.UNREADABLE;
    }

    /** Levenshtein distance of two short words. */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** A display, or a Glass platform chosen explicitly (the headless one in tests and screenshots). */
    private static boolean hasDisplay() {
        return System.getenv("DISPLAY") != null || System.getenv("WAYLAND_DISPLAY") != null
                || System.getProperty("glass.platform") != null;
    }
}
