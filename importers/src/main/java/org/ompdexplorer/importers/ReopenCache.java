package org.ompdexplorer.importers;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ompdexplorer.importers.cache.CacheDirectory;
import org.ompdexplorer.importers.cache.CacheFile;
import org.ompdexplorer.importers.cache.Dependencies;
import org.ompdexplorer.importers.cache.FileKey;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.Snapshot;

/**
 * Loads of big snapshot files kept in a compact binary form under the user's cache directory, so that opening an
 * unchanged file again maps its model in instead of parsing it (docs/decisions/0010-reopen-cache.md). An entry
 * stands for exactly one file as it was ({@link FileKey}: real path, device and inode, size, modification and change
 * times, a hash of its head and tail) and for the build that wrote it; anything else is a miss. An entry is untrusted
 * input: one that does not decode, whatever the failure, is deleted and the file read, never an error — the cache
 * only ever makes a load faster. A directory that is a link, or that someone else owns or may write, is not used
 * ({@link CacheDirectory}); a link or anything but a regular file at an entry's name is removed, never followed. The
 * directory is bounded in total size, least recently used entries going first.
 */
public final class ReopenCache {
    /** Files smaller than this parse about as fast as an entry decodes. */
    public static final long SMALLEST_FILE = 1 << 20;
    public static final long DEFAULT_LIMIT = 2L << 30;
    /** Room an entry leaves free on the cache's disk. */
    private static final long KEEP_FREE = 256L << 20;
    private static final String SUFFIX = ".ompdx-cache";
    private static final ReopenCache OFF = new ReopenCache(null, 0);
    private static final String BUILD = build();

    private final Path dir;
    private final long limit;
    private ExecutorService writer;

    private ReopenCache(Path dir, long limit) {
        this.dir = dir;
        this.limit = limit;
    }

    /** A cache that holds nothing. */
    public static ReopenCache off() {
        return OFF;
    }

    /** A cache in {@code dir} (created when first written) of at most {@code limitBytes}. */
    public static ReopenCache at(Path dir, long limitBytes) {
        return limitBytes <= 0 ? OFF : new ReopenCache(dir, limitBytes);
    }

    /**
     * The user's cache: {@code OMPD_EXPLORER_REOPEN_CACHE} names its directory or is {@code off}; by default
     * {@code $XDG_CACHE_HOME/ompd-explorer/reopen}, or {@code $HOME/.cache/…} when that is unset or relative, as the
     * launcher's AOT caches ({@code HOME} as the environment says, the JVM's {@code user.home} only without it).
     * {@code OMPD_EXPLORER_REOPEN_CACHE_MB} bounds it (2048 by default; 0 turns it off).
     */
    public static ReopenCache fromEnvironment(Map<String, String> env) {
        String named = env.getOrDefault("OMPD_EXPLORER_REOPEN_CACHE", "");
        if (named.equals("off")) {
            return OFF;
        }
        long limit = DEFAULT_LIMIT;
        String mb = env.getOrDefault("OMPD_EXPLORER_REOPEN_CACHE_MB", "");
        if (!mb.isBlank()) {
            try {
                limit = Long.parseLong(mb.strip()) << 20;
            } catch (NumberFormatException e) {
                limit = DEFAULT_LIMIT; // a typo must not stop a load; the documented default applies
            }
        }
        Path where;
        if (!named.isBlank()) {
            where = Path.of(named);
        } else {
            String xdg = env.getOrDefault("XDG_CACHE_HOME", "");
            String home = env.getOrDefault("HOME", "");
            Path base = absolute(xdg) ? Path.of(xdg)
                    : Path.of(absolute(home) ? home : System.getProperty("user.home"), ".cache");
            where = base.resolve("ompd-explorer").resolve("reopen");
        }
        return at(where, limit);
    }

    private static boolean absolute(String path) {
        try {
            return !path.isBlank() && Path.of(path).isAbsolute();
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    public boolean isOn() {
        return dir != null;
    }

    /** The directory, when on. */
    public Path directory() {
        return dir;
    }

    /** Whether a load of {@code size} bytes is worth keeping. */
    boolean wants(long size) {
        return isOn() && size >= SMALLEST_FILE;
    }

    /**
     * The kept load of the file {@code key} names, or {@code null}. An entry for another version of the file, or
     * from another build, is a miss; one that does not decode, whatever the failure, is deleted; so is a link or
     * anything but a regular file at its name. An untrusted directory is not read at all.
     */
    LoadResult find(FileKey key, Path input, ProgressListener progress) {
        Path entry = entry(key);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || !CacheDirectory.isTrusted(dir)
                || !isRegularOrRemoved(entry)) {
            return null;
        }
        try {
            LoadResult kept = CacheFile.read(entry, key, BUILD, input.toString(),
                    () -> progress.progress("reading the reopen cache", 0, -1));
            if (kept != null) {
                Files.getFileAttributeView(entry, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .setTimes(FileTime.fromMillis(System.currentTimeMillis()), null, null);
            }
            return kept;
        } catch (IOException | RuntimeException | StackOverflowError | OutOfMemoryError | InternalError damaged) {
            // a torn, foreign or crafted entry (the decoder bounds its depth and allocations, and a mapped file
            // cut short faults in a read): loading the file itself is always right, and keeping it replaces this
            deleteQuietly(entry);
            return null;
        }
    }

    /**
     * Whether a regular file is at {@code entry}; a link (never made by the cache) or anything else there — a FIFO
     * would block a read, a link would send a write elsewhere — is removed, itself and not what it names.
     */
    private static boolean isRegularOrRemoved(Path entry) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return false; // none there (or unreadable): a miss
        }
        if (!a.isRegularFile()) {
            deleteQuietly(entry);
            return false;
        }
        return true;
    }

