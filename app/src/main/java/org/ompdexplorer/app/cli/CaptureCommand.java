package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.ompd.CoreImportOptions;
import org.ompdexplorer.importers.ompd.OmpdCoreImporter;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.Snapshot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "capture", mixinStandardHelpOptions = true,
        description = {"Snapshot a running OpenMP program.",
                "Takes a core of process PID with gdb's gcore (the process stops for as long as that takes, then",
                "runs on), imports it like import-core, and deletes the temporary core."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:no such process, the process ended during the capture, no gcore, gcore failed,"
                + " the core could not be imported, or OUT could not be written",
                "64:PID is not a positive number, or OUT is the program itself or another input"})
final class CaptureCommand implements Callable<Integer>, DirectCommand {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PID", description = "the process to snapshot")
    long pid;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "the snapshot to write (default: standard output)")
    Path output;

    @Option(names = "--ompd-lib", paramLabel = "FILE", description = "the libompd.so to use")
    Path ompdLibrary;

    @Option(names = "--progress", description = "report progress on standard error, one 'progress PHASE DONE TOTAL' line each")
    boolean progress;

    @Option(names = "--no-stacks", description = "do not unwind the threads' call stacks (taken by default, with libdw)")
    boolean noStacks;

    @Option(names = "--gcore-timeout", paramLabel = "SECONDS", defaultValue = "" + DEFAULT_GCORE_TIMEOUT,
            description = "give up on gcore after this long (default: ${DEFAULT-VALUE})")
    int gcoreTimeout;

    /** The options {@link PlainArguments} reads for this command: the same as the annotations above. */
    static final PlainArguments.Grammar GRAMMAR = new PlainArguments.Grammar(
            Map.of("-o", "--output", "--output", "--output", "--ompd-lib", "--ompd-lib",
                    "--gcore-timeout", "--gcore-timeout"),
            Map.of(), Map.of("--progress", "--progress", "--no-stacks", "--no-stacks"));
    /** What {@code --gcore-timeout}'s default is; a test holds it to the annotation's. */
    static final int DEFAULT_GCORE_TIMEOUT = 300;

    /**
     * This command as picocli would fill it from {@code args} (its arguments, after the word {@code capture}),
     * without picocli, or empty when they are not all in a plain form (then picocli reads them, as ever).
     */
    static Optional<CaptureCommand> direct(String[] args, int from) {
        Optional<PlainArguments> read = PlainArguments.read(args, from, GRAMMAR);
        if (read.isEmpty() || read.get().positionals().size() != 1) {
            return Optional.empty();
        }
        PlainArguments a = read.get();
        String pid = a.positionals().getFirst();
        String timeout = a.value("--gcore-timeout");
        if (!isPlainNumber(pid, 18) || (timeout != null && !isPlainNumber(timeout, 9))) {
            return Optional.empty(); // picocli says what is wrong with it
        }
        CaptureCommand command = new CaptureCommand();
        try {
            command.output = a.value("--output") == null ? null : Path.of(a.value("--output"));
            command.ompdLibrary = a.value("--ompd-lib") == null ? null : Path.of(a.value("--ompd-lib"));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        command.pid = Long.parseLong(pid);
        command.gcoreTimeout = timeout == null ? DEFAULT_GCORE_TIMEOUT : Integer.parseInt(timeout);
        command.progress = a.flag("--progress");
        command.noStacks = a.flag("--no-stacks");
        return Optional.of(command);
    }

    /** Decimal digits only, few enough to fit: what picocli converts the same way, and nothing it would refuse. */
    private static boolean isPlainNumber(String s, int maxDigits) {
        return !s.isEmpty() && s.length() <= maxDigits && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    @Override
    public Integer call() throws Exception {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    @Override
    public int run(PrintWriter out, PrintWriter err) throws Exception {
        if (pid <= 0) { // kill(2) reads 0 and negative numbers as process groups: never one process to snapshot
            err.println("ompd-explorer: capture: PID must be a positive process number, not " + pid
                    + " — find the program's with: pgrep -a PROGRAM");
            err.flush();
            return ExitCodes.USAGE;
        }
        Path program = LiveCore.executableOf(pid);
        int refused = SnapshotOutput.check(output, SnapshotOutput.inputs(program, ompdLibrary), err);
        if (refused != ExitCodes.OK) {
            return refused;
        }
        try {
            Path core = null;
            Path dir = Files.createTempDirectory("ompd-explorer-capture-");
            try {
                ProgressListener listener = progress ? new ImportCoreCommand.StderrProgress(err) : ProgressListener.NONE;
                listener.progress("taking a core with gcore", 0, -1);
                String startedAt = LiveCore.startTime(pid);
                core = LiveCore.take(pid, dir, gcoreTimeout);
                CoreImportOptions options = CoreImportOptions.of(core, program).withCallStacks(!noStacks);
                if (ompdLibrary != null) {
                    options = options.withOmpdLibrary(ompdLibrary);
                }
                LoadResult result;
                try {
                    result = new OmpdCoreImporter().importCore(options, listener);
                } catch (SnapshotLoadException e) {
                    // killed before gdb read its mappings, the core maps nothing: not the program's fault
                    throw LiveCore.sameProcess(pid, startedAt) ? e : LiveCore.ended(pid);
                }
                Snapshot s = result.snapshot();
                if (s.parallelRegions().isEmpty() && s.tasks().isEmpty() && !LiveCore.sameProcess(pid, startedAt)) {
                    // nothing of the runtime in the core of a process that is gone: it ended during the copy (or was
                    // tearing its runtime down), however gdb put it — never a successful snapshot of nothing
                    throw LiveCore.ended(pid);
                }
                result.diagnostics().forEach(d -> err.println(d.format()));
                return SnapshotOutput.write(asLive(s), false, output,
                        SnapshotOutput.inputs(program, ompdLibrary), out, err);
            } finally {
                deleteTree(dir);
            }
        } catch (LiveCore.CaptureException e) {
            err.println("ompd-explorer: " + e.getMessage());
            return ExitCodes.UNREADABLE;
        } catch (SnapshotLoadException e) {
            err.println("ompd-explorer: " + e.getMessage());
            return ExitCodes.UNREADABLE;
        } finally {
            err.flush();
        }
    }

    private Snapshot asLive(Snapshot s) {
        CaptureInfo c = s.capture();
        String name = c.program() == null ? "process" : Path.of(c.program()).getFileName().toString();
        CaptureInfo live = new CaptureInfo(CaptureSource.LIVE_PROCESS, c.program(), pid, c.host(), c.time(),
                name + " (pid " + pid + ", live)", c.description(), "ompd-explorer capture (gcore + libompd)");
        return new Snapshot(live, s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), s.tasks());
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
