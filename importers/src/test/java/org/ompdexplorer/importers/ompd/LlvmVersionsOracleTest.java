package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;

/**
 * Cores of programs run on the OMPD runtimes of older LLVM versions ({@code OMPD_LLVM_VERSION=N
 * scripts/make-core-fixtures.sh}), each read through that version's own libompd (found beside the runtime, as a user
 * gets it) and checked against LLVM's gdb OMPD plugin driving the same libompd: the version's own plugin where it has
 * one (16); LLVM 14 and 15 ship none (openmp/libompd/gdb-plugin first came with 16), so 16's plugin reads them. The
 * LLVM 19 cores are checked by {@link GdbOracleTest}, {@link CallStackOracleTest} and {@link TaskTreeImportTest}.
 */
class LlvmVersionsOracleTest {
    static final int[] VERSIONS = {14, 15, 16};
    private static final String[] WITH_STATE_TRACKING = {"nested_parallel.gcore.core", "nested_parallel.abort.core",
        "task_tree.gcore.core", "task_tree.abort.core"};

    static Stream<Arguments> cores() {
        return java.util.Arrays.stream(VERSIONS).boxed()
                .flatMap(v -> Stream.of(WITH_STATE_TRACKING).map(core -> Arguments.of(v, core)));
    }

    static Stream<Arguments> taskTreeCores() {
        return cores().filter(a -> a.get()[1].toString().startsWith("task_tree."));
    }

    private static Path core(int llvm, String name) {
        return NativeFixtures.core(llvm, name);
    }

    private static Snapshot snapshot(int llvm, String name) {
        return CoreImports.run(core(llvm, name)).result().snapshot();
    }

    @ParameterizedTest
    @ValueSource(ints = {14, 15, 16})
    void theCoreIsReadThroughTheVersionsOwnLibompd(int llvm) {
        Snapshot s = snapshot(llvm, "task_tree.gcore.core");
        Path libompd = NativeFixtures.runtimePrefix(llvm).resolve("lib/libompd.so");
        assertThat(s.capture().description()).endsWith("read with " + libompd);
        assertThat(s.runtime().ompdApiVersion().isKnown()).isTrue();
        assertThat(s.runtime().ompdVersionString().isKnown()).isTrue();
        assertThat(CoreImports.run(core(llvm, "task_tree.gcore.core")).result().diagnostics()).isEmpty();
    }

    @ParameterizedTest(name = "LLVM {0} {1}")
    @MethodSource("cores")
    void threadsRegionsAndMembersAgreeWithTheGdbPlugin(int llvm, String name) throws Exception {
        GdbOracleTest.checkThreadsRegionsAndMembers(GdbOracle.read(core(llvm, name)), snapshot(llvm, name));
    }

    @ParameterizedTest(name = "LLVM {0} {1}")
    @MethodSource("cores")
    void icvsAgreeWithTheGdbPlugin(int llvm, String name) throws Exception {
        GdbOracle oracle = GdbOracle.read(core(llvm, name));
        assertThat(GdbOracleTest.checkIcvs(oracle, snapshot(llvm, name))).isEqualTo(30 * oracle.threads().size());
    }

    @ParameterizedTest(name = "LLVM {0} {1}")
    @MethodSource("cores")
    void framesEqualGdbs(int llvm, String name) throws Exception {
        CallStackOracleTest.checkFrames(core(llvm, name), snapshot(llvm, name));
    }

    @ParameterizedTest(name = "LLVM {0} {1}")
    @MethodSource("taskTreeCores")
    void theTaskTreeHasItsTasksLinksAndFrames(int llvm, String name) {
        Snapshot s = snapshot(llvm, name);
        TaskTreeImportTest.checkThreadsRegionsAndTaskCounts(s);
        TaskTreeImportTest.checkEachThreadHoldsALeafOnTopOfTasksSuspendedInTaskwait(s);
        TaskTreeImportTest.checkTheStolenTaskIsScheduledByTheThiefButGeneratedByTheRoot(s);
        TaskTreeImportTest.checkTaskFunctionsAreSymbolizedWithFileAndLine(s);
    }

    /**
     * libompd reads the runtime's layout from the {@code ompd_sizeof__*} / {@code ompd_access__*} symbols the runtime
     * publishes, so LLVM 19's libompd (passed with --ompd-lib) reads an older runtime's core as its own libompd does.
     */
    @ParameterizedTest
    @ValueSource(ints = {14, 15, 16})
    void llvm19sLibompdReadsTheOlderCoreAsItsOwnDoes(int llvm) throws Exception {
        Path core = core(llvm, "task_tree.gcore.core");
        Path libompd19 = NativeFixtures.runtimePrefix().resolve("lib/libompd.so");
        Snapshot s = new OmpdCoreImporter().run(CoreImportOptions.of(core, null).withOmpdLibrary(libompd19),
                org.ompdexplorer.importers.ProgressListener.NONE).result().snapshot();
        assertThat(s.capture().description()).endsWith("read with " + libompd19);
        GdbOracle oracle = GdbOracle.read(core);
        GdbOracleTest.checkThreadsRegionsAndMembers(oracle, s);
        assertThat(GdbOracleTest.checkIcvs(oracle, s)).isEqualTo(30 * oracle.threads().size());
        TaskTreeImportTest.checkEachThreadHoldsALeafOnTopOfTasksSuspendedInTaskwait(s);
    }

    @ParameterizedTest
    @ValueSource(ints = {14, 15, 16})
    void withoutOmpDebugThePluginStopsAtTheStateWhichWeMarkAsNeedingStateTracking(int llvm) throws Exception {
        String name = "task_tree.nodebug.gcore.core";
        String printed = Files.readString(core(llvm, name).resolveSibling(name + ".gdb-ompd.txt"));
        assertThat(printed).contains("call_ompd_get_state");
        assertThat(snapshot(llvm, name).threads()).isNotEmpty().allSatisfy(t -> assertThat(t.state())
                .isEqualTo(Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_state")));
    }
}
