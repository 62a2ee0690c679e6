package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.ElfNote;
import org.ompdexplorer.importers.fuzz.CoreReaderFuzzTest;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * A fixture core with one field of its {@code NT_FILE} note or headers changed, or cut short, imported through the
 * real path (the ELF reader, then libompd): the outcome is a snapshot or a {@link SnapshotLoadException} with a
 * message, never an unchecked exception, never a JVM crash (which would end this test JVM).
 */
class DamagedCoreImportTest {
    private static final String CORE = "task_tree.abort.core";

    @TempDir
    Path dir;

    /** Where the NT_FILE descriptor of the fixture core starts, and how many mappings it lists. */
    private record FileNote(long desc, long descSize, long count) {
        long triple(int i) {
            return desc + 16 + 24L * i;
        }

        long names() {
            return desc + 16 + 24 * count;
        }
    }

    private static FileNote fileNote(Path core) throws Exception {
        try (CoreFile c = CoreFile.open(core)) {
            ElfNote note = c.elf().notes().stream().filter(n -> n.is("CORE", ElfNote.NT_FILE)).findFirst().orElseThrow();
            return new FileNote(note.descOffset(), note.descSize(), c.fileMappings().size());
        }
    }

    /** The NUL-terminated path of mapping {@code index} in the note: its offset in the core. */
    private static long pathOffset(Path core, FileNote note, int index) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "r")) {
            long at = note.names();
            for (int i = 0; i < index; i++) {
                f.seek(at);
                while (f.read() != 0) {
                    at++;
                }
                at++;
            }
            return at;
        }
    }

    private Path copy(String name) throws IOException {
        Path copy = dir.resolve(name);
        Files.copy(NativeFixtures.core(CORE), copy);
        return copy;
    }

    private static void write(Path file, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            f.write(bytes);
        }
    }

    private static byte[] u64(long value) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (value >>> (8 * i));
        }
        return b;
    }

    /** Imports {@code core}; returns the failure's message, or null if it imported. */
    private static String importOutcome(Path core) {
        try {
            new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null), ProgressListener.NONE);
            return null;
        } catch (SnapshotLoadException e) {
            assertThat(e.getMessage()).as("a failure says what is wrong").isNotBlank();
            return e.getMessage();
        }
    }

    @Test
    void oneByteInTheRuntimesFirstMappedPathStillImportsRatherThanCrashing() throws Exception {
        // Reproduces issue 8 item 3: with the runtime's offset-0 mapping renamed, its load bias was guessed from
        // its next mapping, libompd read a garbage type size there and our copy into its buffer of the size it
        // asked for overran the buffer: exit 139. The bias now comes from the mappings that are left.
        Path core = copy("renamed.core");
        FileNote note = fileNote(core);
        long path = pathOffset(core, note, runtimeMappingAtOffsetZero(core));
        int slash = readString(core, path).lastIndexOf('/');
        write(core, path + slash + 1, new byte[] {'#'}); // ".../lib/libomp.so.5" -> ".../lib/#ibomp.so.5"
        assertThat(importOutcome(core)).as("imported from the other mappings").isNull();
    }

    @Test
    void aRuntimeMappingMovedInNtFileIsATypedErrorBeforeLibompdRuns() throws Exception {
        Path core = copy("moved.core");
        FileNote note = fileNote(core);
        int text = runtimeMappingAtOffsetZero(core) + 1;
        try (CoreFile c = CoreFile.open(core)) {
            assertThat(c.fileMappings().get(text).path()).endsWith("/libomp.so.5");
        }
        long start = readLong(core, note.triple(text));
        long end = readLong(core, note.triple(text) + 8);
        write(core, note.triple(text), u64(start + 0x100000));
        write(core, note.triple(text) + 8, u64(end + 0x100000));
        assertThat(importOutcome(core)).contains("NT_FILE note is damaged").contains("libomp.so.5");
    }

    @Test
    void aMappedPathOfSlashIsATypedOutcome() throws Exception {
        Path core = copy("slash.core");
        FileNote note = fileNote(core);
        write(core, pathOffset(core, note, 0) + 1, new byte[] {0}); // the executable's path becomes "/"
        importOutcome(core); // before: NullPointerException from Path.getFileName()
    }

    static Stream<String> fields() {
        return Stream.of("count", "page size", "page size overflow", "start after end", "offset overflow", "path NUL");
    }

    @ParameterizedTest
    @MethodSource("fields")
    void aDamagedNtFileFieldIsATypedErrorNamingTheNote(String field) throws Exception {
        Path core = copy("field.core");
        FileNote note = fileNote(core);
        switch (field) {
            case "count" -> write(core, note.desc(), u64(1L << 32));
            case "page size" -> write(core, note.desc() + 8, u64(0));
            case "page size overflow" -> write(core, note.desc() + 8, u64(1L << 62));
            case "start after end" -> write(core, note.triple(3), u64(-1));
            case "offset overflow" -> write(core, note.triple(6) + 16, u64(1L << 60));
            case "path NUL" -> write(core, note.desc() + note.descSize() - 1, new byte[] {'x'});
            default -> throw new AssertionError(field);
        }
        assertThat(importOutcome(core)).contains("NT_FILE");
        CoreReaderFuzzTest.readEverything(core);
    }

    @Test
    void extendedProgramHeaderCountOfFourBillionIsATypedError() throws Exception {
        Path core = copy("phnum.core");
        // e_phnum = PN_XNUM sends the reader to section header 0, here placed on the core's own first bytes.
        write(core, 40, u64(0x40)); // e_shoff
        write(core, 56, new byte[] {(byte) 0xff, (byte) 0xff}); // e_phnum = PN_XNUM
        write(core, 58, new byte[] {64, 0}); // e_shentsize
        write(core, 0x40 + 44, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff}); // sh_info
        assertThat(importOutcome(core)).contains("program headers");
    }

    static LongStream cuts() throws Exception {
        long size = Files.size(NativeFixtures.core(CORE));
        return LongStream.concat(LongStream.of(0, 1, 16, 63, 64, 100, 0x200, 0x7b0, 0x7c0, 0xbd0, 0xc00, 0x1000,
                0x2000, 0x2af0, 0x3000, 0x10000), LongStream.rangeClosed(1, 8).map(i -> size * i / 9));
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void aCoreCutAnywhereIsATypedOutcome(long cut) throws Exception {
        Path core = copy("cut.core");
        try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "rw")) {
            f.setLength(cut);
        }
        CoreReaderFuzzTest.readEverything(core);
        String outcome = importOutcome(core);
        assertThat(outcome).as("a cut core is not imported silently").isNotNull();
    }

    private static int runtimeMappingAtOffsetZero(Path core) throws Exception {
        try (CoreFile c = CoreFile.open(core)) {
            for (int i = 0; i < c.fileMappings().size(); i++) {
                var m = c.fileMappings().get(i);
                if (m.fileOffset() == 0 && m.path().endsWith("/libomp.so.5")) {
                    return i;
                }
            }
        }
        throw new AssertionError("the fixture maps no libomp.so.5");
    }

    private static long readLong(Path core, long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "r")) {
            f.seek(at);
            return Long.reverseBytes(f.readLong());
        }
    }

    private static String readString(Path core, long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "r")) {
            f.seek(at);
            StringBuilder s = new StringBuilder();
            for (int c = f.read(); c > 0; c = f.read()) {
                s.append((char) c);
            }
            return s.toString();
        }
    }
}
