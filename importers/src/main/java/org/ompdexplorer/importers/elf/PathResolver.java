package org.ompdexplorer.importers.elf;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Finds, on this machine, the files a core names (in {@code NT_FILE}), for when the core was written
 * elsewhere or the files have moved: like gdb's {@code set sysroot}, {@code set solib-search-path} and
 * naming the executable on the command line.
 *
 * <p>Candidates, in order: the executable override (for the core's executable only); the path under
 * the sysroot; the file's name in each search directory; the path itself, unless a sysroot is set (a
 * sysroot says this machine's files are not the process's).
 *
 * @param sysroot           prefix for every absolute path, or {@code null}
 * @param searchDirectories directories searched by file name
 * @param executable        the executable to use for the core's executable, or {@code null}
 */
public record PathResolver(Path sysroot, List<Path> searchDirectories, Path executable) {
    public PathResolver {
        searchDirectories = List.copyOf(searchDirectories);
    }

    /** Files are where the core says. */
    public static PathResolver direct() {
        return new PathResolver(null, List.of(), null);
    }

    /** This resolver with {@code sysroot} as the root of the process's files. */
    public PathResolver withSysroot(Path root) {
        return new PathResolver(root, searchDirectories, executable);
    }

    /** This resolver also searching {@code directory} by file name. */
    public PathResolver withSearchDirectory(Path directory) {
        List<Path> dirs = new ArrayList<>(searchDirectories);
        dirs.add(directory);
        return new PathResolver(sysroot, dirs, executable);
    }

    /** This resolver using {@code file} for the core's executable. */
    public PathResolver withExecutable(Path file) {
        return new PathResolver(sysroot, searchDirectories, file);
    }

    /**
     * Where to look for {@code corePath}, in order.
     *
     * @param corePath     a path from the core
     * @param isExecutable whether it is the core's executable
     */
    public List<Path> candidates(String corePath, boolean isExecutable) {
        LinkedHashSet<Path> result = new LinkedHashSet<>();
        if (isExecutable && executable != null) {
            result.add(executable);
        }
        Path original;
        try {
            original = Path.of(corePath);
            if (sysroot != null) {
                result.add(sysroot.resolve(corePath.startsWith("/") ? corePath.substring(1) : corePath));
            }
        } catch (InvalidPathException e) {
            // Bytes this system cannot name a file with (a damaged core, or another locale): nothing to look for.
            return List.copyOf(result);
        }
        Path fileName = original.getFileName();
        if (fileName != null) {
            for (Path dir : searchDirectories) {
                result.add(dir.resolve(fileName));
            }
        }
        if (sysroot == null) {
            result.add(original);
        }
        return List.copyOf(result);
    }

    /** The first candidate for {@code corePath} that is a readable regular file. */
    public Optional<Path> resolve(String corePath, boolean isExecutable) {
        return candidates(corePath, isExecutable).stream()
                .filter(p -> Files.isRegularFile(p) && Files.isReadable(p))
                .findFirst();
    }
}
