package org.ompdexplorer.importers.elf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One file the process had mapped (the executable, a shared object, or a data file), with its mappings.
 *
 * @param path     the path as the process saw it (" (deleted)" removed)
 * @param mappings its mappings from {@code NT_FILE}, by address
 */
public record LoadedModule(String path, List<FileMapping> mappings) {
    /** x86-64's page size: where a segment's mapping starts (the kernel maps whole pages). */
    private static final long PAGE = 4096;

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

    /** The file name: what follows the last '/' of {@link #path()} (the path may be damaged: no {@code Path} here). */
    public String fileName() {
        return fileNameOf(path);
    }

    /** What follows the last '/' of a path from a core ({@code ""} for "/"). */
    public static String fileNameOf(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /**
     * The load bias: what to add to an address of {@code file} as linked (a symbol's value) to get its
     * address in the process (0 for ET_EXEC, which is linked at its load address).
     *
     * <p>Each mapping says where one file offset lies in the process; the file's {@code PT_LOAD} segment
     * holding that offset says where it was linked. The mapping of offset 0 is used when there is one;
     * otherwise any mapping whose offset a segment holds (a core whose first mapping was damaged or left
     * out still gives the right bias, not one off by that mapping's offset).
     */
    public long loadBias(ElfFile file) {
        List<ProgramHeader> loads = file.programHeaders().stream().filter(ProgramHeader::isLoad).toList();
        long linkedAt = loads.stream().mapToLong(ph -> ph.vaddr() - ph.offset()).findFirst().orElse(0);
        Optional<FileMapping> first = mappings.stream().filter(m -> m.fileOffset() == 0).findFirst();
        if (first.isPresent()) {
            return first.get().start() - linkedAt;
        }
        for (FileMapping m : mappings) {
            ProgramHeader holder = null;
            for (ProgramHeader ph : loads) {
                // A segment's mapping starts at the page holding its first byte; the latest such start wins.
                if (holds(ph, m.fileOffset()) && (holder == null || pageOf(ph) >= pageOf(holder))) {
                    holder = ph;
                }
            }
            if (holder != null) {
                return m.start() - m.fileOffset() - (holder.vaddr() - holder.offset());
            }
        }
        return start() - linkedAt;
    }

    /**
     * The mappings whose place contradicts {@code bias}: a mapping of a file offset that a segment holds must lie
     * where one of the file's segments puts the file, plus the bias (the loader maps the gap between segments
     * with the first segment's placement, so any segment's placement will do). A damaged {@code NT_FILE} shows
     * here.
     */
    public List<FileMapping> mappingsInconsistentWith(ElfFile file, long bias) {
        List<ProgramHeader> loads = file.programHeaders().stream().filter(ProgramHeader::isLoad).toList();
        List<FileMapping> wrong = new ArrayList<>();
        for (FileMapping m : mappings) {
            boolean held = loads.stream().anyMatch(ph -> holds(ph, m.fileOffset()));
            boolean placed = loads.stream().anyMatch(ph -> m.start() - m.fileOffset() == bias + ph.vaddr() - ph.offset());
            if (held && !placed) {
                wrong.add(m);
            }
        }
        return wrong;
    }

    /** Whether {@code offset} lies in the file pages {@code ph} maps: from its first byte's page to its end. */
    private static boolean holds(ProgramHeader ph, long offset) {
        return Long.compareUnsigned(offset - pageOf(ph), ph.offset() - pageOf(ph) + ph.fileSize()) < 0;
    }

    private static long pageOf(ProgramHeader ph) {
        return ph.offset() & -PAGE;
    }
}
