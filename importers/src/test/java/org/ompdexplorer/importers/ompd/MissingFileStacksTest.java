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
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A core whose program is no longer where the core names it still imports with every thread's stack: partial through
 * the program's frames, which have no names, and one warning naming the file and the fix, however many threads.
 */
class MissingFileStacksTest {
    @Test
    void aMissingProgramGivesPartialStacksAndOneWarning(@TempDir Path dir) throws Exception {
        Path program = Files.copy(NativeFixtures.program("nested_parallel"), dir.resolve("nested_parallel"));
        Path core = LiveCores.gcore(dir, "moved.core", List.of(program.toString()), Map.of("LD_LIBRARY_PATH",
                NativeFixtures.runtimePrefix().resolve("lib").toString(), "OMP_DEBUG", "enabled"), true);
        Files.delete(program);

        LoadResult result = new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null), ProgressListener.NONE);

        List<CallStack> stacks = result.snapshot().callStacks();
        assertThat(stacks).hasSize(result.snapshot().threads().size()).isNotEmpty().allSatisfy(s -> {
            assertThat(s.partial()).contains("nested_parallel").contains("missing or of another build");
            assertThat(s.frames()).anySatisfy(f -> assertThat(f.function()).isEqualTo("__kmp_invoke_microtask"));
        });
        List<Diagnostic> warnings = result.diagnostics().stream()
                .filter(d -> d.code().equals("stack-module-missing")).toList();
        assertThat(warnings).singleElement().satisfies(w -> {
            assertThat(w.message()).contains(program.toString()).contains("is not on this machine");
            assertThat(w.fix()).contains("--exe FILE");
        });
    }
}
