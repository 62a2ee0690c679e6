package org.ompdexplorer.importers.unwind;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.elf.ProgramHeader;

/** Which stacks a core cut off while it was written lacks memory of: read from its program headers and its size. */
class CutMemoryTest {
    private static ProgramHeader load(int index, long offset, long vaddr, long size) {
        return new ProgramHeader(index, ProgramHeader.PT_LOAD, ProgramHeader.PF_R | ProgramHeader.PF_W, offset, vaddr,
                size, size, 1);
    }

    /** Three stacks of 0x1000 bytes at file offsets 0x1000, 0x2000, 0x3000; the file ends 0x800 into the second. */
    private static final List<ProgramHeader> HEADERS = List.of(
            new ProgramHeader(0, ProgramHeader.PT_NOTE, 0, 0x100, 0, 0x200, 0, 4),
            load(1, 0x1000, 0x7f00_0000_0000L, 0x1000), load(2, 0x2000, 0x7f00_1000_0000L, 0x1000),
            load(3, 0x3000, 0x7ffd_0000_0000L, 0x1000));
    private static final CutMemory CUT = CutMemory.of(HEADERS, 0x2800);

    @Test
    void aStackWhollyInTheFileIsWhole() {
        assertThat(CUT.stackCut(0x7f00_0000_0800L)).isEmpty();
    }

    @Test
    void aStackWhoseCallersArePastTheCutIsPartialFromTheCutOn() {
        assertThat(CUT.stackCut(0x7f00_1000_0100L)).hasValue("the core was cut off in this thread's stack memory"
                + " (0x7f0010000800 to 0x7f0010001000 is not in the file): the frames there are missing");
    }

    @Test
    void aStackWhollyPastTheCutIsPartialFromItsStackPointer() {
        assertThat(CUT.stackCut(0x7f00_1000_0900L)).hasValueSatisfying(n -> assertThat(n).contains("(0x7f0010000900"));
        assertThat(CUT.stackCut(0x7ffd_0000_0f00L)).hasValueSatisfying(n -> assertThat(n).contains("(0x7ffd00000f00"));
    }

    @Test
    void aWholeCoreCutsNothing() {
        CutMemory whole = CutMemory.of(HEADERS, 0x4000);
        assertThat(whole.stackCut(0x7f00_1000_0100L)).isEmpty();
        assertThat(whole.stackCut(0x7ffd_0000_0f00L)).isEmpty();
    }
}
