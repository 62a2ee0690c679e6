package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.testfixtures.LiveCores;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * A real core of a program whose threads damaged their own stacks before it was dumped (native/damaged_stacks.c): one
 * frame made its own caller, so the chain goes round in a circle (libdwfl follows it forever; eu-stack stops at its
 * 256-frame display cap), one return address overwritten with garbage. The import succeeds, and each of those
 * stacks keeps the frames up to the damage and is partial, saying why.
 */
class DamagedStackCoreTest {
    private static final Path SOURCE = Path.of("src/test/resources/native/damaged_stacks.c").toAbsolutePath();
    private static final Path CLANG = Path.of("/usr/bin/clang-19");

    @Test
    void aCyclicAndAGarbageStackArePartialAndTheImportSucceeds(@TempDir Path dir) throws Exception {
        NativeFixtures.require(Files.isExecutable(CLANG), "no clang-19",
                "apt-get install clang-19 libomp-19-dev (scripts/install-deps.sh)");
        Path program = dir.resolve("damaged_stacks");
        LiveCores.run(List.of(CLANG.toString(), "-g", "-O0", "-fopenmp", SOURCE.toString(), "-o", program.toString()));
        Path core = LiveCores.gcore(dir, "damaged.core", List.of(program.toString()), Map.of("LD_LIBRARY_PATH",
                NativeFixtures.runtimePrefix().resolve("lib").toString(), "OMP_DEBUG", "enabled"), true);

        LoadResult result = new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null), ProgressListener.NONE);

        List<CallStack> stacks = result.snapshot().callStacks();
        CallStack cycle = stackIn(stacks, "damaged_cycle");
        assertThat(cycle.partial()).startsWith("the stack repeats itself at frame ");
        assertThat(cycle.frames()).extracting(CallFrame::function).as("the walk stops where the chain comes round")
                .endsWith("nap", "damaged_cycle", "damaged_cycle").hasSizeLessThan(10);
        CallStack garbage = stackIn(stacks, "damaged_garbage");
        assertThat(garbage.partial()).startsWith("the unwinder stopped after ");
        assertThat(garbage.frames()).extracting(CallFrame::function).contains("nap", "damaged_garbage")
                .hasSizeLessThan(10);
        assertThat(result.snapshot().threads()).hasSize(2);
    }

    private static CallStack stackIn(List<CallStack> stacks, String function) {
        return stacks.stream().filter(s -> s.frames().stream().anyMatch(f -> function.equals(f.function())))
                .findFirst().orElseThrow(() -> new AssertionError("no stack through " + function + ": " + stacks));
    }
}
