package org.ompdexplorer.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The hang detach users debug, as an agent writes it (the same as {@code detach-wait-*.json} in the app's test
 * resources): T1's implicit task #2 waits at a taskwait for #4, a detached task whose body ended and whose event is
 * not fulfilled; T2's implicit task #3 waits at the region's implicit barrier. The agent sees #2 at the top of T1's
 * stack, so its lifecycle is {@code running}; T1's state says it waits.
 */
public final class DetachWaitSnapshots {
    /** When A was taken; B is five seconds later. */
    public static final Instant TIME_A = Instant.parse("2026-11-26T10:00:00Z");

    private DetachWaitSnapshots() {
    }

    /** The first moment of the wait. */
    public static Snapshot a() {
        return of(TIME_A, TaskLifecycle.DETACHED, 0, 0x20);
    }

    /** Five seconds later, renumbered by 100: nothing moved. */
    public static Snapshot b() {
        return of(TIME_A.plusSeconds(5), TaskLifecycle.DETACHED, 100, 0x20);
    }

    /** Five seconds later, the event fulfilled: #4 completed, T1 still in its taskwait, about to resume. */
    public static Snapshot fulfilled() {
        return of(TIME_A.plusSeconds(5), TaskLifecycle.COMPLETED, 100, 0x20);
    }

    /** A core of the first moment: the same threads and states, no lifecycles. */
    public static Snapshot core() {
        Snapshot s = a();
        List<Task> tasks = s.tasks().stream().map(t -> new Task(t.id(), t.kind(), t.generatingTask(),
                t.schedulingTask(), t.parallelRegion(), t.thread(), t.threadNum(), t.function(), t.creationSite(),
                t.frames(), t.toolData(), t.icvs(), null)).toList();
        return new Snapshot(new CaptureInfo(CaptureSource.CORE_FILE, "detach", 7001L, null, TIME_A, null, null,
                null), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(), s.displayControlVars(),
                s.threads(), s.parallelRegions(), tasks);
    }

    /** T1 in {@code state} (0x20 taskwait, 0x21 taskgroup) in #2, T2 at the implicit barrier; #4 {@code child}. */
    public static Snapshot of(Instant time, TaskLifecycle child, long shift, long state) {
        List<OmpThread> threads = List.of(thread(1 + shift, 7001, state, 0x0, 2 + shift),
                thread(2 + shift, 7002, 0x11, 0x7f00beefL, 3 + shift));
        List<ParallelRegion> regions = List.of(
                new ParallelRegion(rid(1 + shift), new AddressSpaceId(0), Fact.absent(), Fact.of(1), Fact.of(0),
                        Fact.of(0), List.of(new TeamMember(0, Fact.of(new ThreadId(1 + shift)), tid(1 + shift))),
                        Fact.absent(), Fact.absent(), Fact.absent(), List.of()),
                new ParallelRegion(rid(2 + shift), new AddressSpaceId(0), Fact.of(rid(1 + shift)), Fact.of(2),
                        Fact.of(1), Fact.of(1), List.of(
                        new TeamMember(0, Fact.of(new ThreadId(1 + shift)), tid(2 + shift)),
                        new TeamMember(1, Fact.of(new ThreadId(2 + shift)), tid(3 + shift))),
                        tid(1 + shift), Fact.absent(), Fact.absent(), List.of()));
        List<Task> tasks = new ArrayList<>();
        tasks.add(task(1, shift, TaskKind.INITIAL, null, null, 1, 1L, 0x7ffd2000L, TaskLifecycle.SUSPENDED));
        tasks.add(task(2, shift, TaskKind.IMPLICIT, 1L, 1L, 2, 1L, 0x7ffd1000L, TaskLifecycle.RUNNING));
        tasks.add(task(3, shift, TaskKind.IMPLICIT, 1L, null, 2, 2L, 0x7f00a000L, TaskLifecycle.RUNNING));
        tasks.add(task(4, shift, TaskKind.EXPLICIT, 2L, null, 2, null, 0, child));
        return new Snapshot(new CaptureInfo(CaptureSource.OMPT_AGENT, "detach", 7001L, null, time, null, null, null),
                RuntimeInfo.UNKNOWN, List.of(AddressSpace.process(new AddressSpaceId(0), List.of())), List.of(),
                List.of(), List.of(), threads, regions, tasks);
    }

    private static OmpThread thread(long id, long lwp, long state, long waitId, long current) {
        return new OmpThread(new ThreadId(id), new AddressSpaceId(0), List.of(new OsThreadId(OsThreadIdKind.LWP, lwp)),
                Fact.of(id % 100 == 1 ? ThreadKind.INITIAL : ThreadKind.WORKER), Fact.of(ThreadState.ofValue(state)),
                Fact.of(waitId), tid(current), Fact.absent(), Fact.absent(), List.of());
    }

    private static Task task(long id, long shift, TaskKind kind, Long generating, Long scheduling, long region,
                             Long thread, long enter, TaskLifecycle life) {
        return new Task(new TaskId(id + shift), kind, generating == null ? Fact.absent() : tid(generating + shift),
                scheduling == null ? Fact.absent() : tid(scheduling + shift), Fact.of(rid(region + shift)),
                thread == null ? Fact.absent() : Fact.of(new ThreadId(thread + shift)), Fact.absent(),
                Fact.absent(), Fact.of(new CodeLocation(0x401000 + id, id == 4 ? "work" : "main", "detach.c",
                (int) (10 + id))), enter == 0 ? Fact.absent() : Fact.of(TaskFrames.of(new FrameInfo(0, 0),
                new FrameInfo(enter, FrameInfo.FRAMEPOINTER))), Fact.absent(), List.of(),
                new AgentFacts(life, List.of(), null, List.of(),
                        List.of(), id));
    }

    private static Fact<TaskId> tid(long id) {
        return Fact.of(new TaskId(id));
    }

    private static RegionId rid(long id) {
        return new RegionId(id);
    }
}
