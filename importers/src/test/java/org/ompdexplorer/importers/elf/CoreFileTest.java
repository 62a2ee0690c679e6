package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Notes of real cores of a {@code sleep} process, and cores cut short. */
class CoreFileTest {
    @TempDir
    Path temp;

    static List<String> kinds() {
        return TestCores.kinds().toList();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void threadIsTheSleepProcessWithItsRegisters(String kind) throws Exception {
        TestCores.Core made = TestCores.of(kind);
        try (CoreFile core = CoreFile.open(made.path())) {
            assertThat(core.threads()).hasSize(1);
            CoreThread thread = core.threads().getFirst();
            assertThat(thread.lwp()).isEqualTo((int) made.pid());
            assertThat(core.thread((int) made.pid())).contains(thread);
            // fs_base is the thread pointer; rip and rsp point into mapped memory.
            assertThat(thread.fsBase()).isNotZero();
            assertThat(thread.rip()).isNotZero();
            assertThat(core.loadSegmentAt(thread.rsp())).isPresent();
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void processNotesDescribeSleep(String kind) throws Exception {
        TestCores.Core made = TestCores.of(kind);
        try (CoreFile core = CoreFile.open(made.path())) {
            ProcessInfo info = core.processInfo().orElseThrow();
            assertThat(info.pid()).isEqualTo((int) made.pid());
            assertThat(info.fileName()).isEqualTo("sleep");
            // The kernel writes the command line; gcore only its first word.
            assertThat(info.arguments()).isEqualTo(kind.equals("kernel") ? TestCores.SLEEP + " 60" : TestCores.SLEEP);

            AuxVector auxv = core.auxVector();
            assertThat(auxv.get(AuxVector.AT_PAGESZ)).hasValue(4096);
            assertThat(auxv.get(AuxVector.AT_EXECFN)).isPresent();
            assertThat(auxv.get(AuxVector.AT_ENTRY)).isPresent();

            assertThat(core.fileMappings()).isNotEmpty()
                    .allSatisfy(m -> assertThat(Long.compareUnsigned(m.start(), m.end())).isNegative());
            assertThat(core.executablePath()).hasValue(Path.of(TestCores.SLEEP).toRealPath().toString());
            assertThat(core.module("libc.so.6")).isPresent();
            assertThat(core.signalInfo()).isPresent();
        }
    }

    @Test
    void kernelCoreRecordsTheSignalThatKilledIt() throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.kernel().path())) {
            assertThat(core.signalInfo().orElseThrow().signal()).isEqualTo(6); // SIGABRT
            assertThat(core.threads().getFirst().currentSignal()).isEqualTo(6);
        }
    }

    @Test
    void anExecutableIsNotACore() {
        assertThatThrownBy(() -> CoreFile.open(Path.of("/usr/bin/true")))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("expected a core file (ET_CORE), found ET_DYN");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void coreCutInItsProgramHeadersFailsWithTheOffset(String kind) throws Exception {
        Path cut = TestCores.truncatedCopy(TestCores.of(kind).path(), temp.resolve("core.cut"), 64 + 7 * 56 + 20);
        assertThatThrownBy(() -> CoreFile.open(cut))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("core.cut: truncated core: program header 7 at offset 0x1c8 (56 bytes) "
                        + "extends past end of file (size 476)")
                .satisfies(e -> assertThat(((ElfFormatException) e).offset()).hasValue(64 + 7 * 56));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void coreCutBeforeItsNotesFailsNamingTheNoteSegment(String kind) throws Exception {
        Path original = TestCores.of(kind).path();
        long notesAt;
        try (CoreFile core = CoreFile.open(original)) {
            notesAt = core.elf().programHeaders().stream().filter(ph -> ph.type() == ProgramHeader.PT_NOTE)
                    .mapToLong(ProgramHeader::offset).findFirst().orElseThrow();
        }
        Path cut = TestCores.truncatedCopy(original, temp.resolve("core.nonotes"), notesAt + 100);
        assertThatThrownBy(() -> CoreFile.open(cut))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("truncated core: note segment 0 at offset 0x" + Long.toHexString(notesAt))
                .satisfies(e -> assertThat(((ElfFormatException) e).offset()).hasValue(notesAt));
    }

    @Test
    void kernelCoreCutInItsMemoryStillOpensAndSaysWhatIsMissing() throws Exception {
        Path original = TestCores.kernel().path();
        ProgramHeader last;
        try (CoreFile core = CoreFile.open(original)) {
            // The kernel writes notes first and memory after, so a cut in memory keeps the notes.
            last = core.loadSegments().stream().filter(ph -> ph.fileSize() > 0)
                    .max(java.util.Comparator.comparingLong(ProgramHeader::offset)).orElseThrow();
        }
        Path cut = TestCores.truncatedCopy(original, temp.resolve("core.short"), last.offset() + 16);
        try (CoreFile core = CoreFile.open(cut); MemoryImage memory = new MemoryImage(core, PathResolver.direct())) {
            assertThat(core.problems()).singleElement().satisfies(p -> {
                assertThat(p.getMessage()).contains("truncated core: memory of segment " + last.index());
                assertThat(p.offset()).hasValue(last.offset());
            });
            assertThat(memory.read(last.vaddr(), 16)).isInstanceOf(MemoryRead.Bytes.class);
            assertThat(memory.read(last.vaddr() + 16, 8)).isInstanceOfSatisfying(MemoryRead.Failure.class,
                    f -> assertThat(f.reason()).isEqualTo(MemoryRead.Reason.TRUNCATED_CORE));
            assertThat(memory.read(last.vaddr(), 32)).isInstanceOfSatisfying(MemoryRead.Failure.class,
                    f -> assertThat(f.address()).isEqualTo(last.vaddr() + 16));
        }
    }
}
