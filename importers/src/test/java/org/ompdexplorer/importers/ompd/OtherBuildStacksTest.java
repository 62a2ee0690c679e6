package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.testfixtures.LiveCores;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A core opened after the program or a library of its was built again at the same path (native/held_in_library.c,
 * its threads held in its own libwork.so): the frames in the other build are not named from it (its addresses mean
 * other functions), the stacks through it are partial, and one warning names the file, says it is another build and
 * how to fix it; another build of the program itself is refused with the typed mismatch error.
 */
class OtherBuildStacksTest {
    private static final Path SOURCES = Path.of("src/test/resources/native").toAbsolutePath();
    private static final Path CLANG = Path.of("/usr/bin/clang-19");

    @TempDir
    static Path dir;
    private static Path program;
    private static Path library;
    private static Path core;

    @BeforeAll
    static void takeCoreThenRebuild() throws Exception {
        NativeFixtures.require(Files.isExecutable(CLANG), "no clang-19",
                "apt-get install clang-19 libomp-19-dev (scripts/install-deps.sh)");
        Path runtime = NativeFixtures.runtimePrefix().resolve("lib");
        library = buildLibrary(1);
        program = dir.resolve("held_in_library");
        LiveCores.run(List.of(CLANG.toString(), "-g", "-O0", "-fopenmp", SOURCES.resolve("held_in_library.c").toString(),
                "-L" + dir, "-lwork", "-Wl,-rpath," + dir, "-o", program.toString()));
        core = LiveCores.gcore(dir, "held_in_library.core", List.of(program.toString()),
                Map.of("LD_LIBRARY_PATH", runtime.toString(), "OMP_DEBUG", "enabled"), true);
    }

    private static Path buildLibrary(int variant) throws Exception {
        Path out = dir.resolve("libwork.so");
        LiveCores.run(List.of(CLANG.toString(), "-g", "-O0", "-shared", "-fPIC", "-DWORK_VARIANT=" + variant,
                SOURCES.resolve("held_library.c").toString(), "-o", out.toString()));
        return out;
    }

    private static LoadResult importCore() throws Exception {
        return new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null), ProgressListener.NONE);
    }

    @Test
    void anotherBuildOfALibraryGivesUnnamedFramesPartialStacksAndOneWarning() throws Exception {
        LoadResult same = importCore();
        int held = heldThreads(same);
        assertThat(held).as("threads held in work_hold with the library the program ran with").isEqualTo(2);
        assertThat(same.snapshot().callStacks()).noneMatch(CallStack::isPartial);

        buildLibrary(2);
        String rebuiltId;
        try (ElfFile file = ElfFile.open(library)) {
            rebuiltId = file.buildId().orElseThrow();
        }
        LoadResult other = importCore();

        List<CodeModule> modules = other.snapshot().modules();
        int work = indexOf(modules, library);
        List<CallStack> through = other.snapshot().callStacks().stream()
                .filter(s -> s.frames().stream().anyMatch(f -> f.module() == work)).toList();
        assertThat(through).hasSize(held).allSatisfy(s -> {
            assertThat(s.partial()).contains(library.getFileName().toString()).contains("missing or of another build");
            assertThat(s.frames()).filteredOn(f -> f.module() == work).allSatisfy(f -> {
                assertThat(f.function()).as("a frame of the other build is not named from it").isNull();
                assertThat(f.file()).isNull();
            });
            assertThat(s.frames()).anySatisfy(f -> assertThat(f.function()).isEqualTo("__kmp_invoke_microtask"));
        });
        assertThat(other.snapshot().callStacks()).filteredOn(s -> !through.contains(s)).noneMatch(CallStack::isPartial);
        List<Diagnostic> naming = other.diagnostics().stream()
                .filter(d -> d.message().contains(library.getFileName().toString())).toList();
        assertThat(naming).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo("stack-module-missing");
            assertThat(w.message()).contains(library + " is another build than the " + library + " the program ran with")
                    .contains(library + " has build-id " + rebuiltId);
            assertThat(w.fix()).contains("put the library the program ran with at " + library)
                    .contains("--solib-search-path");
        });
    }

    @Test
    void anotherBuildOfTheProgramIsRefusedWithTheMismatchError() throws Exception {
        Path rebuilt = dir.resolve("rebuilt");
        Files.createDirectories(rebuilt);
        Path other = rebuilt.resolve("held_in_library");
        LiveCores.run(List.of(CLANG.toString(), "-g", "-O0", "-fopenmp", "-DPROGRAM_VARIANT=3",
                SOURCES.resolve("held_in_library.c").toString(), "-L" + dir, "-lwork", "-o", other.toString()));

        assertThatThrownBy(() -> new OmpdCoreImporter().importCore(CoreImportOptions.of(core, other),
                ProgressListener.NONE)).isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(CoreImportException.Reason.EXECUTABLE_MISMATCH);
                    assertThat(e.getMessage()).contains(other + " is not the program the core was written from");
                });
    }

    private static int heldThreads(LoadResult result) {
        List<String> functions = new ArrayList<>();
        result.snapshot().callStacks().forEach(s -> s.frames().stream().map(CallFrame::function)
                .filter("work_hold"::equals).findFirst().ifPresent(functions::add));
        return functions.size();
    }

    private static int indexOf(List<CodeModule> modules, Path file) {
        for (int i = 0; i < modules.size(); i++) {
            if (modules.get(i).path().equals(file.toString())) {
                return i;
            }
        }
        throw new AssertionError(file + " is not among the core's modules: " + modules);
    }
}
