package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A core numbers its entities as an agent capture does (issue 24, item 13): threads from 1 with the initial thread
 * T1, regions outermost first (P1 the implicit region around the initial task), tasks from 1 with the initial task
 * #1; ids dense and in list order, and every link names an entity of the snapshot.
 */
class CoreNumberingTest {

    @ParameterizedTest
    @ValueSource(strings = {"nested_parallel.gcore.core", "nested_parallel.abort.core", "task_tree.gcore.core",
            "task_tree.abort.core", "icvs.gcore.core", "many_threads.gcore.core"})
    void aCoreNumbersLikeAnAgentCapture(String core) {
        Snapshot s = CoreImports.snapshot(core);

        assertThat(s.threads()).extracting(t -> t.id().value()).containsExactlyElementsOf(oneTo(s.threads().size()));
        assertThat(s.parallelRegions()).extracting(r -> r.id().value())
                .containsExactlyElementsOf(oneTo(s.parallelRegions().size()));
        assertThat(s.tasks()).extracting(t -> t.id().value()).containsExactlyElementsOf(oneTo(s.tasks().size()));

        OmpThread first = s.threads().getFirst();
        assertThat(first.kind()).isEqualTo(Fact.of(ThreadKind.INITIAL));
        assertThat(s.threads().stream().skip(1).map(CoreImports::lwp).toList()).isSorted();
        ParallelRegion outermost = s.parallelRegions().getFirst();
        assertThat(outermost.level()).isEqualTo(Fact.of(0));
        assertThat(s.parallelRegions()).extracting(r -> r.level().orElse(Integer.MAX_VALUE)).isSorted();
        Task initial = s.tasks().getFirst();
        assertThat(initial.kind()).isEqualTo(TaskKind.INITIAL);
        assertThat(initial.thread()).isEqualTo(Fact.of(first.id()));
        assertThat(initial.parallelRegion()).isEqualTo(Fact.of(outermost.id()));

        assertEveryLinkResolves(s);
        assertThat(SnapshotValidator.validate(s)).filteredOn(Diagnostic::isError).extracting(Diagnostic::format)
                .isEmpty();
    }

    private static List<Long> oneTo(int n) {
        List<Long> ids = new ArrayList<>(n);
        for (long i = 1; i <= n; i++) {
            ids.add(i);
        }
        return ids;
    }

    private static void assertEveryLinkResolves(Snapshot s) {
        SnapshotIndex index = s.index();
        List<String> dangling = new ArrayList<>();
        Consumer<String> bad = dangling::add;
        for (OmpThread t : s.threads()) {
            check(t.currentTask(), index.task(t.currentTask()).isPresent(), "T" + t.id() + ".currentTask", bad);
            check(t.currentRegion(), index.region(t.currentRegion()).isPresent(), "T" + t.id() + ".currentRegion", bad);
        }
        for (ParallelRegion r : s.parallelRegions()) {
            check(r.enclosingRegion(), index.region(r.enclosingRegion()).isPresent(), "P" + r.id() + ".enclosing", bad);
            check(r.encounteringTask(), index.task(r.encounteringTask()).isPresent(), "P" + r.id() + ".encountering",
                    bad);
            for (TeamMember m : r.members()) {
                check(m.thread(), index.thread(m.thread()).isPresent(), "P" + r.id() + ".member.thread", bad);
                check(m.implicitTask(), index.task(m.implicitTask()).isPresent(), "P" + r.id() + ".member.task", bad);
            }
        }
        for (Task t : s.tasks()) {
            check(t.generatingTask(), index.task(t.generatingTask()).isPresent(), "#" + t.id() + ".generating", bad);
            check(t.schedulingTask(), index.task(t.schedulingTask()).isPresent(), "#" + t.id() + ".scheduling", bad);
            check(t.parallelRegion(), index.region(t.parallelRegion()).isPresent(), "#" + t.id() + ".region", bad);
            check(t.thread(), index.thread(t.thread()).isPresent(), "#" + t.id() + ".thread", bad);
        }
        assertThat(dangling).isEmpty();
    }

    private static void check(Fact<?> link, boolean resolves, String where, Consumer<String> bad) {
        if (link.isKnown() && !resolves) {
            bad.accept(where + " = " + link);
        }
    }
}
