package org.ompdexplorer.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.DetachWaitSnapshots;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

class SnapshotDiffTest {
    static final Snapshot A = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 300, 7));

    @Test
    void identicalSnapshotsHaveNoDifference() {
        SnapshotDiff d = SnapshotDiff.of(A, A);
        assertThat(d.hasDifferences()).isFalse();
        assertThat(d.entries()).isEmpty();
        assertThat(d.counts(EntityKind.TASK).unchanged()).isEqualTo(A.tasks().size());
        assertThat(d.counts(EntityKind.TASK).matchedBy()).containsOnlyKeys(MatchMethod.CREATION_ORDER);
        assertThat(d.counts(EntityKind.THREAD).matchedBy()).containsOnlyKeys(MatchMethod.OS_ID);
        assertThat(d.counts(EntityKind.PARALLEL_REGION).matchedBy()).containsOnlyKeys(MatchMethod.NESTING_PATH);
        assertThat(d.aggregates()).allSatisfy(row -> assertThat(row.delta()).isZero());
    }

    @Test
    void renumberedAndReorderedIsNoChange() {
        Snapshot b = SnapshotEdits.reordered(SnapshotEdits.renumbered(A, 1000));
        SnapshotDiff d = SnapshotDiff.of(A, b);
        assertThat(d.entries()).isEmpty();
        assertThat(d.hasDifferences()).isFalse();
        assertThat(d.counts(EntityKind.TASK).matched()).isEqualTo(A.tasks().size());
    }

    @Test
    void coreLikeSnapshotsWithoutCreationOrderMatchByIdentityKey() {
        Snapshot a = SnapshotEdits.withoutAgentFacts(A);
        Snapshot b = SnapshotEdits.reordered(SnapshotEdits.renumbered(a, 77));
        SnapshotDiff d = SnapshotDiff.of(a, b);
        assertThat(d.entries()).isEmpty();
        assertThat(d.counts(EntityKind.TASK).matched()).isEqualTo(a.tasks().size());
        assertThat(d.counts(EntityKind.TASK).matchedBy()).containsOnlyKeys(MatchMethod.IDENTITY_KEY);
    }

    @Test
    void movedAddressesGiveTheSameMatchesAndOnlyFrameChanges() {
        Snapshot b = SnapshotEdits.mapTasks(A, t -> {
            TaskCopy c = new TaskCopy(t);
            c.frames = t.frames().map(f -> new TaskFrames(f.exitAddress() + 0x1000, f.exitFlags(),
                    f.enterAddress() == 0 ? 0 : f.enterAddress() + 0x1000, f.enterFlags()));
            c.function = t.function().map(SnapshotDiffTest::moved);
            c.site = t.creationSite().map(SnapshotDiffTest::moved);
            return c.build();
        });
        for (Snapshot a : List.of(A, SnapshotEdits.withoutAgentFacts(A))) {
            Snapshot bb = a == A ? b : SnapshotEdits.withoutAgentFacts(b);
            SnapshotDiff d = SnapshotDiff.of(a, bb);
            assertThat(d.counts(EntityKind.TASK).matched()).isEqualTo(a.tasks().size());
            assertThat(d.entries()).isNotEmpty().allSatisfy(e -> {
                assertThat(e.change()).isEqualTo(ChangeKind.CHANGED);
                assertThat(e.changes()).extracting(FieldChange::field)
                        .allMatch(f -> f == DiffField.EXIT_FRAME || f == DiffField.ENTER_FRAME);
            });
        }
    }

    private static CodeLocation moved(CodeLocation c) {
        return new CodeLocation(c.address() + 0x7000_0000L, c.symbol(), c.file(), c.line());
    }

    @Test
    void everyTaskFieldIsCompared() {
        Task target = A.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT) && t.agent() != null
                && t.thread().isKnown() && t.schedulingTask().isKnown()).findFirst().orElseThrow();
        Task other = A.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT) && !t.equals(target))
                .findFirst().orElseThrow();
        OmpThread otherThread = A.threads().stream().filter(th -> !Fact.of(th.id()).equals(target.thread()))
                .findFirst().orElseThrow();
        List<Consumer<TaskCopy>> edits = List.of(
                c -> c.kind = TaskKind.TARGET,
                c -> c.lifecycle = TaskLifecycle.COMPLETED.equals(c.lifecycle) ? TaskLifecycle.QUEUED : TaskLifecycle.COMPLETED,
                c -> c.thread = Fact.of(otherThread.id()),
                c -> c.threadNum = Fact.of(99),
                c -> c.generating = Fact.of(other.id()),
                c -> c.scheduling = Fact.of(other.id()),
                c -> c.region = Fact.absent(),
                c -> c.function = Fact.of(new CodeLocation(0x10, "elsewhere", null, 0)),
                c -> c.site = Fact.of(new CodeLocation(0x20, "other_site", null, 0)),
                c -> c.frames = Fact.of(new TaskFrames(0x1, 0x21, 0x2, 0x21)),
                c -> c.flags = List.of(TaskFlag.UNTIED, TaskFlag.FINAL),
                c -> c.priority = 42,
                c -> c.deps = List.of(new Dependence(DependenceType.of("inout"), 0xdead)),
                c -> c.dependsOn = List.of(other.id()),
                c -> c.toolData = Fact.of(new ToolData(7, 7)),
                c -> c.icvs = List.of(new IcvValue(A.icvCatalogue().getFirst().id(), Fact.of(1234L), Fact.absent())));
        List<DiffField> expected = List.of(DiffField.KIND, DiffField.LIFECYCLE, DiffField.THREAD, DiffField.THREAD_NUM,
                DiffField.GENERATING_TASK, DiffField.SCHEDULING_TASK, DiffField.PARALLEL_REGION, DiffField.FUNCTION,
                DiffField.CREATION_SITE, DiffField.EXIT_FRAME, DiffField.FLAGS, DiffField.PRIORITY,
                DiffField.DEPENDENCES, DiffField.DEPENDS_ON, DiffField.TOOL_DATA, DiffField.ICV);
        for (int i = 0; i < edits.size(); i++) {
            Consumer<TaskCopy> edit = edits.get(i);
            Snapshot b = SnapshotEdits.mapTasks(A, t -> {
                if (!t.id().equals(target.id())) {
                    return t;
                }
                TaskCopy c = new TaskCopy(t);
                edit.accept(c);
                return c.build();
            });
            SnapshotDiff d = SnapshotDiff.of(A, b);
            EntityDiff e = d.entries().stream().filter(x -> x.kind() == EntityKind.TASK).findFirst().orElseThrow();
            assertThat(e.a()).isEqualTo(org.ompdexplorer.model.EntityRef.of(target.id()));
            assertThat(e.changes()).extracting(FieldChange::field).as("edit %d", i).contains(expected.get(i));
            assertThat(d.counts(EntityKind.TASK).changed()).isEqualTo(1);
        }
    }

    @Test
    void linksAreComparedAsMatchedIdentitiesWithBothSidesNamed() {
        Task target = A.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)
                && t.generatingTask().isKnown()).skip(5).findFirst().orElseThrow();
        Task other = A.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT) && !t.equals(target)
                && !t.generatingTask().equals(Fact.of(target.id())) && !t.id().equals(target.generatingTask().get()))
                .findFirst().orElseThrow();
        Snapshot b = SnapshotEdits.renumbered(SnapshotEdits.mapTasks(A, t -> {
            if (!t.id().equals(target.id())) {
                return t;
            }
            TaskCopy c = new TaskCopy(t);
            c.generating = Fact.of(other.id());
            return c.build();
        }), 500);
        FieldChange change = SnapshotDiff.of(A, b).entries().stream()
                .flatMap(e -> e.changes().stream()).filter(c -> c.field() == DiffField.GENERATING_TASK)
                .findFirst().orElseThrow();
        assertThat(change.before().ref().id()).isEqualTo(target.generatingTask().get().value());
        assertThat(change.after().ref().id()).isEqualTo(other.id().value() + 500);
        assertThat(change.after().text()).startsWith("task #" + (other.id().value() + 500));
    }

    @Test
    void fieldsShowBothSidesAndMarkOnlyWhatTheDiffCountsAsChanged() {
        Snapshot b = SnapshotEdits.renumbered(SnapshotEdits.evolved(A, 0.05, 3), 100);
        SnapshotDiff d = SnapshotDiff.of(A, b);
        UnionNode changed = d.changedNodes().stream().filter(n -> d.change(n) == ChangeKind.CHANGED).findFirst()
                .orElseThrow();
        List<FieldRow> rows = d.fields(changed);
        assertThat(rows).filteredOn(FieldRow::changed).extracting(FieldRow::field).containsExactly(DiffField.LIFECYCLE);
        FieldRow generating = rows.stream().filter(r -> r.field() == DiffField.GENERATING_TASK).findFirst().orElseThrow();
        assertThat(generating.changed()).isFalse();
        assertThat(generating.a().ref().id() + 100).isEqualTo(generating.b().ref().id());
        UnionNode added = d.changedNodes().stream().filter(n -> d.change(n) == ChangeKind.ADDED).findFirst().orElseThrow();
        assertThat(d.fields(added)).allSatisfy(r -> {
            assertThat(r.a()).isNull();
            assertThat(r.b()).isNotNull();
            assertThat(r.changed()).isFalse();
        });
        assertThat(d.entries()).extracting(EntityDiff::either)
                .containsExactlyElementsOf(d.changedNodes().stream().map(n -> d.entry(n).either()).toList());
    }

    @Test
    void addedAndRemovedTasksAreCountedAndListed() {
        Snapshot b = SnapshotEdits.evolved(A, 0.05, 3);
        SnapshotDiff d = SnapshotDiff.of(A, b);
        KindCounts tasks = d.counts(EntityKind.TASK);
        java.util.Set<Long> ordersA = creationOrders(A);
        java.util.Set<Long> ordersB = creationOrders(b);
        assertThat(tasks.removed()).isPositive().isEqualTo(ordersA.stream().filter(o -> !ordersB.contains(o)).count());
        assertThat(tasks.added()).isPositive().isEqualTo(ordersB.stream().filter(o -> !ordersA.contains(o)).count());
        assertThat(tasks.changed()).isEqualTo(15);
        assertThat(d.entries().stream().filter(e -> e.change() == ChangeKind.REMOVED)).hasSize(tasks.removed())
                .allSatisfy(e -> assertThat(e.b()).isNull());
        assertThat(d.entries().stream().filter(e -> e.change() == ChangeKind.ADDED)).hasSize(tasks.added())
                .allSatisfy(e -> assertThat(e.a()).isNull());
        assertThat(d.entries().stream().filter(e -> e.change() == ChangeKind.CHANGED))
                .allSatisfy(e -> assertThat(e.changes()).extracting(FieldChange::field).containsExactly(DiffField.LIFECYCLE));
        int sumA = d.aggregates().stream().mapToInt(AggregateDelta::inA).sum();
        int sumB = d.aggregates().stream().mapToInt(AggregateDelta::inB).sum();
        assertThat(sumA).isEqualTo(A.tasks().size());
        assertThat(sumB).isEqualTo(b.tasks().size());
    }

    @Test
    void swappingAAndBMirrorsTheDiff() {
        Snapshot b = SnapshotEdits.evolved(A, 0.05, 11);
        SnapshotDiff ab = SnapshotDiff.of(A, b);
        SnapshotDiff ba = SnapshotDiff.of(b, A);
        for (EntityKind kind : List.of(EntityKind.THREAD, EntityKind.PARALLEL_REGION, EntityKind.TASK)) {
            KindCounts x = ab.counts(kind);
            KindCounts y = ba.counts(kind);
            assertThat(y.added()).isEqualTo(x.removed());
            assertThat(y.removed()).isEqualTo(x.added());
            assertThat(y.changed()).isEqualTo(x.changed());
        }
        List<String> forward = new ArrayList<>();
        ab.entries().stream().filter(e -> e.change() == ChangeKind.CHANGED)
                .forEach(e -> e.changes().forEach(c -> forward.add(e.a() + "|" + c.label() + "|" + c.before() + "|" + c.after())));
        List<String> backward = new ArrayList<>();
        ba.entries().stream().filter(e -> e.change() == ChangeKind.CHANGED)
                .forEach(e -> e.changes().forEach(c -> backward.add(e.b() + "|" + c.label() + "|" + c.after() + "|" + c.before())));
        assertThat(backward).containsExactlyInAnyOrderElementsOf(forward);
    }

    @Test
    void coreLikeSnapshotsLineUpAfterARemovedSibling() {
        Snapshot a = SnapshotEdits.withoutAgentFacts(A);
        Snapshot b = SnapshotEdits.withoutAgentFacts(SnapshotEdits.evolved(A, 0.02, 5));
        SnapshotDiff d = SnapshotDiff.of(a, b);
        KindCounts tasks = d.counts(EntityKind.TASK);
        assertThat(tasks.inA() - tasks.removed()).isEqualTo(tasks.inB() - tasks.added());
        assertThat(tasks.matched()).isGreaterThan(a.tasks().size() * 9 / 10);
    }

    @Test
    void aThreadAtTheSameWaitIsStillBlockedAndListedFirst() {
        OmpThread t0 = A.threads().getFirst();
        ThreadState lock = ThreadState.ofValue(0x41);
        Snapshot a = SnapshotEdits.withThreadWaiting(A, t0.id(), lock, 0xabcL);
        Snapshot b = SnapshotEdits.evolved(SnapshotEdits.withThreadWaiting(A, t0.id(), lock, 0xabcL), 0.02, 1);
        SnapshotDiff d = SnapshotDiff.of(a, b);
        assertThat(d.stillBlocked()).isNotEmpty();
        StillBlocked first = d.stillBlocked().getFirst();
        assertThat(first.kind()).isEqualTo(EntityKind.THREAD);
        assertThat(first.how()).isEqualTo(StillBlocked.How.WAITING);
        assertThat(first.place()).contains("wait_lock").contains("wait id 0xabc");
        UnionNode node = d.tree().ofB(EntityKind.THREAD, Matching.position(b, first.b()));
        assertThat(d.stillBlocked(node)).contains(first);
        assertThat(d.stillBlocked(d.tree().threads().getLast())).isEmpty();

        Snapshot moved = SnapshotEdits.withThreadWaiting(A, t0.id(), lock, 0xdef0L);
        assertThat(SnapshotDiff.of(a, moved).stillBlocked()).noneMatch(s -> s.kind() == EntityKind.THREAD);
    }

    @Test
    void aThreadAtABarrierIsStillBlockedThroughItsTaskOnlyWhileItsTeamDoesNotMove() {
        OmpThread t0 = A.threads().getFirst();
        ThreadState barrier = ThreadState.ofValue(0x11);
        Snapshot a = SnapshotEdits.withThreadWaiting(A, t0.id(), barrier, 0xabcL);
        Snapshot later = SnapshotEdits.reordered(SnapshotEdits.renumbered(a, 1000));
        SnapshotDiff still = SnapshotDiff.of(a, later);
        assertThat(still.stillBlocked()).as("judged through its current task").noneMatch(s -> s.kind() == EntityKind.THREAD)
                .anyMatch(s -> s.how() == StillBlocked.How.SYNC_WAIT && s.a().id() == t0.currentTask().get().value()
                        && s.place().startsWith("at a barrier on thread T1000") && s.place().contains("wait id 0xabc"));

        SnapshotDiff moved = SnapshotDiff.of(a, SnapshotEdits.evolved(a, 0.02, 1));
        assertThat(moved.stillBlocked()).as("the team's tasks moved: the barrier is making progress")
                .noneMatch(s -> s.how() == StillBlocked.How.SYNC_WAIT || s.how() == StillBlocked.How.WAITING);
    }

    @Test
    void twoMomentsOfADetachWaitAreStillBlockedNotTheSame() {
        SnapshotDiff d = SnapshotDiff.of(DetachWaitSnapshots.a(), DetachWaitSnapshots.b());
        assertThat(d.hasDifferences()).isFalse();
        assertThat(d.twoMoments()).isTrue();
        assertThat(d.hangs()).isTrue();
        assertThat(d.stillBlocked()).extracting(StillBlocked::kind, s -> s.a().id(), s -> s.b().id(), StillBlocked::how)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(EntityKind.TASK, 2L, 102L, StillBlocked.How.SYNC_WAIT),
                        org.assertj.core.groups.Tuple.tuple(EntityKind.TASK, 3L, 103L, StillBlocked.How.SYNC_WAIT),
                        org.assertj.core.groups.Tuple.tuple(EntityKind.TASK, 4L, 104L, StillBlocked.How.DETACHED));
        assertThat(d.stillBlocked().get(0).place()).isEqualTo("at a taskwait on thread T101 (lwp 7001), wait_taskwait,"
                + " wait id 0x0; waiting for task #104 (task in work) (detached: body done, event not fulfilled)");
        assertThat(d.stillBlocked().get(1).place()).startsWith("at a barrier on thread T102 (lwp 7002),"
                + " wait_barrier_implicit_parallel, wait id 0x7f00beef; waiting for task #102 (parallel region in main)"
                + " (waiting at a taskwait on T101), task #104 (task in work) (detached");
        assertThat(d.stillBlocked().get(2).place()).isEqualTo("body done, event still not fulfilled (omp_fulfill_event);"
                + " the taskwait in task #102 (parallel region in main) and the barrier in task #103 (parallel region in main) wait for it");
    }

    @Test
    void theEventFulfilledBetweenTheMomentsIsProgressNotBlocked() {
        SnapshotDiff d = SnapshotDiff.of(DetachWaitSnapshots.a(), DetachWaitSnapshots.fulfilled());
        assertThat(d.stillBlocked()).as("#4 completed: the taskwait, the barrier and #4 all moved").isEmpty();
        assertThat(d.hasDifferences()).isTrue();
        assertThat(d.entries()).anySatisfy(e -> assertThat(e.changes()).anySatisfy(c -> {
            assertThat(c.field()).isEqualTo(DiffField.LIFECYCLE);
            assertThat(c.toString()).contains("detached: body done, event not fulfilled → completed");
        }));
    }

    @Test
    void aWaitWhoseChildStartedIsProgressNotBlocked() {
        Snapshot a = DetachWaitSnapshots.of(DetachWaitSnapshots.TIME_A, TaskLifecycle.QUEUED, 0, 0x20);
        Snapshot b = DetachWaitSnapshots.of(DetachWaitSnapshots.TIME_A.plusSeconds(1), TaskLifecycle.RUNNING, 0, 0x20);
        assertThat(SnapshotDiff.of(a, b).stillBlocked()).isEmpty();
        Snapshot still = DetachWaitSnapshots.of(DetachWaitSnapshots.TIME_A.plusSeconds(1), TaskLifecycle.QUEUED, 0,
                0x20);
        assertThat(SnapshotDiff.of(a, still).stillBlocked()).extracting(StillBlocked::how)
                .containsExactly(StillBlocked.How.SYNC_WAIT, StillBlocked.How.SYNC_WAIT);
        Snapshot group = DetachWaitSnapshots.of(DetachWaitSnapshots.TIME_A.plusSeconds(1), TaskLifecycle.QUEUED, 0,
                0x21);
        assertThat(SnapshotDiff.of(a, group).stillBlocked()).as("a taskgroup is another wait than a taskwait")
                .noneMatch(s -> s.a().id() == 2);
    }

    @Test
    void oneMomentTwiceIsNotAHang() {
        Snapshot a = DetachWaitSnapshots.a();
        SnapshotDiff same = SnapshotDiff.of(a, a);
        assertThat(same.stillBlocked()).isNotEmpty();
        assertThat(same.twoMoments()).isFalse();
        assertThat(same.hangs()).isFalse();
        SnapshotDiff copy = SnapshotDiff.of(a, SnapshotEdits.renumbered(a, 100));
        assertThat(copy.twoMoments()).as("the same capture time").isFalse();
        assertThat(SnapshotDiff.of(A, SnapshotEdits.evolved(A, 0.02, 9)).twoMoments()).isFalse();
    }

    @Test
    void theLifecycleFieldAndTheCountsShowTheStatusAsEveryViewDoes() {
        SnapshotDiff d = SnapshotDiff.of(DetachWaitSnapshots.a(), DetachWaitSnapshots.fulfilled());
        UnionNode parent = d.tree().ofB(EntityKind.TASK, Matching.position(d.b(),
                new org.ompdexplorer.model.EntityRef(EntityKind.TASK, 102)));
        assertThat(d.fields(parent)).filteredOn(r -> r.field() == DiffField.LIFECYCLE).singleElement()
                .satisfies(r -> {
                    assertThat(r.a().text()).isEqualTo("waiting at a taskwait");
                    assertThat(r.b().text()).isEqualTo("waiting at a taskwait");
                });
        assertThat(d.aggregates()).extracting(AggregateDelta::lifecycle).contains("waiting at a taskwait",
                "waiting at a barrier", "detached: body done, event not fulfilled", "completed");
    }

    @Test
    void aTaskSuspendedAtTheSameFrameIsStillBlocked() {
        SnapshotDiff d = SnapshotDiff.of(A, SnapshotEdits.evolved(A, 0.02, 9));
        long suspendedWithFrames = A.tasks().stream().filter(t -> TaskLifecycle.SUSPENDED.equals(t.agent().lifecycle())
                && t.frames().isKnown() && t.frames().get().enter().isPresent()).count();
        assertThat(suspendedWithFrames).isPositive();
        assertThat(d.stillBlocked()).anyMatch(s -> s.how() == StillBlocked.How.SUSPENDED);
    }

    @Test
    void twoProgramsGiveAWarningAndTheDiffIsStillMade() {
        CaptureInfo c = A.capture();
        Snapshot other = new Snapshot(new CaptureInfo(c.source(), "other-program", 5L, null, null, null, null, null),
                A.runtime(), A.addressSpaces(), A.states(), A.icvCatalogue(), A.displayControlVars(), A.threads(),
                A.parallelRegions(), A.tasks());
        Snapshot mine = new Snapshot(new CaptureInfo(c.source(), "/bin/synthetic", 4L, null, null, null, null, null),
                A.runtime(), A.addressSpaces(), A.states(), A.icvCatalogue(), A.displayControlVars(), A.threads(),
                A.parallelRegions(), A.tasks());
        SnapshotDiff d = SnapshotDiff.of(mine, other);
        assertThat(d.warnings()).anyMatch(w -> w.contains("two different programs"))
                .anyMatch(w -> w.contains("two processes"));
        assertThat(d.counts(EntityKind.THREAD).matchedBy()).containsOnlyKeys(MatchMethod.THREAD_NUMBER);
        assertThat(d.counts(EntityKind.TASK).matched()).isEqualTo(A.tasks().size());
    }

    @Test
    void aSeriesFollowsEachEntityThroughItsSteps() {
        Snapshot s1 = SnapshotEdits.evolved(A, 0.05, 1);
        Snapshot s2 = SnapshotEdits.renumbered(SnapshotEdits.evolved(s1, 0.05, 2), 10_000);
        SnapshotSeries series = SnapshotSeries.of(List.of(A, s1, s2));
        assertThat(series.steps()).hasSize(2);
        assertThat(series.rows().stream().filter(r -> r.kind() == EntityKind.THREAD)).hasSize(A.threads().size())
                .allSatisfy(r -> assertThat(r.positions()).doesNotContain(-1));
        long tasksEverywhere = series.rows().stream().filter(r -> r.kind() == EntityKind.TASK)
                .filter(r -> r.position(0) >= 0 && r.position(1) >= 0 && r.position(2) >= 0).count();
        assertThat(tasksEverywhere).isGreaterThan(A.tasks().size() * 8 / 10);
        SeriesRow gone = series.rows().stream().filter(r -> r.kind() == EntityKind.TASK && r.position(0) >= 0
                && r.position(1) < 0).findFirst().orElseThrow();
        assertThat(series.cell(gone, 1)).isEqualTo("·");
        assertThat(series.change(gone, 1)).isEqualTo(ChangeKind.REMOVED);
        SeriesRow born = series.rows().stream().filter(r -> r.kind() == EntityKind.TASK && r.position(0) < 0
                && r.position(1) >= 0).findFirst().orElseThrow();
        assertThat(series.cell(born, 1)).isEqualTo("queued");
        assertThat(series.change(born, 1)).isEqualTo(ChangeKind.ADDED);
        assertThat(Stream.of(0, 1, 2).map(i -> series.cell(series.rows().getFirst(), i))).doesNotContain("·");
    }

    @Test
    void entitiesAreNamedFromTheirSnapshotByReference() {
        Task task = A.tasks().getLast();
        OmpThread thread = A.threads().getFirst();
        assertThat(DiffNames.of(A, org.ompdexplorer.model.EntityRef.of(task.id()))).isEqualTo(org.ompdexplorer.model.Names.of(task, A.index()));
        assertThat(DiffNames.of(A, org.ompdexplorer.model.EntityRef.of(thread.id()))).isEqualTo(org.ompdexplorer.model.Names.of(thread));
        assertThat(DiffNames.of(A, org.ompdexplorer.model.EntityRef.of(A.addressSpaces().getFirst().id())))
                .isEqualTo("address space 0");
        assertThat(DiffNames.of(A, new org.ompdexplorer.model.EntityRef(EntityKind.TASK, 987_654_321L)))
                .isEqualTo("task #987654321");
    }

    private static java.util.Set<Long> creationOrders(Snapshot s) {
        return s.tasks().stream().map(t -> t.agent().creationOrder()).collect(java.util.stream.Collectors.toSet());
    }

}