    /**
     * Keeps {@code result} as the load of {@code key}'s file, in the background; the module files it was symbolized
     * from (and the symbolizer) are stamped now, so that the entry is a miss once any of them changes.
     */
    synchronized void keep(FileKey key, Path input, LoadResult result) {
        List<Dependencies.Stamp> dependencies = Dependencies.of(result.snapshot());
        if (writer == null) {
            writer = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name("ompd-reopen-cache")
                    .priority(Thread.MIN_PRIORITY).factory());
        }
        writer.execute(() -> write(key, input, result, dependencies));
    }

    /** Waits for entries being written (a command about to exit calls it); false if they did not end in time. */
    public boolean awaitWrites(Duration limit) {
        ExecutorService w;
        synchronized (this) {
            w = writer;
            writer = null;
        }
        if (w == null) {
            return true;
        }
        w.shutdown();
        try {
            return w.awaitTermination(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Writes one entry through the one file-writing helper, then trims the directory to its bound. */
    void write(FileKey key, Path input, LoadResult result, List<Dependencies.Stamp> dependencies) {
        try {
            CacheFile.Encoded encoded = CacheFile.encode(result, key, BUILD, input.toString(), dependencies);
            if (encoded.length() > limit) {
                return;
            }
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            if (!CacheDirectory.isTrusted(dir)
                    || Files.getFileStore(dir).getUsableSpace() < encoded.length() + KEEP_FREE) {
                return;
            }
            Path entry = entry(key);
            // OutputFile follows a link and writes through a FIFO, as an output named by a user must
            if (!isRegularOrRemoved(entry) && Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
                return; // something that would not go, such as a directory with files in it
            }
            OutputFile.write(entry, List.of(input), encoded::writeTo);
            trim(entry);
        } catch (IOException | RuntimeException e) {
            // the cache is an optimization: a full disk or a read-only home loses nothing but speed
        }
    }

    /** Deletes least recently used entries until the directory fits its bound; {@code kept} goes last. */
    private void trim(Path kept) throws IOException {
        List<Path> entries;
        try (Stream<Path> files = Files.list(dir)) {
            entries = new ArrayList<>(files.filter(p -> p.getFileName().toString().endsWith(SUFFIX))
                    .filter(ReopenCache::isRegularOrRemoved).toList());
        }
        entries.sort(Comparator.comparing((Path p) -> p.equals(kept)).thenComparing(ReopenCache::lastUse));
        long total = 0;
        for (Path p : entries) {
            total += sizeOf(p);
        }
        for (Path p : entries) {
            if (total <= limit || p.equals(kept)) {
                break;
            }
            total -= sizeOf(p);
            deleteQuietly(p);
        }
    }

    private static FileTime lastUse(Path p) {
        try {
            return Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static long sizeOf(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).size();
        } catch (IOException e) {
            return 0;
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // another process is trimming too, or the directory went read-only: the next write tries again
        }
    }

    /** One entry per file: named by a hash of its real path, so a changed file replaces its own entry. */
    Path entry(FileKey key) {
        byte[] name = FileKey.sha256(key.path().getBytes(StandardCharsets.UTF_8));
        return dir.resolve(HexFormat.of().formatHex(name, 0, 16) + SUFFIX);
    }

    /**
     * Which build wrote an entry: the cache format's version and the jars of the model and the importers (their
     * path, size and time), so that a new build never reads an older build's model or diagnostics.
     */
    private static String build() {
        StringBuilder b = new StringBuilder("build");
        for (Class<?> c : List.of(Snapshot.class, ReopenCache.class)) {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            try {
                Path p = source == null ? null : Path.of(source.getLocation().toURI());
                if (p != null) {
                    b.append(' ').append(p).append(' ').append(Files.size(p)).append(' ')
                            .append(Files.getLastModifiedTime(p).toMillis());
                }
            } catch (IOException | URISyntaxException | IllegalArgumentException | SecurityException e) {
                b.append(" unknown");
            }
        }
        return HexFormat.of().formatHex(FileKey.sha256(b.toString().getBytes(StandardCharsets.UTF_8)));
    }
}
