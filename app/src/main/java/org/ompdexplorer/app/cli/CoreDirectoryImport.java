package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.child.ChildImportException;
import org.ompdexplorer.app.ui.child.ChildLauncher;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;

/**
 * {@code import-core DIR -o OUTDIR}: every core of a job's ranks, each imported by its own child JVM, at most
 * {@code jobs} at a time, each written to {@code OUTDIR/<core>.json}. Child processes rather than threads: libompd
 * and libdw are native code, and a crash in one rank's import must cost that rank, not the others (ADR 0003).
 */
final class CoreDirectoryImport {
    private static final int ELF_HEADER = 18;
    private static final int ET_CORE = 4;

    private final ChildImport children;
    private final int jobs;
    private final PrintWriter err;

    /**
     * @param children how to run one import in a child
     * @param jobs     the most children at a time
     * @param err      where progress and failures go, one line each
     */
    CoreDirectoryImport(ChildImport children, int jobs, PrintWriter err) {
        this.children = children;
        this.jobs = jobs;
        this.err = err;
    }

    /** This ompd-explorer in new JVMs; a failure's message says the other cores go on. */
    static ChildImport currentJvm() {
        return new ChildImport(work -> ChildLauncher.currentJvm().command(work), ChildImport.DEFAULT_TIMEOUT,
                "the other cores go on");
    }

    /**
     * Imports every core in {@code dir} into {@code outDir}.
     *
     * @param options the options every child gets after its core ({@code --exe}, {@code --sysroot}, …)
     * @param inputs  the other files the command reads (the executable, libompd), never to be written
     * @return the exit code: {@link ExitCodes#OK} when every core was imported
     */
    int run(Path dir, Path outDir, List<String> options, Collection<Path> inputs) {
        List<Path> cores = cores(dir, outDir);
        if (cores.isEmpty()) {
            say(dir + " holds no core file — name the directory the ranks' cores were written to");
            return ExitCodes.UNREADABLE;
        }
        List<Path> allInputs = new ArrayList<>(cores);
        allInputs.addAll(inputs);
        say("importing " + cores.size() + " core" + (cores.size() == 1 ? "" : "s") + " from " + dir + " into " + outDir
                + ", " + Math.min(jobs, cores.size()) + " at a time");
        AtomicInteger done = new AtomicInteger();
        List<Future<String>> results = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, cores.size()));
        try {
            for (Path core : cores) {
                results.add(pool.submit(() -> importOne(core, output(outDir, core), options, allInputs,
                        done, cores.size())));
            }
            List<String> failed = new ArrayList<>();
            for (int i = 0; i < cores.size(); i++) {
                if (outcome(results.get(i)) != null) {
                    failed.add(cores.get(i).getFileName().toString());
                }
            }
            if (failed.isEmpty()) {
                say("all " + cores.size() + " cores imported into " + outDir);
                return ExitCodes.OK;
            }
            say((cores.size() - failed.size()) + " of " + cores.size() + " cores imported into " + outDir + "; "
                    + failed.size() + " failed: " + String.join(", ", failed));
            return ExitCodes.UNREADABLE;
        } finally {
            pool.shutdownNow();
        }
    }

    private static String outcome(Future<String> result) {
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (ExecutionException e) {
            return String.valueOf(e.getCause());
        }
    }

    /** One core: its failure in words, or null when it was written. */
    private String importOne(Path core, Path output, List<String> options, List<Path> inputs, AtomicInteger done,
                             int total) {
        String name = core.getFileName().toString();
        try {
            OutputFile.check(output, inputs);
        } catch (OutputException e) {
            return failed(name, e.getMessage(), done, total);
        }
        // the child runs in a directory of its own
        List<String> arguments = new ArrayList<>(List.of("import-core", core.toAbsolutePath().toString()));
        arguments.addAll(options);
        long start = System.nanoTime();
        try {
            children.write("core file " + name, arguments, output.toAbsolutePath(), JobContext.NONE)
                    .forEach(d -> print(d.format()));
        } catch (ChildImportException e) {
            return failed(name, e.getMessage(), done, total);
        } catch (LoadCancelledException e) {
            return failed(name, "stopped", done, total);
        } catch (IOException e) {
            return failed(name, "no temporary directory for its import: " + e.getMessage(), done, total);
        }
        say("[" + done.incrementAndGet() + "/" + total + "] " + name + " → " + output + String.format(Locale.ROOT,
                " (%.1f s)", (System.nanoTime() - start) / 1e9));
        return null;
    }

    private String failed(String name, String message, AtomicInteger done, int total) {
        say("[" + done.incrementAndGet() + "/" + total + "] " + name + " failed: " + message);
        return message;
    }

    /** {@code OUTDIR/<core file name>.json}. */
    static Path output(Path outDir, Path core) {
        return outDir.resolve(core.getFileName() + ".json");
    }

    /**
     * The ELF cores in {@code dir}, by name; every other entry said in a line and left out, but for the snapshots
     * this import writes (when OUTDIR is DIR, a second run finds the first one's).
     */
    private List<Path> cores(Path dir, Path outDir) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(entries::add);
        } catch (IOException e) {
            say(dir + " cannot be listed: " + e.getMessage() + " — check that it is a directory you may read");
            return List.of();
        }
        entries.sort(null);
        List<Path> cores = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        for (Path entry : entries) {
            String why = notACore(entry);
            if (why == null) {
                cores.add(entry);
            } else {
                others.add(entry);
            }
        }
        Set<Path> outputs = new HashSet<>();
        cores.forEach(c -> outputs.add(output(outDir, c).toAbsolutePath().normalize()));
        for (Path other : others) {
            if (!outputs.contains(other.toAbsolutePath().normalize())) {
                say("skipped " + other.getFileName() + ": " + notACore(other));
            }
        }
        return cores;
    }

    /** Why {@code entry} is not imported, or null for an ELF core (the child says what else is wrong with it). */
    private static String notACore(Path entry) {
        if (!Files.isRegularFile(entry)) {
            return Files.isDirectory(entry) ? "a directory (directories are not searched)" : "not a regular file";
        }
        byte[] header = new byte[ELF_HEADER];
        int n;
        try (InputStream in = Files.newInputStream(entry)) {
            n = in.readNBytes(header, 0, ELF_HEADER);
        } catch (IOException e) {
            return "cannot be read: " + e.getMessage();
        }
        if (n < ELF_HEADER || header[0] != 0x7f || header[1] != 'E' || header[2] != 'L' || header[3] != 'F') {
            return "not an ELF file";
        }
        boolean little = header[5] != 2;
        int type = little ? (header[16] & 0xff) | (header[17] & 0xff) << 8 : (header[17] & 0xff) | (header[16] & 0xff) << 8;
        return type == ET_CORE ? null : "an ELF file but not a core (e_type " + type + ")";
    }

    private void say(String line) {
        print("ompd-explorer: " + line);
    }

    /** One line at a time: the children's pool threads finish together. */
    private void print(String line) {
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }
}
