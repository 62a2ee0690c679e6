package org.ompdexplorer.importers.elf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * The files behind a core's file-backed mappings, found through a {@link PathResolver}, mapped once
 * and checked against the core.
 *
 * <p>The check matters because a core is often opened on another machine or after an upgrade: a
 * different {@code libomp.so.5} found under the same name would silently give wrong constants. The
 * kernel dumps the first page of every mapped ELF file, so its ELF header and program headers are
 * compared with the file's. (gcore dumps no such page; then nothing can be compared.)
 */
final class BackingFiles implements AutoCloseable {
    /** Reads only what the core itself holds: {@code null} if it does not have all the bytes. */
    interface CoreBytes {
        byte[] read(long address, int length);
    }

    sealed interface Backing {
    }

    record Found(MappedFile file) implements Backing {
    }

    record Missing(MemoryRead.Reason reason, String detail) implements Backing {
    }

    private final CoreFile core;
    private final PathResolver resolver;
    private final CoreBytes coreBytes;
    private final String executable;
    private final Map<String, Backing> cache = new ConcurrentHashMap<>();
    private final BiFunction<String, String, Optional<Path>> byBuildId;

    /**
     * @param byBuildId a file of a build-id for the path the core names, when this machine has none of the core's
     *                  build (debuginfod's {@code /executable})
     */
    BackingFiles(CoreFile core, PathResolver resolver, CoreBytes coreBytes,
                 BiFunction<String, String, Optional<Path>> byBuildId) {
        this.core = core;
        this.resolver = resolver;
        this.coreBytes = coreBytes;
        this.executable = core.executablePath().orElse(null);
        this.byBuildId = byBuildId;
    }

    /** The file behind mappings of {@code corePath}, or why there is none usable. */
    Backing open(String corePath) {
        return cache.computeIfAbsent(corePath, this::find);
    }

    private Backing find(String corePath) {
        Backing here = findHere(corePath);
        if (here instanceof Found || (corePath.equals(executable) && resolver.executable() != null)) {
            return here; // the executable the user named is theirs to choose
        }
        Optional<Path> other = core.module(corePath).flatMap(m -> DumpedBuildId.of((address, length) ->
                Optional.ofNullable(coreBytes.read(address, length)), m)).flatMap(id -> byBuildId.apply(id, corePath));
        if (other.isEmpty()) {
            return here;
        }
        try {
            MappedFile file = MappedFile.map(other.get());
            if (mismatch(corePath, file) == null) {
                return new Found(file);
            }
            file.close();
        } catch (IOException | RuntimeException e) {
            // the fetched file cannot be mapped: what was found here, or why not, stays the answer
        }
        return here;
    }

    private Backing findHere(String corePath) {
        boolean isExecutable = corePath.equals(executable);
        List<Path> candidates = resolver.candidates(corePath, isExecutable);
        Path path = resolver.resolve(corePath, isExecutable).orElse(null);
        if (path == null) {
            return new Missing(MemoryRead.Reason.FILE_NOT_FOUND, corePath + " not found (looked for " + candidates + ")");
        }
        MappedFile file;
        try {
            file = MappedFile.map(path);
        } catch (IOException | RuntimeException e) {
            return new Missing(MemoryRead.Reason.FILE_UNREADABLE, "cannot map " + path + " (for " + corePath + "): " + e);
        }
        String mismatch = mismatch(corePath, file);
        if (mismatch != null) {
            file.close();
            return new Missing(MemoryRead.Reason.FILE_MISMATCH, path + " is not the " + corePath
                    + " the process had: " + mismatch);
        }
        return new Found(file);
    }

    /** Why {@code file} differs from what the core holds of {@code corePath}'s first page, or null. */
    private String mismatch(String corePath, MappedFile file) {
        long mappedAt = -1;
        for (FileMapping m : core.fileMappings()) {
            if (m.filePath().equals(corePath) && m.fileOffset() == 0) {
                mappedAt = m.start();
                break;
            }
        }
        if (mappedAt == -1 || !file.contains(0, ElfHeader.SIZE)) {
            return null;
        }
        try {
            if (file.u32(0, "ELF magic") != 0x464c457f) {
                return null; // not ELF: nothing known to compare
            }
            long phOffset = file.u64(32, "e_phoff");
            int phCount = file.u16(56, "e_phnum");
            long headersEnd = Math.max(ElfHeader.SIZE, phOffset + (long) phCount * ElfHeader.PROGRAM_HEADER_SIZE);
            int length = (int) Math.min(headersEnd, 4096);
            if (!file.contains(0, length)) {
                return "it is shorter than its own program header table";
            }
            byte[] inCore = coreBytes.read(mappedAt, length);
            if (inCore == null) {
                return null; // the core did not dump the first page (gcore): cannot tell
            }
            byte[] inFile = file.bytes(0, length, "ELF headers");
            int differs = Arrays.mismatch(inCore, inFile);
            return differs < 0 ? null : "its ELF headers differ from the core's copy at byte " + differs;
        } catch (ElfFormatException e) {
            return e.detail();
        }
    }

    @Override
    public void close() {
        for (Backing b : cache.values()) {
            if (b instanceof Found(MappedFile file)) {
                file.close();
            }
        }
        cache.clear();
    }
}
