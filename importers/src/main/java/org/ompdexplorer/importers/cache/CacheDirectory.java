package org.ompdexplorer.importers.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Map;

/**
 * Whether a reopen cache directory can be trusted with what a load returns (docs/decisions/0010-reopen-cache.md,
 * "Trust"): whoever can put a file in it chooses the model the next open shows. It must be a directory, not a link,
 * owned by this process's user and writable by nobody else; each directory above it, on its path as given and on
 * its real path, must be owned by this user or root and writable by nobody else (a sticky directory like
 * {@code /tmp} is fine: others cannot rename what is in it). Writable by a group is accepted only for a user's
 * private group (its name is the owner's, as {@code adduser} makes them under a umask of 002).
 */
public final class CacheDirectory {
    private static final int GROUP_WRITE = 0020;
    private static final int OTHERS_WRITE = 0002;
    private static final int STICKY = 01000;

    private CacheDirectory() {
    }

    /** Whether {@code dir} exists and may be used; anything that cannot be checked is not trusted. */
    public static boolean isTrusted(Path dir) {
        try {
            int me = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            Path given = dir.toAbsolutePath().normalize();
            PosixFileAttributes a = Files.readAttributes(given, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isDirectory() || uid(given) != me || writableByOthers(given, a, false)) {
                return false;
            }
            return ancestorsSafe(given.getParent(), me) && ancestorsSafe(given.toRealPath().getParent(), me);
        } catch (IOException | RuntimeException e) {
            return false; // no /proc, no unix attributes, gone meanwhile: the cache is an optimization only
        }
    }

    /** Every directory from {@code dir} up to the root: owned by the user or root, writable by nobody else. */
    private static boolean ancestorsSafe(Path dir, int me) throws IOException {
        for (Path p = dir; p != null; p = p.getParent()) {
            PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isSymbolicLink()) {
                continue; // its own mode means nothing; the directory holding it is checked next
            }
            int owner = uid(p);
            if (owner != me && owner != 0 || writableByOthers(p, a, true)) {
                return false;
            }
        }
        return true;
    }

    private static boolean writableByOthers(Path p, PosixFileAttributes a, boolean stickyIsSafe) throws IOException {
        Map<String, Object> unix = Files.readAttributes(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) unix.get("mode");
        if (stickyIsSafe && (mode & STICKY) != 0) {
            return false;
        }
        boolean ownGroup = a.group().getName().equals(a.owner().getName());
        return (mode & OTHERS_WRITE) != 0 || (mode & GROUP_WRITE) != 0 && !ownGroup;
    }

    private static int uid(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }
}
