package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reads known values from cores of a {@code sleep} process: from the core and from the mapped files. */
class MemoryImageTest {
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};

    @TempDir
    Path temp;

    static List<String> kinds() {
        return TestCores.kinds().toList();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void execFnStringIsReadFromTheStack(String kind) throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.of(kind).path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct())) {
            long execFn = core.auxVector().get(AuxVector.AT_EXECFN).orElseThrow();
            assertThat(core.loadSegmentAt(execFn)).as("AT_EXECFN lies in dumped stack memory").isPresent();
            MemoryRead read = memory.readCString(execFn, 4096);
            assertThat(read).isInstanceOfSatisfying(MemoryRead.Bytes.class,
                    b -> assertThat(new String(b.bytes(), StandardCharsets.UTF_8)).isEqualTo(TestCores.SLEEP));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void executableTextComesFromTheFileNamedInNtFile(String kind) throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.of(kind).path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             ElfFile sleep = ElfFile.open(Path.of(TestCores.SLEEP))) {
            LoadedModule exe = core.module(core.executablePath().orElseThrow()).orElseThrow();
            long entry = core.auxVector().get(AuxVector.AT_ENTRY).orElseThrow();
            assertThat(isDumped(core, entry)).as("text is not in the core: %s", core.loadSegmentAt(entry)).isFalse();

            byte[] expected = sleep.readVirtual(entry - exe.loadBias(sleep), 64).orElseThrow();
            assertThat(memory.read(entry, 64)).isInstanceOfSatisfying(MemoryRead.Bytes.class,
                    b -> assertThat(b.bytes()).isEqualTo(expected));
            assertThat(memory.read(exe.start(), 4)).isInstanceOfSatisfying(MemoryRead.Bytes.class,
                    b -> assertThat(b.bytes()).isEqualTo(ELF_MAGIC));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aConstantInLibcRodataIsReadThroughItsSymbol(String kind) throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.of(kind).path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct())) {
            LoadedModule libc = core.module("libc.so.6").orElseThrow();
            try (ElfFile file = ElfFile.open(Path.of(libc.path()))) {
                ElfSymbol descriptor = file.symbols().lookup("_thread_db_link_map_l_tls_offset").orElseThrow();
                MemoryRead read = memory.read(libc.loadBias(file) + descriptor.value(), 12);
                assertThat(read).isInstanceOfSatisfying(MemoryRead.Bytes.class, b -> {
                    assertThat(b.intAt(0)).isEqualTo(64);
                    assertThat(b.intAt(4)).isEqualTo(1);
                    assertThat(b.intAt(8)).isPositive();
                });
            }
        }
    }

    @Test
    void readsSpanningCoreAndFileAndNativeDestinationsWork() throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.gcore().path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             Arena arena = Arena.ofConfined()) {
            long rsp = core.threads().getFirst().rsp();
            MemorySegment buffer = arena.allocate(16);
            assertThat(memory.copy(rsp, buffer)).isEmpty();
            byte[] viaHeap = ((MemoryRead.Bytes) memory.read(rsp, 16)).bytes();
            assertThat(buffer.toArray(ValueLayout.JAVA_BYTE)).isEqualTo(viaHeap);
            assertThat(((MemoryRead.Bytes) memory.read(rsp, 8)).longAt(0))
                    .isEqualTo(ByteBuffer.wrap(viaHeap).order(ByteOrder.LITTLE_ENDIAN).getLong());
        }
    }

    @Test
    void unmappedAddressIsAFailureNotAnException() throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.gcore().path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct())) {
            assertThat(memory.read(0, 8)).isInstanceOfSatisfying(MemoryRead.Failure.class, f -> {
                assertThat(f.reason()).isEqualTo(MemoryRead.Reason.UNMAPPED);
                assertThat(f.address()).isZero();
            });
            assertThat(memory.read(-4096, 8)).isInstanceOf(MemoryRead.Failure.class);
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void withAnEmptySysrootFileBackedBytesAreNotFound(String kind) throws Exception {
        Path sysroot = Files.createDirectories(temp.resolve("sysroot"));
        try (CoreFile core = CoreFile.open(TestCores.of(kind).path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct().withSysroot(sysroot))) {
            long entry = core.auxVector().get(AuxVector.AT_ENTRY).orElseThrow();
            assertThat(memory.read(entry, 8)).isInstanceOfSatisfying(MemoryRead.Failure.class, f -> {
                assertThat(f.reason()).isEqualTo(MemoryRead.Reason.FILE_NOT_FOUND);
                assertThat(f.detail()).contains(sysroot.toString()).contains("sleep");
            });
            // Stack memory is in the core and needs no file.
            assertThat(memory.readCString(core.auxVector().get(AuxVector.AT_EXECFN).orElseThrow(), 64))
                    .isInstanceOf(MemoryRead.Bytes.class);
        }
    }

    @Test
    void sysrootAndSearchDirectoriesFindMovedFiles() throws Exception {
        Path sysroot = temp.resolve("sysroot");
        Path real = Path.of(TestCores.SLEEP).toRealPath();
        Files.createDirectories(sysroot.resolve(real.getParent().toString().substring(1)));
        Files.copy(real, sysroot.resolve(real.toString().substring(1)));
        Path searched = Files.createDirectories(temp.resolve("search"));
        try (CoreFile core = CoreFile.open(TestCores.gcore().path())) {
            long entry = core.auxVector().get(AuxVector.AT_ENTRY).orElseThrow();
            try (MemoryImage memory = new MemoryImage(core, PathResolver.direct().withSysroot(sysroot))) {
                assertThat(memory.read(entry, 8)).isInstanceOf(MemoryRead.Bytes.class);
            }
            String libc = core.module("libc.so.6").orElseThrow().path();
            Files.copy(Path.of(libc), searched.resolve("libc.so.6"));
            PathResolver resolver = PathResolver.direct().withSysroot(temp.resolve("empty")).withSearchDirectory(searched);
            assertThat(resolver.resolve(libc, false)).hasValue(searched.resolve("libc.so.6"));
            try (MemoryImage memory = new MemoryImage(core, resolver)) {
                long libcText = core.module("libc.so.6").orElseThrow().mappings().stream()
                        .filter(m -> m.fileOffset() > 0).findFirst().orElseThrow().start();
                assertThat(memory.read(libcText, 8)).isInstanceOf(MemoryRead.Bytes.class);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void executableOverrideThatIsAnotherProgramIsAMismatch(String kind) throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.of(kind).path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct().withExecutable(Path.of("/usr/bin/true")))) {
            long entry = core.auxVector().get(AuxVector.AT_ENTRY).orElseThrow();
            assertThat(memory.read(entry, 8)).isInstanceOfSatisfying(MemoryRead.Failure.class, f -> {
                assertThat(f.reason()).isEqualTo(MemoryRead.Reason.FILE_MISMATCH);
                assertThat(f.detail()).contains("/usr/bin/true is not the").contains("sleep");
            });
        }
    }

    @Test
    void executableOverrideIsUsedForTheExecutable() throws Exception {
        Path copy = Files.copy(Path.of(TestCores.SLEEP), temp.resolve("my-sleep"));
        try (CoreFile core = CoreFile.open(TestCores.gcore().path());
             MemoryImage memory = new MemoryImage(core,
                     PathResolver.direct().withSysroot(temp.resolve("nothing")).withExecutable(copy))) {
            long entry = core.auxVector().get(AuxVector.AT_ENTRY).orElseThrow();
            assertThat(memory.read(entry, 8)).isInstanceOf(MemoryRead.Bytes.class);
        }
    }

    private static boolean isDumped(CoreFile core, long address) {
        return core.loadSegmentAt(address).map(ph -> address - ph.vaddr() < ph.fileSize()).orElse(false);
    }
}
