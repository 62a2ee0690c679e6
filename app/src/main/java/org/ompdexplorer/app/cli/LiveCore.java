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
        if (!Files.isDirectory(Path.of("/proc", Long.toString(pid)))) {
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
            gdb.destroyForcibly();
            throw new CaptureException("gcore did not finish within " + timeoutSeconds + " s for process " + pid
                    + " — try a longer --gcore-timeout");
        }
        Path core = dir.resolve("core." + pid);
        if (gdb.exitValue() != 0 || !Files.exists(core)) {
            String said = Files.exists(log) ? lastLines(Files.readAllLines(log, StandardCharsets.UTF_8)) : "";
            throw new CaptureException("gcore could not take a core of process " + pid + (said.isEmpty() ? "" : ": " + said)
                    + " — run as the process's owner or root; if ptrace is restricted, "
                    + "set /proc/sys/kernel/yama/ptrace_scope to 0");
        }
        return core;
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
