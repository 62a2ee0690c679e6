package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.List;

/** Small hand-built snapshots for model tests. */
final class Snapshots {
    final List<OmpThread> threads = new ArrayList<>();
    final List<ParallelRegion> regions = new ArrayList<>();
    final List<Task> tasks = new ArrayList<>();
    final List<IcvDefinition> icvs = new ArrayList<>();
    final List<AddressSpace> spaces = new ArrayList<>(List.of(AddressSpace.process(new AddressSpaceId(0), List.of())));

    static <T> Fact<T> f(T value) {
        return Fact.of(value);
    }

    static Fact<TaskId> t(long id) {
        return Fact.of(new TaskId(id));
    }

    Snapshots thread(long id, long currentTask, long region) {
        threads.add(new OmpThread(new ThreadId(id), new AddressSpaceId(0), List.of(new OsThreadId(OsThreadIdKind.LWP,
                100 + id)), f(ThreadKind.WORKER), f(ThreadState.ofValue(1)), Fact.absent(), t(currentTask),
                f(new RegionId(region)), Fact.absent(), List.of()));
        return this;
    }

    Snapshots region(long id, Long enclosing, int teamSize, TeamMember... members) {
        regions.add(new ParallelRegion(new RegionId(id), new AddressSpaceId(0),
                enclosing == null ? Fact.absent() : f(new RegionId(enclosing)), f(teamSize), f(1), f(1),
                List.of(members), Fact.absent(), Fact.absent(), Fact.absent(), List.of()));
        return this;
    }

    static TeamMember member(int num, long thread, long implicitTask) {
        return new TeamMember(num, f(new ThreadId(thread)), t(implicitTask));
    }

    Snapshots task(long id, TaskKind kind, Long generating, Long scheduling, Long region, Long thread) {
        return task(id, kind, generating, scheduling, region, thread, List.of());
    }

    Snapshots task(long id, TaskKind kind, Long generating, Long scheduling, Long region, Long thread,
                   List<IcvValue> icvValues) {
        tasks.add(new Task(new TaskId(id), kind, generating == null ? Fact.absent() : t(generating),
                scheduling == null ? Fact.absent() : t(scheduling),
                region == null ? Fact.absent() : f(new RegionId(region)),
                thread == null ? Fact.absent() : f(new ThreadId(thread)), Fact.absent(),
                f(new CodeLocation(0x1000 + id, "fn" + (id % 2), null, 0)), Fact.absent(), Fact.absent(),
                Fact.absent(), icvValues, null));
        return this;
    }

    Snapshot build() {
        return new Snapshot(CaptureInfo.of(CaptureSource.HAND_WRITTEN), RuntimeInfo.UNKNOWN, spaces, List.of(), icvs,
                List.of(), threads, regions, tasks);
    }

    /**
     * The fib lesson's shape: T0 runs #1 → #3 → #6; T1 stole #4 from #1 and at its taskwait took #5 from #3.
     */
    static Snapshot fib() {
        return new Snapshots()
                .thread(0, 6, 1).thread(1, 9, 1)
                .region(1, null, 2, member(0, 0, 1), member(1, 1, 2))
                .task(0, TaskKind.INITIAL, null, null, null, 0L)
                .task(1, TaskKind.IMPLICIT, 0L, 0L, 1L, 0L)
                .task(2, TaskKind.IMPLICIT, 0L, null, 1L, 1L)
                .task(3, TaskKind.EXPLICIT, 1L, 1L, 1L, 0L)
                .task(4, TaskKind.EXPLICIT, 1L, 2L, 1L, 1L)
                .task(5, TaskKind.EXPLICIT, 3L, 4L, 1L, 1L)
                .task(6, TaskKind.EXPLICIT, 3L, 3L, 1L, 0L)
                .task(7, TaskKind.EXPLICIT, 4L, null, 1L, null)
                .task(9, TaskKind.EXPLICIT, 5L, 5L, 1L, 1L)
                .build();
    }
}
