package org.ompdexplorer.app.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import picocli.CommandLine;

/** Builds the command line with its exit codes and error handling; {@link #run} is testable in-process. */
public final class Cli {
    private Cli() {
    }

    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new OmpdExplorerCommand());
        cli.setParameterExceptionHandler((e, args) -> {
            CommandLine failed = e.getCommandLine();
            PrintWriter err = failed.getErr();
            err.println("ompd-explorer: " + e.getMessage());
            err.println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for the usage.");
            err.flush();
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> internalError(e, commandLine.getErr()));
        paragraphs(cli);
        return cli;
    }

    /**
     * A command's description is written as lines of source; picocli prints each as a line of its own, so a sentence
     * broken in the source was broken mid-sentence in the help. Lines that do not end a sentence are joined to the
     * next, and picocli wraps each paragraph to the terminal.
     */
    static void paragraphs(CommandLine cli) {
        var usage = cli.getCommandSpec().usageMessage();
        java.util.List<String> joined = new java.util.ArrayList<>();
        StringBuilder paragraph = new StringBuilder();
        for (String line : usage.description()) {
            paragraph.append(paragraph.isEmpty() ? "" : " ").append(line.strip());
            if (line.isBlank() || line.stripTrailing().matches(".*[.:!?)]$")) {
                joined.add(paragraph.toString());
                paragraph.setLength(0);
            }
        }
        if (!paragraph.isEmpty()) {
            joined.add(paragraph.toString());
        }
        usage.description(joined.toArray(String[]::new));
        cli.getSubcommands().values().forEach(Cli::paragraphs);
    }

    /** Runs with {@code args}, writing to the given streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        PrintWriter safeErr = TerminalText.safe(err); // messages quote file names and snapshot text: never raw escapes
        // A plain import-core or capture runs without picocli: it is most of a one-shot import's start (PlainArguments)
        Optional<? extends DirectCommand> direct = args.length == 0 ? Optional.empty() : switch (args[0]) {
            case "import-core" -> ImportCoreCommand.direct(args, 1);
            case "capture" -> CaptureCommand.direct(args, 1);
            default -> Optional.empty();
        };
        if (direct.isPresent()) {
            try {
                return direct.get().run(out, safeErr);
            } catch (Exception e) {
                return internalError(e, safeErr);
            }
        }
        CommandLine cli = commandLine();
        cli.setOut(out);
        cli.setErr(safeErr);
        return cli.execute(args);
    }

    /** What picocli's handler says of an exception a command did not expect, and its exit code. */
    private static int internalError(Exception e, PrintWriter err) {
        err.println("ompd-explorer: internal error: " + e + " — please report it with the command you ran");
        err.flush();
        return ExitCodes.INTERNAL;
    }

    /**
     * Runs on the process's standard streams, always in UTF-8: a snapshot written to standard output must not
     * lose its non-ASCII text to a C locale.
     */
    public static int run(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out,
                StandardCharsets.UTF_8), false);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err,
                StandardCharsets.UTF_8), true);
        try {
            return run(args, out, err);
        } finally {
            out.flush();
            err.flush();
        }
    }
}
