package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Parallel regions, their members and implicit tasks, their nesting, and ICVs that repeat a field. */
class TeamChecksTest {

    @Test
    void aMemberNamesAnImplicitTaskOfItsRegion() {
        AgentSnapshot s = AgentSnapshot.fib().region(1, r -> r.members.set(1, AgentSnapshot.member(1, 1, 4)));
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        // the member names an explicit task, and implicit task #2 (thread number 1) is not the member it claims
        assertThat(AgentSnapshot.where(found)).containsExactly(
                "member-mismatch parallel region P1.members[1].implicitTask", "member-mismatch task #2.threadNum");
        assertThat(found.getFirst().message()).isEqualTo("parallel region P1 member 1 names task #4, which is explicit, "
                + "not an implicit task: a member and its implicit task say the same");
        assertThat(found.getLast().message()).contains("task #2 is thread number 1 of parallel region P1, but the "
                + "region's member 1 is task #4");
    }

    @Test
    void aMemberAndItsImplicitTaskAgreeOnRegionAndThread() {
        AgentSnapshot s = AgentSnapshot.fib();
        s.thread(2, (Long) null).state = Fact.of(ThreadState.ofValue(0x100));
        s.region(1, r -> r.members.set(1, AgentSnapshot.member(1, 2, 2)));
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("member-mismatch parallel region P1.members[1].thread");
        assertThat(found.getFirst().message()).startsWith("parallel region P1 member 1 names task #2 on thread T2, but "
                + "the task names thread T1 as its thread");
        AgentSnapshot other = AgentSnapshot.fib().region(0, r -> r.members.set(0, AgentSnapshot.member(0, 0, 1)));
        // the initial region's member names implicit task #1 of region 1; #0 is left without its member
        assertThat(other.findings()).containsExactly("member-mismatch parallel region P0.members[0].implicitTask",
                "member-mismatch task #0.threadNum");
    }

    @Test
    void aThreadNumberHasOneImplicitTaskAndAThreadOneThreadNumber() {
        AgentSnapshot s = AgentSnapshot.fib().region(1, r -> r.members.clear()).task(2, t -> t.threadNum = 0);
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("duplicate-thread-num task #2.threadNum");
        assertThat(found.getFirst().message()).isEqualTo("task #2 is thread number 0 of parallel region P1, as task #1 "
                + "is: a thread number has one implicit task");
        AgentSnapshot twice = AgentSnapshot.fib().region(1, r -> r.members.set(1, new TeamMember(1,
                Fact.of(new ThreadId(0)), Fact.absent())));
        assertThat(twice.findings()).containsExactly("thread-twice-in-team parallel region P1.members[1].thread");
    }

    @Test
    void aNestedRegionIsOneLevelDeeper() {
        AgentSnapshot s = AgentSnapshot.fib().region(1, r -> r.level = 3);
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("level-mismatch parallel region P1.level");
        assertThat(found.getFirst().message()).isEqualTo("parallel region P1 is at level 3 inside parallel region P0 at "
                + "level 0: a nested region is one level deeper");
        // a team of two is active: one active level deeper
        assertThat(AgentSnapshot.fib().region(1, r -> r.activeLevel = 0).findings())
                .containsExactly("level-mismatch parallel region P1.activeLevel");
        assertThat(AgentSnapshot.fib().region(1, r -> r.activeLevel = 2).findings())
                .containsExactly("level-mismatch parallel region P1.activeLevel");
        // a team of one is not
        AgentSnapshot serial = AgentSnapshot.fib().region(1, r -> {
            r.teamSize = 1;
            r.activeLevel = 0;
            r.members.removeLast();
        }).task(2, t -> t.region = null);
        assertThat(serial.findings()).isEmpty();
    }

    @Test
    void aRegionIsNestedInItsEncounteringTasksRegion_whichGeneratesItsImplicitTasks() {
        AgentSnapshot s = AgentSnapshot.fib().region(1, r -> r.encountering = 3L);
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly(
                "enclosing-region-mismatch parallel region P1.enclosingRegion",
                "encountering-task-mismatch task #1.generatingTask", "encountering-task-mismatch task #2.generatingTask");
        assertThat(found.getFirst().message()).isEqualTo("parallel region P1 is enclosed by parallel region P0, but its "
                + "encountering task, task #3, binds to parallel region P1: a region is nested in the region of the task "
                + "that encountered it");
        assertThat(found.getLast().message()).isEqualTo("task #2 is generated by task #0, but its parallel region P1 was "
                + "encountered by task #3: a region's encountering task generates its implicit tasks");
    }

    @Test
    void anIcvThatRepeatsAFieldHasItsValue() {
        AgentSnapshot s = AgentSnapshot.fib();
        s.icvs.addAll(List.of(new IcvDefinition(new IcvId(1), "ompd-team-size-var", IcvScope.PARALLEL),
                new IcvDefinition(new IcvId(2), "levels-var", IcvScope.PARALLEL),
                new IcvDefinition(new IcvId(3), "active-levels-var", IcvScope.PARALLEL),
                new IcvDefinition(new IcvId(4), "thread-num-var", IcvScope.TASK)));
        s.region(1, r -> r.icvs = List.of(IcvValue.ofInteger(new IcvId(1), 2), IcvValue.ofInteger(new IcvId(2), 1),
                IcvValue.ofInteger(new IcvId(3), 1)));
        s.task(2, t -> t.icvs = List.of(IcvValue.ofInteger(new IcvId(4), 1)));
        assertThat(s.findings()).isEmpty();
        s.region(1, r -> r.icvs = List.of(IcvValue.ofInteger(new IcvId(1), 3), IcvValue.ofInteger(new IcvId(2), 1),
                IcvValue.ofInteger(new IcvId(3), 2)));
        s.task(2, t -> t.icvs = List.of(IcvValue.ofInteger(new IcvId(4), 0)));
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("icv-mismatch parallel region P1.icvs",
                "icv-mismatch parallel region P1.icvs", "icv-mismatch task #2.icvs");
        assertThat(found.getFirst().message()).isEqualTo("parallel region P1 has ompd-team-size-var 3 but teamSize 2: "
                + "the ICV and the field are one value");
    }

    @Test
    void unknownFactsNeverMakeAFinding() {
        AgentSnapshot s = AgentSnapshot.fib().region(1, r -> {
            r.level = null;
            r.activeLevel = null;
            r.encountering = null;
            r.members.set(1, new TeamMember(1, Fact.unavailable(ReturnCode.UNAVAILABLE, "test"),
                    Fact.unavailable(ReturnCode.UNAVAILABLE, "test")));
        }).task(1, t -> t.threadNum = null).task(2, t -> t.generating = null);
        assertThat(s.findings()).isEmpty();
    }
}
