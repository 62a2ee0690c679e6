package org.ompdexplorer.importers.elf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Finds the separate debug file of a stripped module, the way gdb does: by build-id under each debug directory
 * ({@code DIR/.build-id/ab/cdef….debug}), then by the {@code .gnu_debuglink} name next to the file, in its
 * {@code .debug} subdirectory and under each debug directory followed by the file's directory. A candidate is
 * taken only if it has a full symbol table and, when both have one, the same build-id.
 *
 * @param debugDirectories where to look, in order (for example the user's {@code --debug-dir}, then
 *                         {@code /usr/lib/debug})
 */
public record DebugFileLocator(List<Path> debugDirectories) {
    /** The system's debug directory, searched after the given ones by {@link #withSystemDirectory()}. */
    public static final Path SYSTEM_DEBUG_DIRECTORY = Path.of("/usr/lib/debug");

    public DebugFileLocator {
        debugDirectories = List.copyOf(debugDirectories);
    }

    /** This locator with {@link #SYSTEM_DEBUG_DIRECTORY} searched last. */
    public DebugFileLocator withSystemDirectory() {
        List<Path> dirs = new ArrayList<>(debugDirectories);
        if (!dirs.contains(SYSTEM_DEBUG_DIRECTORY)) {
            dirs.add(SYSTEM_DEBUG_DIRECTORY);
        }
        return new DebugFileLocator(dirs);
    }

    /** Every path where the debug file of {@code file} may be, in search order. */
    public List<Path> candidates(ElfFile file) throws ElfFormatException {
        LinkedHashSet<Path> result = new LinkedHashSet<>();
        Optional<String> buildId = file.buildId();
        if (buildId.isPresent() && buildId.get().length() > 2) {
            String id = buildId.get();
            for (Path dir : debugDirectories) {
                result.add(dir.resolve(".build-id").resolve(id.substring(0, 2)).resolve(id.substring(2) + ".debug"));
            }
        }
        Optional<ElfFile.DebugLink> link = file.debugLink();
        if (link.isPresent()) {
            Path own = file.path().toAbsolutePath().getParent();
            String name = link.get().fileName();
            if (own != null && !name.isEmpty() && !name.contains("/") && fileNameOk(name)) {
                result.add(own.resolve(name));
                result.add(own.resolve(".debug").resolve(name));
                String relative = own.toString().startsWith("/") ? own.toString().substring(1) : own.toString();
                for (Path dir : debugDirectories) {
                    result.add(dir.resolve(relative).resolve(name));
                }
            }
        }
        result.remove(file.path());
        return List.copyOf(result);
    }

    /** Whether this system can name a file {@code name} (a damaged link holds bytes it cannot). */
    private static boolean fileNameOk(String name) {
        try {
            Path.of(name);
            return true;
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** The first candidate that exists, has {@code .symtab} and does not contradict {@code file}'s build-id. */
    public Optional<Path> find(ElfFile file) throws ElfFormatException {
        Optional<String> wanted = file.buildId();
        for (Path candidate : candidates(file)) {
            if (!Files.isRegularFile(candidate)) {
                continue;
            }
            try (ElfFile debug = ElfFile.open(candidate)) {
                Optional<String> id = debug.buildId();
                boolean sameBuild = wanted.isEmpty() || id.isEmpty() || wanted.equals(id);
                if (sameBuild && debug.symbols().hasFullSymbolTable()) {
                    return Optional.of(candidate);
                }
            } catch (IOException | ElfFormatException e) {
                // not a usable debug file: try the next candidate
            }
        }
        return Optional.empty();
    }
}
