package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.testfixtures.LiveCores;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * The environment read from a core's initial stack, and what a damaged stack gives: problems, never an exception.
 */
class ProcessEnvironmentTest {
    @TempDir
    static Path dir;
    private static Path core;

    @BeforeAll
    static void takeCore() throws Exception {
        core = LiveCores.gcore(dir, "env.core", List.of(NativeFixtures.program("nested_parallel").toString(),
                "an argument", "FAKE=argv"), Map.of("LD_LIBRARY_PATH", NativeFixtures.runtimePrefix().resolve("lib")
                .toString(), "JC_RANK", "12", "JC_EMPTY", "", "FAKE", "env"), true);
    }

    @Test
    void theWantedVariablesAreReadAndArgumentsAreNot() throws Exception {
        ProcessEnvironment.Read read = read(core, Set.of("JC_RANK", "JC_EMPTY", "FAKE", "JC_ABSENT"));

        assertThat(read.variables()).containsExactlyInAnyOrderEntriesOf(Map.of("JC_RANK", "12", "JC_EMPTY", "",
                "FAKE", "env"));
        assertThat(read.problems()).isEmpty();
    }

    @Test
    void aStackWithoutItsAuxiliaryVectorIsAProblem() throws Exception {
        Path damaged = copy("no-vector.core");
        long at = vectorOffset(damaged);
        patch(damaged, at, new byte[16]);

        ProcessEnvironment.Read read = read(damaged, Set.of("JC_RANK"));

        assertThat(read.variables()).isEmpty();
        assertThat(read.problems()).singleElement()
                .satisfies(p -> assertThat(p.detail()).contains("auxiliary vector is not on the stack"));
    }

    @Test
    void aStackNotLaidOutAsTheKernelDoesIsAProblem() throws Exception {
        Path damaged = copy("no-terminator.core");
        long at = vectorOffset(damaged);
        patch(damaged, at - 8, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0x1234).array());

        ProcessEnvironment.Read read = read(damaged, Set.of("JC_RANK"));

        assertThat(read.variables()).isEmpty();
        assertThat(read.problems()).singleElement()
                .satisfies(p -> assertThat(p.detail()).contains("does not hold argc, argv and envp"));
    }

    @Test
    void anEnvironmentPointerOutsideTheStringsStopsTheRead() throws Exception {
        Path damaged = copy("wild-pointer.core");
        long at = vectorOffset(damaged);
        // the last pointer of envp now points at no string: the walk takes it for argc, which argv does not fit
        patch(damaged, at - 16, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(-1L).array());

        ProcessEnvironment.Read read = read(damaged, Set.of("JC_RANK"));

        assertThat(read.variables()).isEmpty();
        assertThat(read.problems()).singleElement()
                .satisfies(p -> assertThat(p.detail()).contains("argc -1, 0 arguments"));
    }

    private static ProcessEnvironment.Read read(Path file, Set<String> wanted) throws Exception {
        try (CoreFile c = CoreFile.open(file); MemoryImage memory = new MemoryImage(c, PathResolver.direct())) {
            return ProcessEnvironment.read(memory, wanted);
        }
    }

    private static Path copy(String name) throws Exception {
        return Files.copy(core, dir.resolve(name));
    }

    /** The file offset of the stack's copy of the auxiliary vector: where its bytes are in dumped memory. */
    private static long vectorOffset(Path file) throws Exception {
        byte[] pattern;
        List<ProgramHeader> loads;
        try (CoreFile c = CoreFile.open(file)) {
            ByteBuffer b = ByteBuffer.allocate(c.auxVector().entries().size() * 16).order(ByteOrder.LITTLE_ENDIAN);
            c.auxVector().entries().forEach(e -> b.putLong(e.type()).putLong(e.value()));
            pattern = b.array();
            loads = c.loadSegments();
        }
        byte[] bytes = Files.readAllBytes(file);
        for (int i = bytes.length - pattern.length; i >= 0; i -= 8) {
            long offset = i;
            if (java.util.Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)
                    && loads.stream().anyMatch(ph -> offset >= ph.offset() && offset < ph.offset() + ph.fileSize())) {
                return i;
            }
        }
        throw new AssertionError("no auxiliary vector in " + file);
    }

    private static void patch(Path file, long offset, byte[] bytes) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            f.write(bytes);
        }
    }
}
