package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.diagnostics.Diagnostic;

class SnapshotValidatorTest {
    private static List<String> codes(Snapshot s) {
        return SnapshotValidator.validate(s).stream().map(Diagnostic::code).toList();
    }

    @Test
    void aConsistentSnapshotHasNoFindings() {
        assertThat(SnapshotValidator.validate(Snapshots.fib())).isEmpty();
    }

    @Test
    void danglingReferencesNameTheEntityAndField() {
        Snapshot s = new Snapshots().thread(0, 42, 7).task(1, TaskKind.EXPLICIT, 99L, 98L, 5L, 3L).build();
        List<Diagnostic> found = SnapshotValidator.validate(s);
        assertThat(found).extracting(Diagnostic::code).containsOnly("dangling-reference");
        assertThat(found).extracting(d -> d.location().entity() + "." + d.location().field()).containsExactly(
                "thread T0.currentTask", "thread T0.currentRegion", "task #1.generatingTask",
                "task #1.schedulingTask", "task #1.parallelRegion", "task #1.thread");
        assertThat(found.get(2).message()).contains("task #99").contains("does not hold");
    }

    @Test
    void generatingCycleIsReportedOnce() {
        Snapshot s = new Snapshots().task(1, TaskKind.EXPLICIT, 3L, null, null, null)
                .task(2, TaskKind.EXPLICIT, 1L, null, null, null)
                .task(3, TaskKind.EXPLICIT, 2L, null, null, null)
                .task(4, TaskKind.EXPLICIT, 3L, null, null, null).build();
        List<Diagnostic> found = SnapshotValidator.validate(s);
        assertThat(found).extracting(Diagnostic::code).containsExactly("link-cycle");
        assertThat(found.getFirst().message()).contains("generatingTask").contains("cycle of 3");
    }

    @Test
    void schedulingAndEnclosingCyclesAreReported() {
        Snapshot s = new Snapshots().region(1, 2L, 1).region(2, 1L, 1)
                .task(1, TaskKind.EXPLICIT, null, 2L, null, null)
                .task(2, TaskKind.EXPLICIT, null, 1L, null, null).build();
        assertThat(SnapshotValidator.validate(s)).extracting(d -> d.code() + ":" + d.location().field())
                .containsExactly("link-cycle:schedulingTask", "link-cycle:enclosingRegion");
    }

    @Test
    void aLongChainValidatesWithoutDeepRecursion() {
        Snapshots b = new Snapshots();
        for (long i = 0; i < 200_000; i++) {
            b.task(i, TaskKind.EXPLICIT, i == 0 ? null : i - 1, i == 0 ? null : i - 1, null, null);
        }
        assertThat(SnapshotValidator.validate(b.build())).isEmpty();
    }

    @Test
    void icvReportedInAScopeThatDoesNotOwnIt() {
        Snapshots b = new Snapshots();
        b.icvs.add(new IcvDefinition(new IcvId(1), "team-size-var", IcvScope.PARALLEL));
        b.icvs.add(new IcvDefinition(new IcvId(2), "thread-num-var", IcvScope.TASK));
        b.task(1, TaskKind.IMPLICIT, null, null, null, null,
                List.of(IcvValue.ofInteger(new IcvId(2), 0), IcvValue.ofInteger(new IcvId(1), 2),
                        IcvValue.ofInteger(new IcvId(9), 1)));
        List<Diagnostic> found = SnapshotValidator.validate(b.build());
        assertThat(found).extracting(Diagnostic::code).containsExactly("icv-wrong-scope", "dangling-reference");
        assertThat(found.getFirst().message()).contains("team-size-var").contains("parallel");
    }

    @Test
    void threadNumbersOutsideTheTeam() {
        Snapshot s = new Snapshots().thread(0, 1, 1).thread(1, 2, 1)
                .region(1, null, 2, Snapshots.member(0, 0, 1), Snapshots.member(2, 1, 2),
                        Snapshots.member(0, 1, 2))
                .task(1, TaskKind.IMPLICIT, null, null, 1L, 0L).task(2, TaskKind.IMPLICIT, null, null, 1L, 1L)
                .build();
        // thread 1 is listed twice too: as thread numbers 2 and 0
        assertThat(codes(s)).containsExactly("thread-num-outside-team", "duplicate-thread-num", "thread-twice-in-team");
    }

    @Test
    void duplicateIdsAreErrors() {
        Snapshot s = new Snapshots().thread(0, 1, 1).thread(0, 1, 1).region(1, null, 1)
                .task(1, TaskKind.INITIAL, null, null, 1L, null).build();
        assertThat(codes(s)).containsExactly("duplicate-id");
    }
}
