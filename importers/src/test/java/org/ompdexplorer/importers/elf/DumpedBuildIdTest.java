package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/** The build-ids the process had, read from the headers the core dumped, match the files on disk. */
class DumpedBuildIdTest {

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "task_tree.abort.core"})
    void theExecutableAndTheRuntimeHaveTheirBuildIdInTheCore(String name) throws Exception {
        try (CoreFile core = CoreFile.open(NativeFixtures.core(name));
             MemoryImage memory = new MemoryImage(core, PathResolver.direct())) {
            for (String module : new String[] {core.executablePath().orElseThrow(), "libomp.so.5", "libc.so.6"}) {
                LoadedModule m = core.module(module).orElseThrow();
                try (ElfFile file = ElfFile.open(Path.of(m.path()))) {
                    assertThat(DumpedBuildId.of(memory, m)).as(module).isEqualTo(file.buildId()).isPresent();
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gcore", "kernel"})
    void aSleepingProcessToo(String kind) throws Exception {
        try (CoreFile core = CoreFile.open(TestCores.of(kind).path());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             ElfFile sleep = ElfFile.open(Path.of(TestCores.SLEEP))) {
            LoadedModule exe = core.module(core.executablePath().orElseThrow()).orElseThrow();
            assertThat(DumpedBuildId.of(memory, exe)).isEqualTo(sleep.buildId());
        }
    }
}
