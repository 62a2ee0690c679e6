package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.graph.TaskPlacement;

/**
 * The whole run of a recording as one ordinary {@link Snapshot}: every task ever created (initial, implicit,
 * explicit, target) with its generating task, creation site, flags, dependences, parallel region and the
 * {@code task-dep} links into it ({@code dependsOn}, which the graph draws as dependence edges); every parallel region
 * with its whole team; every thread seen; every target construct. A task still alive at the recording's end has the
 * lifecycle, thread and scheduling task the state at the end gives it ({@link StateAt}); every other task is
 * {@code completed}, scheduled on the task it began on top of.
 *
 * <p>A completed task names no thread in the snapshot (the validator's rule: a completed task runs on no thread), so
 * the thread that began each task, and whether it moved to another one later (an untied task resumed elsewhere), are
 * kept here beside the snapshot: {@link #beganOn}, {@link #moved}. Immutable.
 */
public final class WholeRun {
    private static final TaskKind[] KINDS = {TaskKind.INITIAL, TaskKind.IMPLICIT, TaskKind.EXPLICIT, TaskKind.TARGET};
    private final Snapshot snapshot;
    private final Map<Long, Integer> position;
    private final long[] beganOn;
    private final boolean[] moved;

    private WholeRun(Snapshot snapshot, RunHistory h) {
        this.snapshot = snapshot;
        this.position = h.position;
        this.beganOn = Arrays.copyOf(h.thread, h.count);
        this.moved = Arrays.copyOf(h.moved, h.count);
    }

    /** The whole run of {@code recording}: two passes over its events (its history, then the state at its end). */
    public static WholeRun of(Recording recording) {
        RunHistory h = new RunHistory(recording);
        ReplayState end = new ReplayState();
        for (int i = 0; i < recording.size(); i++) {
            end.apply(recording, i);
        }
        Snapshot atEnd = end.toSnapshot(recording, recording.duration());
        return new WholeRun(build(recording, h, atEnd), h);
    }

    /** The run as a snapshot: what the tree, the graph, Explain and {@code diff} read. */
    public Snapshot snapshot() {
        return snapshot;
    }

    /** The thread that began task {@code id} (the first to run it), or absent when it never ran or is unknown. */
    public Fact<ThreadId> beganOn(TaskId id) {
        Integer p = position.get(id.value());
        return p == null || beganOn[p] == Recording.NONE ? Fact.absent() : Fact.of(new ThreadId(beganOn[p]));
    }

    /**
     * Where the task graph's lanes by thread put each task of the whole run: a task alive at the end on the thread
     * it is on, a completed one on the thread that began it.
     */
    public TaskPlacement placement() {
        // only what it needs, by the snapshot's task positions: the whole run's maps stay collectable
        SnapshotIndex index = snapshot.index();
        List<Task> tasks = snapshot.tasks();
        long[] began = new long[tasks.size()];
        for (int i = 0; i < began.length; i++) {
            began[i] = beganOn(tasks.get(i).id()) instanceof Fact.Known<ThreadId>(ThreadId id) ? id.value()
                    : Recording.NONE;
        }
        return t -> {
            if (t.thread().isKnown()) {
                return t.thread();
            }
            int p = index.taskPosition(t.id().value());
            return p < 0 || began[p] == Recording.NONE ? Fact.absent() : Fact.of(new ThreadId(began[p]));
        };
    }

    /** Whether task {@code id} was resumed on another thread than the one that began it. */
    public boolean moved(TaskId id) {
        Integer p = position.get(id.value());
        return p != null && moved[p];
    }

