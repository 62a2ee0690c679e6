package org.ompdexplorer.importers.output;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files beside outputs being written. Their names are short (a 245-byte output name still gets
 * one) and carry the writer's pid. On SIGTERM, SIGINT or exit a shutdown hook deletes every one still pending and
 * makes further writes fail; a temp left by a run that was killed outright (SIGKILL, power loss) is deleted by the
 * next write into the same directory once its pid is gone.
 */
final class TempFiles {
    private static final String PREFIX = ".ompd-explorer-";
    private static final Pattern NAME = Pattern.compile("\\.ompd-explorer-(\\d+)-[0-9a-f]{16}\\.tmp");
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static volatile boolean terminating;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TempFiles::terminate, "ompd-explorer-temp-cleanup"));
    }

    private TempFiles() {
    }

    /** Creates a new, empty temp file in {@code dir} (never following a link, never reusing a name), open for writing. */
    static FileChannel create(Path dir, Path[] created) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve(PREFIX + ProcessHandle.current().pid() + "-" + String.format("%016x", RANDOM.nextLong())
                    + ".tmp");
            PENDING.add(temp);
            try {
                FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                created[0] = temp;
                if (terminating) {
                    channel.close();
                    throw new java.io.InterruptedIOException("ended by a signal before writing");
                }
                return channel;
            } catch (FileAlreadyExistsException e) {
                PENDING.remove(temp);
                if (attempt > 8) {
                    throw e;
                }
            } catch (IOException | RuntimeException e) {
                PENDING.remove(temp);
                throw e;
            }
        }
    }

    /** The temp is renamed into place or deleted: either way no longer ours to clean up. */
    static void release(Path temp) {
        if (temp != null) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                // nothing more to do: the next write into this directory removes it (its pid is gone by then)
            }
            PENDING.remove(temp);
        }
    }

    static void renamed(Path temp) {
        PENDING.remove(temp);
    }

    static boolean terminating() {
        return terminating;
    }

    /** Deletes temps whose writer has ended without cleaning up (killed outright); never anyone else's file. */
    static void removeStale(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, PREFIX + "*.tmp")) {
            for (Path p : entries) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (m.matches() && !alive(m.group(1)) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // best effort: a directory that cannot be listed is reported by the write itself
        }
    }

    private static boolean alive(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return true; // not a pid we wrote: leave it
        }
    }

    private static void terminate() {
        terminating = true;
        for (Path temp : PENDING) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                // the JVM is ending; removeStale() gets it next time
            }
        }
    }
}
