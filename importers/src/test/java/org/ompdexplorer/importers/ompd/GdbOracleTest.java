package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TeamMember;

/**
 * Cross-checks the import against an independent reader of the same core: LLVM's gdb OMPD plugin, run in batch
 * mode by scripts/make-core-fixtures.sh. Per thread: OpenMP thread or not; per region on its chain: nesting level,
 * team size, and per member the thread's state and wait id and the implicit task's entry point, function and
 * file:line; per thread, every ICV the plugin printed.
 */
class GdbOracleTest {
    /** ICVs the plugin prints in string form ({@code nthreads-var} and {@code bind-var} only when the integer fails). */
    private static final Set<String> STRING_ICVS = Set.of("affinity-format-var", "run-sched-var", "tool-libraries-var",
            "tool-verbose-init-var");

    @ParameterizedTest
    @ValueSource(strings = {"nested_parallel.gcore.core", "nested_parallel.abort.core", "task_tree.gcore.core",
        "task_tree.abort.core", "icvs.gcore.core", "icvs.abort.core", "many_threads.gcore.core",
        "many_threads.abort.core"})
    void threadsRegionsAndMembersAgreeWithTheGdbPlugin(String name) throws Exception {
        checkThreadsRegionsAndMembers(GdbOracle.read(NativeFixtures.core(name)), CoreImports.snapshot(name));
    }

    /** Threads, the region chain of each and every member row agree with what the plugin printed. */
    static void checkThreadsRegionsAndMembers(GdbOracle oracle, Snapshot s) {
        assertThat(oracle.threads().keySet()).containsExactlyInAnyOrderElementsOf(
                s.threads().stream().map(CoreImports::lwp).toList());
        for (GdbOracle.ThreadView view : oracle.threads().values()) {
            OmpThread thread = byLwp(s, view.lwp());
            assertThat(thread.isOpenMpThread()).as("thread %d is an OpenMP thread", view.lwp())
                    .isEqualTo(!view.regions().isEmpty());
            List<ParallelRegion> chain = chain(s, thread);
            assertThat(chain).extracting(r -> r.level().get(), r -> r.teamSize().get())
                    .as("regions of thread %d", view.lwp())
                    .containsExactlyElementsOf(view.regions().stream()
                            .map(r -> org.assertj.core.groups.Tuple.tuple(r.level(), r.teamSize())).toList());
            for (int i = 0; i < chain.size(); i++) {
                checkMembers(s, chain.get(i), view.regions().get(i));
            }
        }
    }

    private static void checkMembers(Snapshot s, ParallelRegion region, GdbOracle.RegionView view) {
        assertThat(region.members()).hasSameSizeAs(view.members());
        for (GdbOracle.MemberRow row : view.members()) {
            TeamMember member = region.members().get(row.threadNum());
            OmpThread thread = s.index().thread(member.thread().get()).orElseThrow();
            Task task = s.index().task(member.implicitTask().get()).orElseThrow();
            assertThat(thread.state().get().name()).isEqualTo(row.state());
            assertThat(thread.waitId().orElse(0L)).isEqualTo(row.waitId());
            assertThat(task.function().get().address()).isEqualTo(row.entry());
            assertThat(task.function().get().symbol()).isEqualTo(row.function());
            assertThat(task.function().get().file()).isEqualTo(row.file());
            assertThat(task.function().get().line()).isEqualTo(row.line());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"nested_parallel.gcore.core", "task_tree.gcore.core", "task_tree.abort.core",
        "icvs.gcore.core", "icvs.abort.core", "many_threads.gcore.core"})
    void icvsAgreeWithTheGdbPlugin(String name) throws Exception {
        GdbOracle oracle = GdbOracle.read(NativeFixtures.core(name));
        assertThat(checkIcvs(oracle, CoreImports.snapshot(name))).isEqualTo(30 * oracle.threads().size());
    }

    /** Every ICV the plugin printed for each thread has the same scope and value in the import; returns how many. */
    static int checkIcvs(GdbOracle oracle, Snapshot s) {
        int compared = 0;
        for (GdbOracle.ThreadView view : oracle.threads().values()) {
            OmpThread thread = byLwp(s, view.lwp());
            for (GdbOracle.IcvLine line : view.icvs().values()) {
                IcvDefinition def = IcvsImportTest.def(s, line.name());
                assertThat(def.scope().name()).isEqualTo(line.scope());
                List<IcvValue> values = switch (line.scope()) {
                    case "address_space" -> s.addressSpaces().getFirst().icvs();
                    case "thread" -> thread.icvs();
                    case "parallel" -> s.index().region(thread.currentRegion()).orElseThrow().icvs();
                    case "task" -> s.index().task(thread.currentTask()).orElseThrow().icvs();
                    default -> throw new AssertionError("unknown scope " + line.scope());
                };
                IcvValue ours = values.stream().filter(v -> v.icv().equals(def.id())).findFirst().orElseThrow();
                assertThat(printedLikeThePlugin(line.name(), ours)).as("%s of thread %d", line.name(), view.lwp())
                        .isEqualTo(line.value());
                compared++;
            }
        }
        return compared;
    }

    @Test
    void withoutOmpDebugThePluginStopsAtTheStateWhichWeMarkAsNeedingStateTracking() throws Exception {
        String name = "task_tree.nodebug.gcore.core";
        String printed = Files.readString(NativeFixtures.core(name).resolveSibling(name + ".gdb-ompd.txt"));
        assertThat(printed).contains("call_ompd_get_state");
        assertThat(CoreImports.snapshot(name).threads()).allSatisfy(t -> assertThat(t.state())
                .isEqualTo(Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_state")));
    }

    private static String printedLikeThePlugin(String name, IcvValue v) {
        if (STRING_ICVS.contains(name)) {
            return v.string().get();
        }
        if ((name.equals("nthreads-var") || name.equals("bind-var")) && !v.integer().isKnown()) {
            return v.string().get();
        }
        return Long.toString(v.integer().get());
    }

    private static OmpThread byLwp(Snapshot s, long lwp) {
        return s.threads().stream().filter(t -> CoreImports.lwp(t) == lwp).findFirst().orElseThrow();
    }

    /** The thread's current region and its enclosing ones, down to (not including) the level-0 region. */
    private static List<ParallelRegion> chain(Snapshot s, OmpThread thread) {
        List<ParallelRegion> result = new ArrayList<>();
        var at = s.index().region(thread.currentRegion());
        while (at.isPresent() && at.get().level().get() > 0) {
            result.add(at.get());
            at = s.index().region(at.get().enclosingRegion());
        }
        return result;
    }
}
