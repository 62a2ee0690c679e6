package org.ompdexplorer.importers.debuginfo;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The answer of {@link DebuginfodClient#find}: the verified file (from the cache or just downloaded), and every
 * reason it is not there or a server did not answer, each one line for the user naming the server, the module,
 * the build-id and the fix. A file may come with problems (the first server was down, the second had it).
 */
public record DebuginfodLookup(Optional<Path> file, List<String> problems) {
    public DebuginfodLookup {
        problems = List.copyOf(problems);
    }

    static DebuginfodLookup found(Path file, List<String> problems) {
        return new DebuginfodLookup(Optional.of(file), problems);
    }

    static DebuginfodLookup missing(List<String> problems) {
        return new DebuginfodLookup(Optional.empty(), problems);
    }
}
