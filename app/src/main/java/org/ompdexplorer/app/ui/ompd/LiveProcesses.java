package org.ompdexplorer.app.ui.ompd;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.ompdexplorer.app.ui.task.JobContext;

/**
 * The processes of this machine, from {@code /proc}: pid, owner, command line, and the OpenMP runtime each has
 * mapped (a line of {@code /proc/PID/maps} naming libomp, libiomp5 or libgomp). Kernel threads (no command line)
 * and this process are left out.
 */
public final class LiveProcesses {
    private static final Pattern RUNTIME = Pattern.compile("/lib(omp|iomp5|gomp)(\\.so[.0-9]*|-[^/]*\\.so[.0-9]*)$");
    private static final int COMMAND_BYTES = 4096;

    private final Path proc;
    private final long self;

    /**
     * @param proc where procfs is ({@code /proc}; tests give a directory laid out the same way)
     * @param self the pid to leave out
     */
    public LiveProcesses(Path proc, long self) {
        this.proc = proc;
        this.self = self;
    }

    public static LiveProcesses system() {
        return new LiveProcesses(Path.of("/proc"), ProcessHandle.current().pid());
    }

    /** Whether process {@code pid} exists. */
    public boolean exists(long pid) {
        return Files.isDirectory(proc.resolve(Long.toString(pid)));
    }

    /** Every process, OpenMP programs first, then newest (highest pid) first. */
    public List<LiveProcess> list(JobContext context) throws IOException {
        List<LiveProcess> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, p -> isPid(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                if (context.isCancelled()) {
                    break;
                }
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != self) {
                    read(pid, dir).ifPresent(found::add);
                }
            }
        }
        found.sort(Comparator.comparing(LiveProcess::isOpenMp).reversed()
                .thenComparing(Comparator.comparingLong(LiveProcess::pid).reversed()));
        return found;
    }

    private static java.util.Optional<LiveProcess> read(long pid, Path dir) {
        String command = command(dir);
        if (command.isEmpty()) {
            return java.util.Optional.empty(); // a kernel thread, or gone meanwhile
        }
        String user;
        try {
            user = Files.getOwner(dir).getName();
        } catch (IOException | UnsupportedOperationException e) {
            user = "";
        }
        return java.util.Optional.of(new LiveProcess(pid, user, command, runtime(dir.resolve("maps"))));
    }

    private static String command(Path dir) {
        try (InputStream in = Files.newInputStream(dir.resolve("cmdline"))) {
            byte[] bytes = in.readNBytes(COMMAND_BYTES);
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == 0) {
                    bytes[i] = ' ';
                }
            }
            return new String(bytes, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** The runtime's file name, empty when none is mapped, {@code null} when the maps cannot be read. */
    private static String runtime(Path maps) {
        try (BufferedReader lines = Files.newBufferedReader(maps, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = lines.readLine()) != null) {
                int slash = line.lastIndexOf('/');
                if (slash >= 0 && RUNTIME.matcher(line).find()) {
                    return line.substring(slash + 1).strip();
                }
            }
            return "";
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean isPid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
