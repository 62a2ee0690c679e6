package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads real ELF files of this machine and damaged copies of them. */
class ElfFileTest {
    private static final Path TRUE = Path.of("/usr/bin/true");

    @TempDir
    Path temp;

    @Test
    void readsHeaderSegmentsAndSectionsOfAnExecutable() throws Exception {
        try (ElfFile elf = ElfFile.open(TRUE)) {
            assertThat(elf.header().type()).isIn(ElfHeader.ET_DYN, ElfHeader.ET_EXEC);
            assertThat(elf.header().machine()).isEqualTo(ElfHeader.EM_X86_64);
            assertThat(elf.programHeaders()).hasSize(elf.header().phCount())
                    .anyMatch(ProgramHeader::isLoad)
                    .anyMatch(ph -> ph.type() == ProgramHeader.PT_INTERP);
            assertThat(elf.section(".dynsym")).get().extracting(SectionHeader::type).isEqualTo(SectionHeader.SHT_DYNSYM);
            assertThat(elf.section(".text")).isPresent();
            assertThat(elf.section(".no-such-section")).isEmpty();
        }
    }

    @Test
    void interpreterSegmentNamesTheDynamicLoader() throws Exception {
        try (ElfFile elf = ElfFile.open(TRUE)) {
            ProgramHeader interp = elf.programHeaders().stream()
                    .filter(ph -> ph.type() == ProgramHeader.PT_INTERP).findFirst().orElseThrow();
            String loader = new String(elf.readBytes(interp.offset(), (int) interp.fileSize() - 1), StandardCharsets.US_ASCII);
            assertThat(loader).startsWith("/").contains("ld-linux");
        }
    }

    @Test
    void buildIdIsTheSameFromTheSectionAndFromTheNoteSegment() throws Exception {
        try (ElfFile elf = ElfFile.open(TRUE)) {
            String fromSection = elf.buildId().orElseThrow();
            String fromSegments = elf.notes().stream().filter(n -> n.is("GNU", ElfNote.NT_GNU_BUILD_ID)).findFirst()
                    .map(n -> java.util.HexFormat.of().formatHex(bytes(elf, n))).orElseThrow();
            assertThat(fromSection).matches("[0-9a-f]{40}").isEqualTo(fromSegments);
        }
    }

    @Test
    void debugLinkNamesTheSeparateDebugFile() throws Exception {
        try (ElfFile elf = ElfFile.open(TRUE)) {
            assumeTrue(elf.section(".gnu_debuglink").isPresent(), "skipped: " + TRUE + " has no .gnu_debuglink");
            ElfFile.DebugLink link = elf.debugLink().orElseThrow();
            assertThat(link.fileName()).endsWith(".debug");
            assertThat(link.crc32()).isBetween(0L, 0xffffffffL);
        }
    }

    @Test
    void aFileWithoutDebugLinkHasNone() throws Exception {
        Path libc = Path.of("/lib/x86_64-linux-gnu/libc.so.6");
        try (ElfFile elf = ElfFile.open(libc)) {
            if (elf.section(".gnu_debuglink").isEmpty()) {
                assertThat(elf.debugLink()).isEmpty();
            }
        }
    }

    @Test
    void readsAConstantFromRodataByVirtualAddress() throws Exception {
        // glibc publishes l_tls_offset's place in struct link_map for debuggers: {bits, count, offset}.
        try (ElfFile libc = ElfFile.open(Path.of("/lib/x86_64-linux-gnu/libc.so.6"))) {
            ElfSymbol descriptor = libc.symbols().lookup("_thread_db_link_map_l_tls_offset").orElseThrow();
            byte[] words = libc.readVirtual(descriptor.value(), 12).orElseThrow();
            var view = java.nio.ByteBuffer.wrap(words).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            assertThat(view.getInt(0)).isEqualTo(64);
            assertThat(view.getInt(4)).isEqualTo(1);
            assertThat(view.getInt(8)).isPositive();
        }
    }

    @Test
    void notElfIsRejectedAtOffsetZero() throws Exception {
        Path text = Files.writeString(temp.resolve("notes.txt"), "hello, this is not an ELF file at all...........................");
        assertThatThrownBy(() -> ElfFile.open(text))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("notes.txt")
                .hasMessageContaining("not an ELF file: expected magic 7f 45 4c 46")
                .satisfies(e -> assertThat(((ElfFormatException) e).offset()).hasValue(0));
    }

    @Test
    void emptyFileIsATruncatedHeader() throws Exception {
        Path empty = Files.createFile(temp.resolve("empty"));
        assertThatThrownBy(() -> ElfFile.open(empty))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("truncated file: ELF identification at offset 0x0 (16 bytes) extends past end of file (size 0)");
    }

    @Test
    void thirtyTwoBitFileIsRejectedWithTheClassFound() throws Exception {
        byte[] header = new byte[64];
        header[0] = 0x7f;
        header[1] = 'E';
        header[2] = 'L';
        header[3] = 'F';
        header[4] = 1; // ELFCLASS32
        header[5] = 1;
        Path elf32 = Files.write(temp.resolve("elf32"), header);
        assertThatThrownBy(() -> ElfFile.open(elf32))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("a 32-bit ELF file (EI_CLASS 1): only 64-bit (x86-64) cores and programs are read")
                .satisfies(e -> assertThat(((ElfFormatException) e).offset()).hasValue(4));
    }

    @Test
    void truncatedProgramHeaderTableNamesTheHeaderAndItsOffset() throws Exception {
        // Header (64 bytes) plus two whole program headers plus 10 bytes of the third.
        long cut = 64 + 2 * 56 + 10;
        Path copy = TestCores.truncatedCopy(TRUE, temp.resolve("true.cut"), cut);
        assertThatThrownBy(() -> ElfFile.open(copy))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("truncated ELF file: program header 2 at offset 0xb0 (56 bytes) extends past end of file (size "
                        + cut + ")")
                .satisfies(e -> assertThat(((ElfFormatException) e).offset()).hasValue(64 + 2 * 56));
    }

    @Test
    void truncatedSectionHeaderTableIsReportedNotThrownAsIndexError() throws Exception {
        long size = Files.size(TRUE);
        Path copy = TestCores.truncatedCopy(TRUE, temp.resolve("true.noshdr"), size - 100);
        assertThatThrownBy(() -> ElfFile.open(copy))
                .isInstanceOf(ElfFormatException.class)
                .hasMessageContaining("section header")
                .hasMessageContaining("extends past end of file");
    }

    @Test
    void readsOutsideTheFileAreFormatErrors() throws Exception {
        try (ElfFile elf = ElfFile.open(TRUE)) {
            assertThatThrownBy(() -> elf.readBytes(elf.size() - 4, 8))
                    .isInstanceOf(ElfFormatException.class)
                    .hasMessageContaining("extends past end of file");
            assertThatThrownBy(() -> elf.slice(-1, 1)).isInstanceOf(ElfFormatException.class);
        }
    }

    private static byte[] bytes(ElfFile elf, ElfNote note) {
        try {
            return elf.readBytes(note.descOffset(), (int) note.descSize());
        } catch (ElfFormatException e) {
            throw new AssertionError(e);
        }
    }
}
