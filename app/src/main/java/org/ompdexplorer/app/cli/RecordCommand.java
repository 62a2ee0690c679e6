package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "record", mixinStandardHelpOptions = true,
        description = {"Run a program under the capture agent in record mode and keep its whole run.",
                "ompd-explorer record [-o FILE] -- PROGRAM ARGS…: every task's creation, every schedule point, parallel "
                        + "regions, synchronization and target constructs, with their times (docs/recording-format.md).",
                "The program's own output, input and exit status pass through unchanged; this command's lines go to "
                        + "standard error. Snapshots the program takes meanwhile are marked in the recording, not kept "
                        + "(run it with the agent for those). Then: replay FILE --at T, summary FILE."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"the program's:its exit status, or 128+N when signal N ended it", "2:the agent or the program "
                + "could not be started, or no recording was written (the message says why)", "64:usage"})
final class RecordCommand implements Callable<Integer> {
    /** The agent library to use, when not given by --agent. */
    static final String AGENT_VARIABLE = "OMPD_EXPLORER_AGENT";
    private static final String AGENT_FILE = "libompd-explorer-agent.so";

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "the recording to write (default: ompd-explorer-PID-recording.ndjson here, as the agent names it)")
    Path output;

    @Option(names = "--agent", paramLabel = "LIB", description = "the capture agent (default: $" + AGENT_VARIABLE
            + ", else the one built in this checkout, agent/target/native/" + AGENT_FILE + ")")
    Path agent;

    @Parameters(paramLabel = "PROGRAM", arity = "1..*", description = "the program and its arguments, after --")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        Optional<Path> library = agentLibrary(agent, System.getenv(AGENT_VARIABLE), launcherDirectory());
        if (library.isEmpty()) {
            err.println("ompd-explorer: record: no capture agent found (" + (agent != null ? agent + " is not a file"
                    : "$" + AGENT_VARIABLE + " unset, and no agent/target/native/" + AGENT_FILE + " beside the launcher")
                    + ") — build it with mvn -B install -DskipTests (or make -C agent), or pass --agent LIB");
            err.flush();
            return ExitCodes.UNREADABLE;
        }
        Path work;
        try {
            work = Files.createTempDirectory("ompd-explorer-record");
        } catch (IOException e) {
            err.println("ompd-explorer: record: cannot make a temporary directory: " + e.getMessage());
            err.flush();
            return ExitCodes.UNREADABLE;
        }
        try {
            ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
            Map<String, String> env = pb.environment();
            env.put("OMP_TOOL_LIBRARIES", library.get().toAbsolutePath().toString());
            env.put("OMPD_EXPLORER_RECORD", "1");
            env.put("OMPD_EXPLORER_DIR", work.toString());
            Process program;
            try {
                program = pb.start();
            } catch (IOException e) {
                err.println("ompd-explorer: record: cannot run " + command.getFirst() + ": " + e.getMessage()
                        + " — name a program (a path, or one on PATH) after --");
                err.flush();
                return ExitCodes.UNREADABLE;
            }
            int status = program.waitFor();
            Optional<Path> written = recording(work);
            if (written.isEmpty()) {
                err.println("ompd-explorer: record: " + command.getFirst() + " ended (status " + status + ") without "
                        + "a recording: it ran no OpenMP, or the agent could not be loaded (run with "
                        + "OMP_TOOL_VERBOSE_INIT=stderr to see why)");
                err.flush();
                return ExitCodes.UNREADABLE;
            }
            Path target = output != null ? output : Path.of(written.get().getFileName().toString());
            try {
                OutputFile.write(target, List.of(Path.of(command.getFirst())), out -> {
                    try (InputStream in = Files.newInputStream(written.get())) {
                        in.transferTo(out);
                    }
                });
            } catch (OutputException e) {
                err.println("ompd-explorer: record: " + e.getMessage());
                err.flush();
                return ExitCodes.UNREADABLE;
            }
            err.println("ompd-explorer: recorded " + command.getFirst() + " (status " + status + ") to " + target
                    + " — replay " + target + " --at 50%, or summary " + target);
            err.flush();
            return status;
        } finally {
            deleteTree(work);
        }
    }

    /** The agent: the option, else the variable, else the checkout's build beside the launcher. */
    static Optional<Path> agentLibrary(Path option, String variable, Path launcher) {
        if (option != null) {
            return Files.isRegularFile(option) ? Optional.of(option) : Optional.empty();
        }
        if (variable != null && !variable.isBlank()) {
            Path p = Path.of(variable);
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        }
        if (launcher != null) {
            Path built = launcher.resolve("agent/target/native").resolve(AGENT_FILE);
            if (Files.isRegularFile(built)) {
                return Optional.of(built);
            }
        }
        return Optional.empty();
    }

    /** The checkout the launcher script runs from ($OMPD_EXPLORER_HOME, which it sets), or null. */
    private static Path launcherDirectory() {
        String home = System.getenv("OMPD_EXPLORER_HOME");
        return home == null || home.isBlank() ? Path.of("").toAbsolutePath() : Path.of(home);
    }

    /** The recording the agent wrote into {@code dir} (its name ends in recording.ndjson, or .gz). */
    private static Optional<Path> recording(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().contains("-recording.ndjson")).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory: the system's cleaning takes what is left
        }
    }
}
