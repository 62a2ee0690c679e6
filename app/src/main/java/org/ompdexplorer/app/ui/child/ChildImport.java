package org.ompdexplorer.app.ui.child;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Runs an ompd-explorer command that writes a snapshot ({@code import-core}, {@code capture}) in a child process
 * and loads what it wrote (ADR 0003): libompd is native code, and a crash or a hang in it must cost a message,
 * not the window. Progress comes from the child's standard error; cancelling, the watchdog and closing the
 * window end the child and everything it started (gcore), and its directory goes with it.
 *
 * <p>Call {@link #run} from a background job: it blocks until the child ends, polling for cancellation.
 */
public final class ChildImport {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    private static final long POLL_MILLIS = 50;
    private static final long GRACE_MILLIS = 2_000;
    /** Every child still running, with its directory. */
    private static final Map<Process, Path> RUNNING = new ConcurrentHashMap<>();

    private static final String WINDOW_UNAFFECTED = "the window is unaffected";

    private final ChildLauncher launcher;
    private final Duration timeout;
    private final String unaffected;

    /**
     * @param launcher how to start the ompd-explorer command line
     * @param timeout  the watchdog: a child running longer is stopped and reported as hung
     */
    public ChildImport(ChildLauncher launcher, Duration timeout) {
        this(launcher, timeout, WINDOW_UNAFFECTED);
    }

    /**
     * @param unaffected what a failure message says goes on despite it ("the window is unaffected", "the other
     *                   cores go on")
     */
    public ChildImport(ChildLauncher launcher, Duration timeout, String unaffected) {
        this.launcher = launcher;
        this.timeout = timeout;
        this.unaffected = unaffected;
    }

    /** The same ompd-explorer in a new JVM, with the default watchdog. */
    public static ChildImport ofCurrentJvm() {
        return new ChildImport(workDir -> ChildLauncher.currentJvm().command(workDir), DEFAULT_TIMEOUT);
    }

    public ChildLauncher launcher() {
        return launcher;
    }

    /**
     * Stops every child still running and deletes its directory; the window calls this when it closes, since
     * the jobs' own clean-up may not get to run before the JVM exits.
     */
    public static void stopAll() {
        RUNNING.forEach((child, work) -> {
            stop(child);
            deleteTree(work);
        });
    }

    /**
     * Runs the launcher's command with {@code arguments} and {@code -o FILE}, and loads FILE.
     *
     * @param input     what is imported ("core file x.core", "process 1234"), for messages
     * @param arguments the command and its options, e.g. {@code import-core CORE --exe EXE --progress}
     * @return the snapshot, with the diagnostics the child reported first
     * @throws ChildImportException   when the child failed, crashed, hung or wrote nothing usable
     * @throws LoadCancelledException when {@code context} was cancelled (the child has been stopped)
     */
    public LoadResult run(String input, List<String> arguments, JobContext context)
            throws ChildImportException, LoadCancelledException, IOException {
        Path work = Files.createTempDirectory("ompd-explorer-import-");
        try {
            return runIn(work, input, arguments, context);
        } finally {
            deleteTree(work);
        }
    }

    /**
     * Runs the launcher's command with {@code arguments} and {@code -o output}: the child writes the snapshot itself
     * (through the output helper, so a child that fails leaves no partial file), and nothing is loaded here.
     *
     * @return the diagnostics the child reported
     * @throws ChildImportException   when the child failed, crashed or hung
     * @throws LoadCancelledException when {@code context} was cancelled (the child has been stopped)
     */
    public List<Diagnostic> write(String input, List<String> arguments, Path output, JobContext context)
            throws ChildImportException, LoadCancelledException, IOException {
        Path work = Files.createTempDirectory("ompd-explorer-import-");
        try {
            return runChild(work, input, commandLine(work, arguments, output), context).diagnostics();
        } finally {
            deleteTree(work);
        }
    }

    /** The exact command line the child gets for {@code arguments}, in {@code workDir}. */
    public List<String> commandLine(Path workDir, List<String> arguments) {
        return commandLine(workDir, arguments, workDir.resolve("snapshot.json"));
    }

    private List<String> commandLine(Path workDir, List<String> arguments, Path output) {
        List<String> command = new ArrayList<>(launcher.command(workDir));
        command.addAll(arguments);
        command.add("-o");
        command.add(output.toString());
        return command;
    }

    private LoadResult runIn(Path work, String input, List<String> arguments, JobContext context)
            throws ChildImportException, LoadCancelledException, IOException {
        ChildStderr stderr = runChild(work, input, commandLine(work, arguments), context);
        return load(work.resolve("snapshot.json"), input, stderr.diagnostics(), context);
    }

    /** Runs {@code command} in {@code work} to its end; what it said, when it ended well. */
    private ChildStderr runChild(Path work, String input, List<String> command, JobContext context)
            throws ChildImportException, LoadCancelledException, IOException {
        Path errors = Files.createFile(work.resolve("stderr.txt"));
        Process child;
        try {
            child = new ProcessBuilder(command).directory(work.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.appendTo(errors.toFile()))
                    .start();
        } catch (IOException e) {
            throw new ChildImportException(ChildImportException.Kind.NOT_STARTED, -1, "could not start the import ("
                    + command.getFirst() + "): " + e.getMessage() + " — check that this Java installation is complete");
        }
        RUNNING.put(child, work);
        ChildStderr stderr = new ChildStderr(errors);
        try {
            waitFor(child, stderr, input, context);
        } finally {
            RUNNING.remove(child);
        }
        stderr.finish(context);
        int code = child.exitValue();
        if (code != 0) {
            throw ChildFailures.of(code, stderr, CrashLog.find(work), input, unaffected);
        }
        return stderr;
    }

    private void waitFor(Process child, ChildStderr stderr, String input, JobContext context)
            throws IOException, LoadCancelledException, ChildImportException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (!child.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                stderr.readNew(context);
                if (context.isCancelled()) {
                    stop(child);
                    throw new LoadCancelledException(input);
                }
                if (System.nanoTime() - deadline > 0) {
                    stop(child);
                    throw ChildFailures.timedOut(input, timeout, stderr.lastProgress(), unaffected);
                }
            }
        } catch (InterruptedException e) { // the window is closing
            stop(child);
            Thread.currentThread().interrupt();
            throw new LoadCancelledException(input);
        }
    }

    private static LoadResult load(Path output, String input, List<Diagnostic> childDiagnostics, JobContext context)
            throws ChildImportException, LoadCancelledException, IOException {
        if (!Files.isRegularFile(output)) {
            throw new ChildImportException(ChildImportException.Kind.NO_SNAPSHOT, 0, "the import of " + input
                    + " ended without writing a snapshot — run the same import-core command in a terminal to see why");
        }
        try (InputStream in = Files.newInputStream(output)) {
            LoadResult result = new SnapshotLoader().load(in, input, Files.size(output), LoadOptions.LENIENT,
                    listener(context));
            List<Diagnostic> all = new ArrayList<>(childDiagnostics);
            all.addAll(result.diagnostics());
            return new LoadResult(result.snapshot(), all);
        } catch (LoadCancelledException e) {
            throw e;
        } catch (SnapshotLoadException e) {
            throw new ChildImportException(ChildImportException.Kind.NO_SNAPSHOT, 0, "the snapshot the import of "
                    + input + " wrote cannot be read: " + e.getMessage());
        }
    }

    /**
     * Ends the child and what it started: politely first (a JVM runs its shutdown, gdb detaches from the process
     * it was dumping), then by force.
     */
    static void stop(Process child) {
        List<ProcessHandle> descendants = child.descendants().toList();
        child.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            if (!child.waitFor(GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                child.destroyForcibly().waitFor(GRACE_MILLIS, TimeUnit.MILLISECONDS);
            }
            // onExit() of a process that is not our child polls slowly; a short poll ends this sooner
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS);
            while (descendants.stream().anyMatch(ChildImport::running) && System.nanoTime() - deadline < 0) {
                Thread.sleep(10);
            }
            descendants.stream().filter(ChildImport::running).forEach(ProcessHandle::destroyForcibly);
        } catch (InterruptedException e) {
            child.destroyForcibly();
            descendants.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
    }

    /** Alive and not a zombie: a dead orphan stays a zombie until init reaps it, which may take a while. */
    private static boolean running(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            int end = stat.lastIndexOf(')');
            return end < 0 || end + 2 >= stat.length() || stat.charAt(end + 2) != 'Z';
        } catch (IOException e) {
            return false; // gone meanwhile
        }
    }

    private static ProgressListener listener(JobContext context) {
        return new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
                context.progress("reading the snapshot: " + phase, done, total);
            }

            @Override
            public boolean isCancelled() {
                return context.isCancelled();
            }
        };
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover in the temporary directory is not worth a second message
        }
    }
}
