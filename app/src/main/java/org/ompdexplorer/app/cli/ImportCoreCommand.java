package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.debuginfo.DebuginfodSettings;
import org.ompdexplorer.importers.ompd.CoreImportOptions;
import org.ompdexplorer.importers.ompd.OmpdCoreImporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "import-core", mixinStandardHelpOptions = true,
        description = {"Read a core file through the runtime's libompd and write it as a snapshot.",
                "Every thread, parallel region, task (through scheduling and generating links), frame and ICV "
                        + "that OMPD gives; what it refuses is kept with its return code.",
                "The window's 'Open core file…' runs this command in a child process, so a crash in native code "
                        + "never takes the window down.",
                "Given a directory (the cores of an MPI job's ranks), every core in it is imported by its own child"
                        + " process, --jobs at a time, each to OUTDIR/<core>.json; each core's rank comes from the"
                        + " launcher's environment the core holds."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written (every core of a directory)", "2:the core, executable, runtime or libompd could not"
                + " be used, or OUT could not be written (the message says why and what to do); for a directory: a core"
                + " failed or there was none", "64:OUT is the core, the executable or another input"})
final class ImportCoreCommand implements Callable<Integer>, DirectCommand {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "CORE", description = "a core file (kernel core or gcore), or a directory of cores")
    Path core;

    @Option(names = "--jobs", paramLabel = "N", description = "for a directory: how many cores to import at a time, each"
            + " in its own process (default: the number of processors)")
    Integer jobs;

    @Option(names = "--exe", paramLabel = "EXE", description = "the program the core is of (default: as the core names it)")
    Path executable;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "the snapshot to write (default: standard"
            + " output); for a directory of cores, the directory to write their snapshots to (made if missing)")
    Path output;

    @Option(names = "--sysroot", paramLabel = "DIR", description = "prefix for every library path the core names")
    Path sysroot;

    @Option(names = "--solib-search-path", paramLabel = "DIR", description = "where else to look for libraries (repeatable)")
    List<Path> solibSearchPaths = new ArrayList<>();

    @Option(names = "--debug-dir", paramLabel = "DIR", description = "where to look for separate debug files, before /usr/lib/debug (repeatable)")
    List<Path> debugDirs = new ArrayList<>();

    @Option(names = "--ompd-lib", paramLabel = "FILE", description = "the libompd.so to use (default: as the runtime names it, then beside libomp)")
    Path ompdLibrary;

    @Option(names = "--debuginfod", paramLabel = "URLS", description = "debuginfod servers to ask for missing debug"
            + " files and modules by build-id, separated by spaces (default: $DEBUGINFOD_URLS; none: no network)")
    String debuginfod;

    @Option(names = "--no-source-lines", description = "do not read task functions' file:line (libdw)")
    boolean noSourceLines;

    @Option(names = "--accept-truncated", description = "import a core whose memory is cut short, with warnings")
    boolean acceptTruncated;

    @Option(names = "--no-stacks", description = "do not unwind the threads' call stacks (taken by default, with libdw)")
    boolean noStacks;

    @Option(names = "--progress", description = "report progress on standard error, one 'progress PHASE DONE TOTAL' line each")
    boolean progress;

    /** The options {@link PlainArguments} reads for this command: the same as the annotations above. */
    static final PlainArguments.Grammar GRAMMAR = new PlainArguments.Grammar(
            Map.of("--exe", "--exe", "-o", "--output", "--output", "--output", "--sysroot", "--sysroot",
                    "--ompd-lib", "--ompd-lib", "--debuginfod", "--debuginfod", "--jobs", "--jobs"),
            Map.of("--solib-search-path", "--solib-search-path", "--debug-dir", "--debug-dir"),
            Map.of("--no-source-lines", "--no-source-lines", "--accept-truncated", "--accept-truncated",
                    "--progress", "--progress", "--no-stacks", "--no-stacks"));

    /**
     * This command as picocli would fill it from {@code args} (its arguments, after the word {@code import-core}),
     * without picocli, or empty when they are not all in a plain form (then picocli reads them, as ever).
     */
    static Optional<ImportCoreCommand> direct(String[] args, int from) {
        Optional<PlainArguments> read = PlainArguments.read(args, from, GRAMMAR);
        if (read.isEmpty() || read.get().positionals().size() != 1) {
            return Optional.empty();
        }
        PlainArguments a = read.get();
        ImportCoreCommand command = new ImportCoreCommand();
        try {
            command.core = Path.of(a.positionals().getFirst());
            command.executable = path(a.value("--exe"));
            command.output = path(a.value("--output"));
            command.sysroot = path(a.value("--sysroot"));
            command.ompdLibrary = path(a.value("--ompd-lib"));
            command.debuginfod = a.value("--debuginfod");
            command.jobs = a.value("--jobs") == null ? null : Integer.valueOf(a.value("--jobs"));
            a.values("--solib-search-path").forEach(d -> command.solibSearchPaths.add(Path.of(d)));
            a.values("--debug-dir").forEach(d -> command.debugDirs.add(Path.of(d)));
        } catch (InvalidPathException | NumberFormatException e) {
            return Optional.empty(); // picocli says what is wrong with it
        }
        command.noSourceLines = a.flag("--no-source-lines");
        command.acceptTruncated = a.flag("--accept-truncated");
        command.noStacks = a.flag("--no-stacks");
        command.progress = a.flag("--progress");
        return Optional.of(command);
    }

    private static Path path(String value) {
        return value == null ? null : Path.of(value);
    }

    @Override
    public Integer call() {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    @Override
    public int run(PrintWriter out, PrintWriter err) {
        if (Files.isDirectory(core)) {
            return runDirectory(err);
        }
        if (jobs != null) {
            return usage(err, "--jobs is for a directory of cores; " + core + " is a file — name the directory");
        }
        int refused = SnapshotOutput.check(output, SnapshotOutput.inputs(core, executable, ompdLibrary), err);
        if (refused != ExitCodes.OK) {
            return refused;
        }
        CoreImportOptions options = CoreImportOptions.of(core, executable)
                .withSourceLines(!noSourceLines).withAcceptTruncatedCore(acceptTruncated).withCallStacks(!noStacks);
        if (sysroot != null) {
            options = options.withSysroot(sysroot);
        }
        for (Path dir : solibSearchPaths) {
            options = options.withSolibSearchPath(dir);
        }
        for (Path dir : debugDirs) {
            options = options.withDebugDirectory(dir);
        }
        if (ompdLibrary != null) {
            options = options.withOmpdLibrary(ompdLibrary);
        }
        DebuginfodSettings servers = DebuginfodSettings.fromEnvironment(System.getenv());
        for (String problem : DebuginfodSettings.environmentProblems(System.getenv())) {
            err.println(org.ompdexplorer.model.diagnostics.Diagnostic.warning("debuginfod-setting", problem, "",
                    org.ompdexplorer.model.diagnostics.Location.inInput("environment", 0, 0, null)).format());
        }
        if (debuginfod != null) {
            try {
                servers = servers.withServers(DebuginfodSettings.parseServers(debuginfod));
            } catch (IllegalArgumentException e) {
                err.println("ompd-explorer: --debuginfod: " + e.getMessage() + " — give http:// or https:// addresses"
                        + " separated by spaces");
                err.flush();
                return ExitCodes.USAGE;
            }
        }
        options = options.withDebuginfod(servers);
        LoadResult result;
        try {
            result = new OmpdCoreImporter().importCore(options, progress ? new StderrProgress(err)
                    : new DownloadProgress(err));
        } catch (SnapshotLoadException e) {
            err.println("ompd-explorer: " + e.getMessage());
            err.flush();
            return ExitCodes.UNREADABLE;
        }
        result.diagnostics().forEach(d -> err.println(d.format()));
        err.flush();
        // the program the core names was read too, when --exe did not name it
        String program = result.snapshot().capture().program();
        return SnapshotOutput.write(result.snapshot(), false, output, SnapshotOutput.inputs(core, executable, ompdLibrary,
                program == null ? null : Path.of(program)), out, err);
    }

    /** {@code import-core DIR -o OUTDIR}: every core in DIR, each in a child process (see {@link CoreDirectoryImport}). */
    private int runDirectory(PrintWriter err) {
        if (SnapshotOutput.isStandardOutput(output)) {
            return usage(err, core + " is a directory: name the directory to write its cores' snapshots to with"
                    + " -o OUTDIR");
        }
        int n = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (n < 1) {
            return usage(err, "--jobs " + n + ": give 1 or more");
        }
        if (debuginfod != null) {
            try {
                DebuginfodSettings.parseServers(debuginfod);
            } catch (IllegalArgumentException e) {
                return usage(err, "--debuginfod: " + e.getMessage() + " — give http:// or https:// addresses"
                        + " separated by spaces");
            }
        }
        if (Files.exists(output) && !Files.isDirectory(output)) {
            return usage(err, "-o " + output + " is a file; for a directory of cores, name a directory to write"
                    + " their snapshots to");
        }
        try {
            Files.createDirectories(output);
        } catch (IOException e) {
            err.println("ompd-explorer: the directory " + output + " cannot be made: " + e.getMessage()
                    + " — name a directory you may write to");
            err.flush();
            return ExitCodes.UNREADABLE;
        }
        return new CoreDirectoryImport(CoreDirectoryImport.currentJvm(), n, err).run(core, output, childOptions(),
                SnapshotOutput.inputs(executable, ompdLibrary));
    }

    /** The options every core of a directory is imported with, as a child's arguments. */
    private List<String> childOptions() {
        List<String> options = new ArrayList<>();
        addPath(options, "--exe", executable);
        addPath(options, "--sysroot", sysroot);
        addPath(options, "--ompd-lib", ompdLibrary);
        solibSearchPaths.forEach(d -> addPath(options, "--solib-search-path", d));
        debugDirs.forEach(d -> addPath(options, "--debug-dir", d));
        if (debuginfod != null) {
            options.addAll(List.of("--debuginfod", debuginfod));
        }
        if (noSourceLines) {
            options.add("--no-source-lines");
        }
        if (acceptTruncated) {
            options.add("--accept-truncated");
        }
        if (noStacks) {
            options.add("--no-stacks");
        }
        return options;
    }

    /** A path the child, in its own working directory, finds as this process does. */
    private static void addPath(List<String> options, String option, Path path) {
        if (path != null) {
            options.addAll(List.of(option, path.toAbsolutePath().toString()));
        }
    }

    private static int usage(PrintWriter err, String message) {
        err.println("ompd-explorer: " + message);
        err.flush();
        return ExitCodes.USAGE;
    }

    /**
     * For a person at a terminal: downloads only (the rest of an import takes a second or two), one line when one
     * starts and then at most every 10 % ("downloading the debug file of libomp.so.5: 1.2 of 4.1 MB").
     */
    static final class DownloadProgress implements ProgressListener {
        private final PrintWriter err;
        private String phase = "";
        private long shownTenths = -1;

        DownloadProgress(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void progress(String what, long done, long total) {
            if (!what.startsWith("downloading")) {
                return;
            }
            long tenths = total > 0 ? done * 10 / total : -1;
            if (what.equals(phase) && (tenths == shownTenths || tenths < 0)) {
                return;
            }
            phase = what;
            shownTenths = tenths;
            err.println("ompd-explorer: " + what + ": " + megabytes(done)
                    + (total > 0 ? " of " + megabytes(total) : "") + " MB");
            err.flush();
        }

        private static String megabytes(long bytes) {
            return String.format(java.util.Locale.ROOT, "%.1f", bytes / 1e6);
        }

        @Override
        public boolean isCancelled() {
            return false; // Ctrl+C ends the process
        }
    }

    /** Machine-readable progress for a parent process: {@code progress <phase> <done> <total>}. */
    record StderrProgress(PrintWriter err) implements ProgressListener {
        @Override
        public void progress(String phase, long done, long total) {
            err.println("progress " + phase.replace(' ', '_') + " " + done + " " + total);
            err.flush();
        }

        @Override
        public boolean isCancelled() {
            return false; // a parent cancels by ending this process
        }
    }
}
