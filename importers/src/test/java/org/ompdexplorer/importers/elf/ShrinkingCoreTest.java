package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault injection: the core shrinks after it was opened (a core still being written, or truncated while read).
 * A read of the lost pages faults with SIGBUS in the mapping; the reader must answer with its own failure naming
 * the file and the offset, not let the JVM's {@link InternalError} (or a crash) out.
 */
class ShrinkingCoreTest {
    @TempDir
    Path temp;

    private Path copyOfCore() throws Exception {
        Path copy = temp.resolve("growing.core");
        Files.copy(TestCores.gcore().path(), copy);
        return copy;
    }

    private static void truncate(Path file, long size) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
    }

    /** The dumped segment furthest into the file: the first to go when the file shrinks. */
    private static ProgramHeader lastDumped(CoreFile core) {
        return core.loadSegments().stream().filter(ph -> ph.fileSize() >= 4096)
                .max(Comparator.comparingLong(ProgramHeader::offset)).orElseThrow();
    }

    @Test
    void memoryReadOfPagesTheCoreLostIsATruncatedCoreFailure() throws Exception {
        Path path = copyOfCore();
        try (CoreFile core = CoreFile.open(path);
             MemoryImage memory = new MemoryImage(core, PathResolver.direct())) {
            ProgramHeader last = lastDumped(core);
            assertThat(memory.read(last.vaddr(), 64)).isInstanceOf(MemoryRead.Bytes.class);

            truncate(path, last.offset() - 4096);

            MemoryRead read = memory.read(last.vaddr() + 8, 64);
            assertThat(read).isInstanceOfSatisfying(MemoryRead.Failure.class, f -> {
                assertThat(f.reason()).isEqualTo(MemoryRead.Reason.TRUNCATED_CORE);
                assertThat(f.detail()).contains(path.toString()).contains("shrank");
            });
            assertThat(memory.readCString(last.vaddr() + 16, 100)).isInstanceOf(MemoryRead.Failure.class);
            assertThat(memory.readDumped(last.vaddr(), 16)).isEmpty();
        }
    }

    @Test
    void notesReadAfterTheCoreShrankAreAFormatErrorNamingTheFile() throws Exception {
        Path path = copyOfCore();
        try (CoreFile core = CoreFile.open(path)) {
            truncate(path, 0);
            assertThatThrownBy(() -> core.elf().notes())
                    .isInstanceOf(ElfFormatException.class)
                    .hasMessageContaining(path.toString())
                    .hasMessageContaining("truncated core")
                    .hasMessageContaining("shrank");
            assertThatThrownBy(() -> core.elf().readBytes(0, 64)).isInstanceOf(ElfFormatException.class);
        }
    }

    @Test
    void aCoreThatGrowsWhileReadIsReadAsItWasWhenOpened() throws Exception {
        Path path = copyOfCore();
        long size = Files.size(path);
        try (CoreFile core = CoreFile.open(path);
             MemoryImage memory = new MemoryImage(core, PathResolver.direct())) {
            ProgramHeader last = lastDumped(core);
            byte[] before = ((MemoryRead.Bytes) memory.read(last.vaddr(), 64)).bytes();
            truncate(path, size + (1 << 20));
            assertThat(core.elf().size()).isEqualTo(size);
            assertThat(memory.read(last.vaddr(), 64)).isInstanceOfSatisfying(MemoryRead.Bytes.class,
                    b -> assertThat(b.bytes()).isEqualTo(before));
        }
    }
}
