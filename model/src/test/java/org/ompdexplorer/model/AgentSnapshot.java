package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A small snapshot as a capture agent writes it, editable field by field before it is built: for the tests of
 * OpenMP's invariants, each of which breaks one thing in {@link #fib()} and names what the validator says.
 */
final class AgentSnapshot {
    /** A task's fields; {@code null} is absent. */
    static final class T {
        long id;
        TaskKind kind;
        Long generating;
        Long scheduling;
        Long region;
        Fact<ThreadId> thread = Fact.absent();
        Integer threadNum;
        TaskLifecycle lifecycle;
        List<TaskFlag> flags = List.of();
        List<TaskId> dependsOn = List.of();
        List<IcvValue> icvs = List.of();
        boolean agent = true;

        T thread(Long t) {
            thread = t == null ? Fact.absent() : Fact.of(new ThreadId(t));
            return this;
        }
    }

    /** A thread's fields; {@code null} is absent. */
    static final class H {
        long id;
        Fact<TaskId> current = Fact.absent();
        Fact<ThreadState> state = Fact.of(ThreadState.ofValue(0x1)); // work_parallel

        H current(Long task) {
            current = task == null ? Fact.absent() : Fact.of(new TaskId(task));
            return this;
        }
    }

    /** A region's fields. */
    static final class R {
        long id;
        Long enclosing;
        Integer teamSize;
        Integer level;
        Integer activeLevel;
        Long encountering;
        List<TeamMember> members = new ArrayList<>();
        List<IcvValue> icvs = List.of();
    }

    final Map<Long, T> tasks = new LinkedHashMap<>();
    final Map<Long, H> threads = new LinkedHashMap<>();
    final Map<Long, R> regions = new LinkedHashMap<>();
    final List<IcvDefinition> icvs = new ArrayList<>();
    final List<TargetRegion> targets = new ArrayList<>();

    /**
     * The fib lesson's shape, captured by the agent: thread 0 runs #6 over #3, #1 and the initial task #0; thread 1
     * stole #4 from #1 and, at its taskwait, took #5 from #3, then #9 from #5; #7 is queued. Valid.
     */
    static AgentSnapshot fib() {
        AgentSnapshot s = new AgentSnapshot();
        s.thread(0, 6L);
        s.thread(1, 9L);
        s.region(0, null, 1, 0, 0, null).members.add(member(0, 0, 0));
        R outer = s.region(1, 0L, 2, 1, 1, 0L);
        outer.members.add(member(0, 0, 1));
        outer.members.add(member(1, 1, 2));
        s.task(0, TaskKind.INITIAL, null, null, 0L, 0L, TaskLifecycle.SUSPENDED).threadNum = 0;
        s.task(1, TaskKind.IMPLICIT, 0L, 0L, 1L, 0L, TaskLifecycle.SUSPENDED).threadNum = 0;
        s.task(2, TaskKind.IMPLICIT, 0L, null, 1L, 1L, TaskLifecycle.SUSPENDED).threadNum = 1;
        s.task(3, TaskKind.EXPLICIT, 1L, 1L, 1L, 0L, TaskLifecycle.SUSPENDED);
        s.task(4, TaskKind.EXPLICIT, 1L, 2L, 1L, 1L, TaskLifecycle.SUSPENDED);
        s.task(5, TaskKind.EXPLICIT, 3L, 4L, 1L, 1L, TaskLifecycle.SUSPENDED);
        s.task(6, TaskKind.EXPLICIT, 3L, 3L, 1L, 0L, TaskLifecycle.RUNNING);
        s.task(7, TaskKind.EXPLICIT, 4L, null, 1L, null, TaskLifecycle.QUEUED);
        s.task(9, TaskKind.EXPLICIT, 5L, 5L, 1L, 1L, TaskLifecycle.RUNNING);
        return s;
    }

    static TeamMember member(int num, long thread, long implicitTask) {
        return new TeamMember(num, Fact.of(new ThreadId(thread)), Fact.of(new TaskId(implicitTask)));
    }

    H thread(long id, Long current) {
        H h = new H();
        h.id = id;
        h.current(current);
        threads.put(id, h);
        return h;
    }

    R region(long id, Long enclosing, Integer teamSize, Integer level, Integer activeLevel, Long encountering) {
        R r = new R();
        r.id = id;
        r.enclosing = enclosing;
        r.teamSize = teamSize;
        r.level = level;
        r.activeLevel = activeLevel;
        r.encountering = encountering;
        regions.put(id, r);
        return r;
    }

    T task(long id, TaskKind kind, Long generating, Long scheduling, Long region, Long thread,
           TaskLifecycle lifecycle) {
        T t = new T();
        t.id = id;
        t.kind = kind;
        t.generating = generating;
        t.scheduling = scheduling;
        t.region = region;
        t.thread(thread);
        t.lifecycle = lifecycle;
        tasks.put(id, t);
        return t;
    }

    AgentSnapshot task(long id, Consumer<T> edit) {
        edit.accept(tasks.get(id));
        return this;
    }

    AgentSnapshot thread(long id, Consumer<H> edit) {
        edit.accept(threads.get(id));
        return this;
    }

    AgentSnapshot region(long id, Consumer<R> edit) {
        edit.accept(regions.get(id));
        return this;
    }

    /** Every task as a core import sees it: no lifecycle, flags or dependences. */
    AgentSnapshot withoutAgent() {
        tasks.values().forEach(t -> t.agent = false);
        return this;
    }

    private static <V> Fact<V> fact(V value) {
        return value == null ? Fact.absent() : Fact.of(value);
    }

    Snapshot build() {
        List<OmpThread> hs = threads.values().stream().map(h -> new OmpThread(new ThreadId(h.id), new AddressSpaceId(0),
                List.of(new OsThreadId(OsThreadIdKind.LWP, 100 + h.id)), Fact.of(ThreadKind.WORKER), h.state,
                Fact.absent(), h.current, Fact.absent(), Fact.absent(), List.of())).toList();
        List<ParallelRegion> rs = regions.values().stream().map(r -> new ParallelRegion(new RegionId(r.id),
                new AddressSpaceId(0), fact(r.enclosing == null ? null : new RegionId(r.enclosing)), fact(r.teamSize),
                fact(r.level), fact(r.activeLevel), r.members, fact(r.encountering == null ? null
                : new TaskId(r.encountering)), Fact.absent(), Fact.absent(), r.icvs)).toList();
        List<Task> ts = tasks.values().stream().map(t -> new Task(new TaskId(t.id), t.kind,
                fact(t.generating == null ? null : new TaskId(t.generating)),
                fact(t.scheduling == null ? null : new TaskId(t.scheduling)),
                fact(t.region == null ? null : new RegionId(t.region)), t.thread, fact(t.threadNum), Fact.absent(),
                Fact.absent(), Fact.absent(), Fact.absent(), t.icvs,
                t.agent ? new AgentFacts(t.lifecycle, t.flags, null, List.of(), t.dependsOn, t.id) : null)).toList();
        return new Snapshot(CaptureInfo.of(CaptureSource.OMPT_AGENT), RuntimeInfo.UNKNOWN,
                List.of(AddressSpace.process(new AddressSpaceId(0), List.of())), List.of(), icvs, List.of(), hs, rs,
                ts, targets);
    }

    /** Each finding as {@code code entity.field}, in the validator's order. */
    List<String> findings() {
        return where(SnapshotValidator.validate(build()));
    }

    static List<String> where(List<Diagnostic> found) {
        return found.stream().map(d -> d.code() + " " + d.location().entity() + "." + d.location().field()).toList();
    }
}
