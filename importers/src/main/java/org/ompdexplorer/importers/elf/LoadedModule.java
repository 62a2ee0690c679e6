package org.ompdexplorer.importers.elf;

import java.util.Comparator;
import java.util.List;

/**
 * One file the process had mapped (the executable, a shared object, or a data file), with its mappings.
 *
 * @param path     the path as the process saw it (" (deleted)" removed)
 * @param mappings its mappings from {@code NT_FILE}, by address
 */
public record LoadedModule(String path, List<FileMapping> mappings) {
    public LoadedModule {
        mappings = mappings.stream().sorted(Comparator.comparing(FileMapping::start, Long::compareUnsigned)).toList();
    }

    /** The lowest mapped address. */
    public long start() {
        return mappings.getFirst().start();
    }

    /** The address past the highest mapped byte. */
    public long end() {
        return mappings.getLast().end();
    }

    /**
     * The load bias: what to add to an address of {@code file} as linked (a symbol's value) to get its
     * address in the process. It is where the file's first byte is mapped minus where its first
     * {@code PT_LOAD} segment was linked to be (0 for shared objects and PIEs, the fixed address for
     * ET_EXEC, which gives a bias of 0).
     */
    public long loadBias(ElfFile file) {
        long mappedAt = mappings.stream().filter(m -> m.fileOffset() == 0).mapToLong(FileMapping::start)
                .findFirst().orElse(start());
        long linkedAt = file.programHeaders().stream().filter(ProgramHeader::isLoad)
                .mapToLong(ph -> ph.vaddr() - ph.offset()).findFirst().orElse(0);
        return mappedAt - linkedAt;
    }
}
