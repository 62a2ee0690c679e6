package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * The OpenMP fixture cores of {@code scripts/make-core-fixtures.sh}: the reads libompd will make, checked
 * against values gdb printed for the same cores. Skipped when the fixtures have not been made (failed in CI).
 */
class OmpdFixtureCoreTest {

    @ParameterizedTest
    @CsvSource({
        "task_tree.gcore.core,         2,  1",
        "task_tree.abort.core,         2,  1",
        "task_tree.nodebug.gcore.core, 2,  0",
        "nested_parallel.gcore.core,   4,  1",
        "many_threads.gcore.core,      64, 1",
        "many_threads.abort.core,      64, 1",
    })
    void libompStateIsReadFromTheCoreAndItsConstantsFromTheLibrary(String name, int threads, int ompdState)
            throws Exception {
        Path core = fixture(name);
        try (CoreFile file = CoreFile.open(core);
             MemoryImage memory = new MemoryImage(file, PathResolver.direct())) {
            assertThat(file.threads()).hasSize(threads);
            assertThat(file.threads()).extracting(CoreThread::fsBase).doesNotHaveDuplicates();
            LoadedModule libomp = file.module("libomp.so.5").orElseThrow();
            try (ElfFile elf = ElfFile.open(Path.of(libomp.path()))) {
                long bias = libomp.loadBias(elf);
                // .bss: in the core; 1 when the program ran with OMP_DEBUG=enabled.
                ElfSymbol state = elf.symbols().lookup("ompd_state").orElseThrow();
                assertThat(intAt(memory, bias + state.value())).isEqualTo(ompdState);
                // .rodata: not in the core, read from libomp.so.5 itself (gdb prints 201611).
                ElfSymbol version = elf.symbols().lookup("__kmp_openmp_version").orElseThrow();
                assertThat(isDumped(file, bias + version.value())).isFalse();
                assertThat(intAt(memory, bias + version.value())).isEqualTo(201611);
            }
        }
    }

    private static int intAt(MemoryImage memory, long address) {
        MemoryRead read = memory.read(address, 4);
        assertThat(read).isInstanceOf(MemoryRead.Bytes.class);
        return ((MemoryRead.Bytes) read).intAt(0);
    }

    private static boolean isDumped(CoreFile core, long address) {
        return core.loadSegmentAt(address).map(ph -> address - ph.vaddr() < ph.fileSize()).orElse(false);
    }

    private static Path fixture(String name) {
        return NativeFixtures.core(name);
    }
}