    private static Snapshot build(Recording r, RunHistory h, Snapshot atEnd) {
        Map<Long, Task> live = new HashMap<>();
        for (Task t : atEnd.tasks()) {
            if (!TaskLifecycle.COMPLETED.equals(t.lifecycle().orElse(null))) {
                live.put(t.id().value(), t);
            }
        }
        List<Task> tasks = new ArrayList<>(h.count);
        Shared shared = new Shared();
        for (int p : creationOrder(h)) {
            tasks.add(task(r, h, p, live.get(h.id[p]), shared));
        }
        List<OmpThread> threads = new ArrayList<>(atEnd.threads());
        java.util.Set<Long> alive = new java.util.HashSet<>();
        atEnd.threads().forEach(t -> alive.add(t.id().value()));
        h.threads.forEach((id, kind) -> {
            if (!alive.contains(id)) { // ended: no task, idle
                threads.add(new OmpThread(new ThreadId(id), atEnd.addressSpaces().getFirst().id(), List.of(),
                        Fact.ofNullable(kind == null ? null : ThreadKind.of(kind)), Fact.of(ThreadState.ofValue(0x100)),
                        Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), List.of()));
            }
        });
        List<ParallelRegion> regions = new ArrayList<>(h.regions.size());
        h.regions.forEach((id, reg) -> regions.add(region(r, h, id, reg, atEnd)));
        CaptureInfo c = atEnd.capture();
        CaptureInfo capture = new CaptureInfo(c.source(), c.program(), c.pid(), c.host(), c.time(), "whole run "
                + RecordingTime.format(r.duration()), c.description(), c.producer(), c.lost(), c.job());
        return new Snapshot(capture, atEnd.runtime(), atEnd.addressSpaces(), atEnd.states(), List.of(), List.of(),
                threads, regions, tasks, h.targets.regions(h.position::containsKey, r), atEnd.modules());
    }

    /**
     * The positions of the tasks by the agent's ids, which number tasks in creation order. The events name them
     * nearly in that order already (threads interleave), so most runs need no sort.
     */
    private static int[] creationOrder(RunHistory h) {
        int[] order = new int[h.count];
        boolean sorted = true;
        for (int p = 0; p < h.count; p++) {
            order[p] = p;
            sorted &= p == 0 || h.id[p - 1] < h.id[p];
        }
        if (!sorted) {
            long[] keyed = new long[h.count]; // (id, position) sorted by id: ids are far below 2^40
            for (int p = 0; p < h.count; p++) {
                keyed[p] = (h.id[p] << 23) | p;
            }
            if (h.count >= 1 << 23 || Arrays.stream(h.id, 0, h.count).anyMatch(id -> id < 0 || id >= 1L << 40)) {
                Integer[] boxed = new Integer[h.count];
                Arrays.setAll(boxed, p -> p);
                Arrays.sort(boxed, (p, q) -> Long.compare(h.id[p], h.id[q]));
                Arrays.setAll(order, p -> boxed[p]);
                return order;
            }
            Arrays.sort(keyed);
            for (int p = 0; p < h.count; p++) {
                order[p] = (int) (keyed[p] & ((1 << 23) - 1));
            }
        }
        return order;
    }

    /** Values many tasks share, made once: a run of a million tasks has a few flag sets and creation sites. */
    private static final class Shared {
        final Map<List<String>, List<TaskFlag>> flags = new java.util.IdentityHashMap<>();
        final Map<Long, Fact<CodeLocation>> sites = new HashMap<>();
        final Map<Long, Fact<RegionId>> regions = new HashMap<>();
    }

    private static Task task(Recording r, RunHistory h, int p, Task alive, Shared shared) {
        List<TaskFlag> flags = List.of();
        List<Dependence> deps = List.of();
        Fact<CodeLocation> site = Fact.absent();
        int create = h.create[p];
        if (create >= 0) {
            flags = shared.flags.computeIfAbsent(r.flags(create), recorded -> recorded.stream()
                    .filter(f -> !f.equals("explicit") && !f.equals("target")).map(TaskFlag::of).toList());
            deps = r.dependences(create);
            long address = r.site(create);
            site = address == 0 ? Fact.absent() : shared.sites.computeIfAbsent(address, r::siteAt);
        }
        List<Long> before = h.dependsOn.get(p);
        List<TaskId> dependsOn = before == null ? List.of() : before.stream().map(TaskId::new).toList();
        TaskLifecycle life = alive == null ? TaskLifecycle.COMPLETED : alive.lifecycle().orElse(TaskLifecycle.COMPLETED);
        AgentFacts agent = new AgentFacts(life, flags, null, deps, dependsOn, h.id[p]);
        Fact<TaskId> scheduling = alive != null ? alive.schedulingTask() : id(h.scheduling[p]);
        return new Task(new TaskId(h.id[p]), KINDS[h.kind[p]], id(h.generating[p]), scheduling,
                h.region[p] == Recording.NONE ? Fact.absent() : shared.regions.computeIfAbsent(h.region[p],
                        g -> Fact.of(new RegionId(g))),
                alive == null ? Fact.absent() : alive.thread(),
                h.threadNum[p] < 0 ? Fact.absent() : Fact.of(h.threadNum[p]), Fact.absent(), site, Fact.absent(),
                Fact.absent(), List.of(), agent);
    }

    /** A region with every member it ever had; its level counted along its encountering tasks' regions. */
    private static ParallelRegion region(Recording r, RunHistory h, long id, RunHistory.Region reg, Snapshot atEnd) {
        long enclosing = regionOf(h, reg.encountering);
        int level = reg.encountering == Recording.NONE ? 0 : 1;
        int active = reg.size > 1 ? 1 : 0;
        int steps = 0;
        for (long e = enclosing; e != Recording.NONE && h.regions.containsKey(e) && steps++ < h.regions.size(); ) {
            RunHistory.Region outer = h.regions.get(e);
            level += outer.encountering == Recording.NONE ? 0 : 1;
            active += outer.size > 1 ? 1 : 0;
            e = regionOf(h, outer.encountering);
        }
        List<TeamMember> members = new ArrayList<>(reg.members.size());
        reg.members.forEach((num, m) -> members.add(new TeamMember(num, Fact.of(new ThreadId(m[0])),
                Fact.of(new TaskId(m[1])))));
        return new ParallelRegion(new RegionId(id), atEnd.addressSpaces().getFirst().id(),
                enclosing == Recording.NONE ? Fact.absent() : Fact.of(new RegionId(enclosing)),
                Fact.of(reg.size > 0 ? reg.size : reg.requested), Fact.of(level), Fact.of(active), members,
                id(reg.encountering), r.siteAt(reg.site),
                Fact.absent(), List.of());
    }

    private static long regionOf(RunHistory h, long task) {
        Integer p = h.position.get(task);
        return p == null ? Recording.NONE : h.region[p];
    }

    /** A task id an event gave; 0 is none (docs/recording-format.md). */
    private static Fact<TaskId> id(long v) {
        return v == Recording.NONE || v == 0 ? Fact.absent() : Fact.of(new TaskId(v));
    }
}
