package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/** Thread-local variables found through the loader's link_map: libomp's __kmp_gtid, libc's errno. */
class ThreadLocalStorageTest {

    @ParameterizedTest
    @CsvSource({"task_tree.gcore.core, 2", "task_tree.abort.core, 2", "many_threads.gcore.core, 64",
        "many_threads.abort.core, 64", "nested_parallel.gcore.core, 4"})
    void everyThreadHasItsOwnGlobalThreadIdAndTheInitialThreadHasZero(String name, int threads) throws Exception {
        try (CoreFile core = CoreFile.open(NativeFixtures.core(name));
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             ModuleFiles files = new ModuleFiles(core, PathResolver.direct())) {
            LoadedModule libomp = files.moduleNamed("libomp.so").orElseThrow();
            ElfSymbol gtid = files.open(libomp).orElseThrow().symbols().lookup("__kmp_gtid").orElseThrow();
            ThreadLocalStorage tls = new ThreadLocalStorage(memory, files);
            assertThat(tls.staticTlsOffset(libomp)).isInstanceOfSatisfying(ThreadLocalStorage.Lookup.Found.class,
                    f -> assertThat(f.address()).isPositive());
            List<Integer> ids = new ArrayList<>();
            for (CoreThread thread : core.threads()) {
                ThreadLocalStorage.Lookup at = tls.address(thread, libomp, gtid);
                assertThat(at).isInstanceOf(ThreadLocalStorage.Lookup.Found.class);
                long address = ((ThreadLocalStorage.Lookup.Found) at).address();
                // x86-64 TLS variant II: static TLS blocks lie just below the thread pointer
                assertThat(thread.fsBase() - address).isBetween(1L, 1L << 20);
                ids.add(((MemoryRead.Bytes) memory.read(address, 4)).intAt(0));
            }
            assertThat(ids).hasSize(threads).doesNotHaveDuplicates().allMatch(id -> id >= 0);
            int initial = core.threads().indexOf(core.thread(core.processInfo().orElseThrow().pid()).orElseThrow());
            assertThat(ids.get(initial)).isZero();
        }
    }

    @Test
    void libcErrnoOfASleepingProcess() throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.gcore().path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             ModuleFiles files = new ModuleFiles(core, PathResolver.direct())) {
            LoadedModule libc = files.moduleNamed("libc.so").orElseThrow();
            ElfSymbol errno = files.open(libc).orElseThrow().symbols().lookupAll("errno").stream()
                    .filter(s -> s.type() == ElfSymbol.Type.TLS).findFirst().orElseThrow();
            ThreadLocalStorage tls = new ThreadLocalStorage(memory, files);
            CoreThread main = core.threads().getFirst();
            ThreadLocalStorage.Lookup at = tls.address(main, libc, errno);
            assertThat(at).isInstanceOf(ThreadLocalStorage.Lookup.Found.class);
            assertThat(memory.read(((ThreadLocalStorage.Lookup.Found) at).address(), 4)).isInstanceOf(MemoryRead.Bytes.class);
            // a symbol that is not thread-local is refused, not given a made-up address
            ElfSymbol malloc = files.open(libc).orElseThrow().symbols().lookup("malloc").orElseThrow();
            assertThat(tls.address(main, libc, malloc)).isInstanceOf(ThreadLocalStorage.Lookup.Failed.class);
        }
    }
}
