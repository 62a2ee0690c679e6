package org.ompdexplorer.importers.unwind;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.ProgramHeader;

/**
 * The memory a truncated core should hold but its file does not (cut off while it was written): libdwfl ends a
 * thread's walk where its stack memory is missing as if the stack ended there, so a stack in such memory is marked
 * partial here rather than shown as whole.
 */
final class CutMemory {
    /** A memory segment of the core, of which {@code [missingFrom, end)} is past the end of the file. */
    private record Segment(long start, long end, long missingFrom) {
        boolean contains(long address) {
            return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
        }
    }

    static final CutMemory NONE = new CutMemory(List.of());

    private final List<Segment> cut;

    private CutMemory(List<Segment> cut) {
        this.cut = cut;
    }

    /** The cut memory of {@code core}; none when its headers cannot be read (libdwfl then says so on its own). */
    static CutMemory of(Path core) {
        try (ElfFile elf = ElfFile.open(core)) {
            return of(elf.programHeaders(), elf.size());
        } catch (IOException | ElfFormatException | RuntimeException e) {
            return NONE;
        }
    }

    /** The cut memory of a core with program headers {@code headers} whose file holds {@code fileSize} bytes. */
    static CutMemory of(List<ProgramHeader> headers, long fileSize) {
        List<Segment> cut = new ArrayList<>();
        for (ProgramHeader ph : headers) {
            if (!ph.isLoad() || ph.fileSize() == 0 || Long.compareUnsigned(ph.offset(), fileSize) < 0
                    && Long.compareUnsigned(ph.fileSize(), fileSize - ph.offset()) <= 0) {
                continue;
            }
            long present = Long.compareUnsigned(ph.offset(), fileSize) >= 0 ? 0 : fileSize - ph.offset();
            cut.add(new Segment(ph.vaddr(), ph.vaddr() + ph.memSize(), ph.vaddr() + present));
        }
        return new CutMemory(List.copyOf(cut));
    }

    /**
     * Why a stack whose innermost frame has stack pointer {@code sp} is not whole: the memory above it (its callers'
     * frames, as a stack grows down) is partly cut off; empty when it is all there.
     */
    Optional<String> stackCut(long sp) {
        for (Segment s : cut) {
            if (s.contains(sp)) {
                long from = Long.compareUnsigned(s.missingFrom(), sp) > 0 ? s.missingFrom() : sp;
                return Optional.of("the core was cut off in this thread's stack memory (0x" + Long.toHexString(from)
                        + " to 0x" + Long.toHexString(s.end()) + " is not in the file): the frames there are missing");
            }
        }
        return Optional.empty();
    }
}
