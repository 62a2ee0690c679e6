package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Takes a core of a live process with gdb's {@code gcore}. */
final class LiveCore {
    private LiveCore() {
    }

    /** Why a live core could not be taken; the message names the process and the fix. */
    static final class CaptureException extends Exception {
        private static final long serialVersionUID = 1L;

        CaptureException(String message) {
            super(message);
        }
    }

    static Path take(long pid, Path dir, int timeoutSeconds) throws CaptureException, IOException, InterruptedException {
        if (hasEnded(pid)) {
            throw new CaptureException("no process " + pid + " (it has exited, or the number is wrong) — check with: ps -p " + pid);
        }
        Path gcore = findOnPath("gcore");
        if (gcore == null) {
            throw new CaptureException("gcore is not installed, so a running process cannot be snapshotted — "
                    + "install gdb (Debian: apt-get install gdb), or take a core yourself and use import-core");
        }
        Path prefix = dir.resolve("core");
        Path log = dir.resolve("gcore.log");
        Process gdb = new ProcessBuilder(gcore.toString(), "-o", prefix.toString(), Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!gdb.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            stop(gdb);
            if (hasEnded(pid)) {
                throw ended(pid);
            }
            throw new CaptureException("gcore did not finish within " + timeoutSeconds + " s for process " + pid
                    + " — try a longer --gcore-timeout");
        }
        Path core = dir.resolve("core." + pid);
        if (gdb.exitValue() != 0 || !Files.exists(core)) {
            // gcore's own words for a vanished process ("The program is not being run") sound like a permission
            // problem; say what happened instead.
            if (hasEnded(pid)) {
                throw ended(pid);
            }
            String said = Files.exists(log) ? lastLines(Files.readAllLines(log, StandardCharsets.UTF_8)) : "";
            throw new CaptureException("gcore could not take a core of process " + pid + (said.isEmpty() ? "" : ": " + said)
                    + " — run as the process's owner or root; if ptrace is restricted, "
                    + "set /proc/sys/kernel/yama/ptrace_scope to 0");
        }
        return core;
    }

    private static CaptureException ended(long pid) {
        return new CaptureException("process " + pid + " ended while it was being captured, so there is nothing to "
                + "snapshot — capture it while it runs (hold it at the point of interest), or take a core with abort() "
                + "and use import-core");
    }

    /** True when the process is gone or a zombie: either way it has no memory left to dump. */
    static boolean hasEnded(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            int afterName = stat.lastIndexOf(')'); // the command name may itself hold ')' or spaces
            char state = afterName >= 0 && afterName + 2 < stat.length() ? stat.charAt(afterName + 2) : '?';
            return state == 'Z' || state == 'X';
        } catch (IOException e) {
            return true;
        }
    }

    /** Ends gcore and the gdb it started, so that nothing keeps the target stopped or writes into the directory. */
    private static void stop(Process gcore) throws InterruptedException {
        gcore.descendants().forEach(ProcessHandle::destroyForcibly);
        gcore.destroyForcibly();
        gcore.waitFor(10, TimeUnit.SECONDS);
    }

    static Path executableOf(long pid) {
        try {
            return Path.of("/proc", Long.toString(pid), "exe").toRealPath();
        } catch (IOException e) {
            return null; // the importer then uses the path the core names
        }
    }

    private static String lastLines(List<String> lines) {
        return String.join(" ", lines.subList(Math.max(0, lines.size() - 2), lines.size())).strip();
    }

    private static Path findOnPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
