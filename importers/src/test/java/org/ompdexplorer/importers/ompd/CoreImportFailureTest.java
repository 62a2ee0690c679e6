package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.testfixtures.LiveCores;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.ompd.CoreImportException.Reason;

/** Every way a core import can fail gives its own reason and a message that names the files and the way out. */
class CoreImportFailureTest {
    private static final Path DEBIAN_LIBOMP = Path.of("/usr/lib/x86_64-linux-gnu/libomp.so.5");

    @TempDir
    Path temp;

    @Test
    void theStockDebianRuntimeIsStrippedAndTheMessageSaysWhatToDo() throws Exception {
        NativeFixtures.require(Files.exists(DEBIAN_LIBOMP), "no " + DEBIAN_LIBOMP, "apt-get install libomp5-19");
        String buildId;
        try (ElfFile stock = ElfFile.open(DEBIAN_LIBOMP)) {
            buildId = stock.buildId().orElseThrow();
        }
        Path core = LiveCores.gcore(temp, "stock-runtime.core", List.of(NativeFixtures.program("task_tree").toString()),
                Map.of("OMP_DEBUG", "enabled"), true);
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(core, null)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.STRIPPED_RUNTIME);
                    assertThat(e.getMessage()).contains("libomp.so.5", buildId, "is stripped", "ompd_state", "--debug-dir",
                            "unstripped OMPD-enabled runtime", "libomp5-19-dbgsym", "DEBUGINFOD_URLS", "no debuginfod server asked")
                            .containsIgnoringCase("install the runtime's debug symbols");
                    assertThat(e.diagnostics()).singleElement().satisfies(d -> assertThat(d.code())
                            .isEqualTo("stripped-runtime"));
                });
    }

    @Test
    void aStrippedRuntimeIsReadWithItsDebugFileFromADebugDirectory() throws Exception {
        Path runtime = NativeFixtures.runtimePrefix().resolve("lib");
        Path lib = Files.createDirectories(temp.resolve("stripped/lib"));
        Path debug = temp.resolve("debug");
        String buildId;
        try (ElfFile original = ElfFile.open(runtime.resolve("libomp.so.5"))) {
            buildId = original.buildId().orElseThrow();
        }
        Path debugFile = Files.createDirectories(debug.resolve(".build-id").resolve(buildId.substring(0, 2)))
                .resolve(buildId.substring(2) + ".debug");
        LiveCores.run(List.of(LiveCores.onPath("objcopy").toString(), "--only-keep-debug",
                runtime.resolve("libomp.so.5").toString(), debugFile.toString()));
        LiveCores.run(List.of(LiveCores.onPath("strip").toString(), "--strip-all", "-o", lib.resolve("libomp.so.5")
                .toString(), runtime.resolve("libomp.so.5").toString()));
        Files.copy(runtime.resolve("libompd.so"), lib.resolve("libompd.so"));
        Path core = LiveCores.gcore(temp, "stripped-runtime.core", List.of(NativeFixtures.program("task_tree")
                .toString()), Map.of("LD_LIBRARY_PATH", lib.toString(), "OMP_DEBUG", "enabled"), true);

        assertThatThrownBy(() -> importCore(CoreImportOptions.of(core, null)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.STRIPPED_RUNTIME);
                    assertThat(e.getMessage()).contains(lib.resolve("libomp.so.5").toString(), buildId);
                });
        LoadResult result = importCore(CoreImportOptions.of(core, null).withDebugDirectory(debug));
        assertThat(result.snapshot().threads()).hasSize(2);
        assertThat(result.snapshot().tasks()).hasSize(10);
        assertThat(result.snapshot().tasks()).filteredOn(t -> t.function().isKnown())
                .allSatisfy(t -> assertThat(t.function().get().symbol()).matches("\\.omp_task_entry\\..*|main\\.omp_outlined"));
    }

    @Test
    void noOmpdLibraryNextToTheRuntime() throws Exception {
        Path runtime = NativeFixtures.runtimePrefix().resolve("lib/libomp.so.5");
        Path sysroot = temp.resolve("sysroot");
        Path copy = sysroot.resolve(runtime.toString().substring(1));
        Files.createDirectories(copy.getParent());
        Files.copy(runtime, copy);
        CoreImportOptions options = CoreImportOptions.of(NativeFixtures.core("task_tree.gcore.core"),
                NativeFixtures.program("task_tree")).withSysroot(sysroot);
        assertThatThrownBy(() -> importCore(options)).isInstanceOfSatisfying(CoreImportException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.NO_OMPD_LIBRARY);
            assertThat(e.getMessage()).contains("no OMPD library found", copy.getParent().resolve("libompd.so").toString(),
                    "--ompd-lib");
        });
    }

    @Test
    void anOmpdLibraryOptionThatIsMissingOrNotOmpd() {
        Path core = NativeFixtures.core("task_tree.gcore.core");
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(core, null).withOmpdLibrary(temp.resolve("none.so"))))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.NO_OMPD_LIBRARY);
                    assertThat(e.getMessage()).contains("none.so", "does not exist");
                });
        Path libc = Path.of("/lib/x86_64-linux-gnu/libc.so.6");
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(core, null).withOmpdLibrary(libc)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.NO_OMPD_LIBRARY);
                    assertThat(e.getMessage()).contains("does not define ompd_", "not an OMPD library");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "task_tree.abort.core"})
    void anExecutableThatIsNotTheCoresProgram(String name) {
        Path other = NativeFixtures.program("nested_parallel");
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(NativeFixtures.core(name), other)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.EXECUTABLE_MISMATCH);
                    assertThat(e.getMessage()).contains(other.toString(), "is not the program the core was written from",
                            "task_tree", "build-id", "--exe");
                });
    }

    @Test
    void anExecutableThatDoesNotExist() {
        Path missing = temp.resolve("no-such-program");
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(NativeFixtures.core("task_tree.gcore.core"), missing)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.FILE_NOT_FOUND);
                    assertThat(e.getMessage()).contains(missing.toString());
                });
    }

    @Test
    void aCoreCutOffInItsNotesOrInItsMemory() throws Exception {
        Path core = NativeFixtures.core("task_tree.abort.core");
        Path inNotes = copyPrefix(core, temp.resolve("notes-cut.core"), 0x1000);
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(inNotes, null)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.TRUNCATED_CORE);
                    assertThat(e.getMessage()).contains("notes-cut.core", "truncated", "ulimit -c unlimited");
                });
        Path inMemory = copyPrefix(core, temp.resolve("memory-cut.core"), Files.size(core) / 2);
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(inMemory, null)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.TRUNCATED_CORE);
                    assertThat(e.getMessage()).contains("memory-cut.core", "truncated core", "--accept-truncated");
                });
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(inMemory, null).withAcceptTruncatedCore(true)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.TRUNCATED_CORE);
                    assertThat(e.getMessage()).contains("the runtime's state is in the part of the core that was cut off");
                });
    }

    @Test
    void aCoreCutOffAfterTheRuntimesStateIsReadWhenAskedTo() throws Exception {
        Path core = NativeFixtures.core("task_tree.abort.core");
        Path cut = copyPrefix(core, temp.resolve("stack-cut.core"), Files.size(core) - 0x8000);
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(cut, null)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> assertThat(e.reason())
                        .isEqualTo(Reason.TRUNCATED_CORE));
        LoadResult partial = importCore(CoreImportOptions.of(cut, null).withAcceptTruncatedCore(true));
        assertThat(partial.diagnostics()).extracting(d -> d.code()).contains("truncated-core");
        assertThat(partial.snapshot().threads()).hasSize(2);
        assertThat(partial.snapshot().tasks()).hasSize(10);
    }

    @Test
    void aProgramWithoutOpenMp() throws Exception {
        Path core = LiveCores.gcore(temp, "sleep.core", List.of("/usr/bin/sleep", "60"), Map.of(), false);
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(core, null)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.NOT_OPENMP);
                    assertThat(e.getMessage()).contains("sleep", "is not an OpenMP program");
                });
    }

    @Test
    void aFileThatIsNotACoreOrDoesNotExist() {
        Path program = NativeFixtures.program("task_tree");
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(program, null)))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.NOT_A_CORE);
                    assertThat(e.getMessage()).contains("expected a core file");
                });
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(temp.resolve("missing.core"), null)))
                .isInstanceOf(InputUnreadableException.class).hasMessageContaining("missing.core");
    }

    private static LoadResult importCore(CoreImportOptions options) throws SnapshotLoadException {
        return new OmpdCoreImporter().importCore(options, ProgressListener.NONE);
    }

    private static Path copyPrefix(Path source, Path target, long length) throws Exception {
        try (var in = Files.newInputStream(source); var out = Files.newOutputStream(target)) {
            out.write(in.readNBytes((int) length));
        }
        return target;
    }
}
