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
        String startedAt = startTime(pid);
        if (startedAt == null) {
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
            if (!sameProcess(pid, startedAt)) {
                throw ended(pid);
            }
            throw new CaptureException("gcore did not finish within " + timeoutSeconds + " s for process " + pid
                    + " — try a longer --gcore-timeout");
        }
        Path core = dir.resolve("core." + pid);
        List<String> said = readLog(log);
        if (gdb.exitValue() == 0 && Files.exists(core)) {
            // A process killed (SIGKILL, the one signal gdb cannot hold back) while its memory is copied leaves gdb
            // unable to read the rest: it warns and still writes a core of the full size, zeros where it could not
            // read. That core imports to a snapshot of nothing, so it is the process's end, not a capture.
            if (unreadMemory(said) && !sameProcess(pid, startedAt)) {
                throw ended(pid);
            }
            return core;
        }
        // gcore's own words for a vanished process ("The program is not being run") sound like a permission
        // problem; say what happened instead.
        if (!sameProcess(pid, startedAt)) {
            throw ended(pid);
        }
        String last = lastLines(said);
        throw new CaptureException("gcore could not take a core of process " + pid + (last.isEmpty() ? "" : ": " + last)
                + " — run as the process's owner or root; if ptrace is restricted, "
                + "set /proc/sys/kernel/yama/ptrace_scope to 0");
    }

    /**
     * Whether gdb said it could not read some of the process's memory into the core. The vsyscall page (at the top
     * of the address space, 0xffffffffff600000) is never readable and does not count.
     */
    static boolean unreadMemory(List<String> gcoreSaid) {
        for (String line : gcoreSaid) {
            int at = line.indexOf("Memory read failed for corefile section");
            if (at >= 0 && !line.contains(" at 0xffffffffff")) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code pid} is still the live process that started at {@code startedAt} (not one that reused its number). */
    static boolean sameProcess(long pid, String startedAt) {
        return startedAt != null && startedAt.equals(startTime(pid));
    }

    /**
     * The process's start time (field 22 of /proc/PID/stat, in clock ticks since boot): with the PID, what names one
     * process, as a PID alone may be reused. Null when there is no such process or it has ended.
     */
    static String startTime(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            int afterName = stat.lastIndexOf(')'); // the command name may itself hold ')' or spaces
            String[] fields = stat.substring(afterName + 2).strip().split(" ");
            // fields[0] is field 3 (the state): field 22 is fields[19]
            if (fields.length < 20 || fields[0].equals("Z") || fields[0].equals("X")) {
                return null;
            }
            return fields[19];
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static CaptureException ended(long pid) {
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

    /** gdb's words, at most the first 1 MiB of them, whatever their encoding. */
    private static List<String> readLog(Path log) throws IOException {
        if (!Files.exists(log)) {
            return List.of();
        }
        try (var in = Files.newInputStream(log)) {
            return new String(in.readNBytes(1 << 20), StandardCharsets.UTF_8).lines().toList();
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
