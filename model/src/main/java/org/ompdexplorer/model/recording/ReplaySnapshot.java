package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.recording.ReplayState.RegionRec;
import org.ompdexplorer.model.recording.ReplayState.TaskRec;
import org.ompdexplorer.model.recording.ReplayState.ThreadRec;

/**
 * Writes a {@link ReplayState} as the model's snapshot, as the agent would have written it at that moment: threads
 * with their state, current task and region and sync region; regions with their levels and teams; the tasks held
 * (each built once and kept on its record until it changes); the target constructs in flight; the header's module
 * map, with the recording's named sites.
 */
final class ReplaySnapshot {
    private static final AddressSpaceId PROCESS = new AddressSpaceId(0);
    private static final long IDLE = 0x100;
    private static final long WORK_SERIAL = 0x0;
    private static final long WORK_PARALLEL = 0x1;

    private final Map<Long, ThreadRec> threads;
    private final Map<Long, TaskRec> tasks;
    private final Map<Long, RegionRec> regions;
    private final TargetConstructs targets;

    ReplaySnapshot(Map<Long, ThreadRec> threads, Map<Long, TaskRec> tasks, Map<Long, RegionRec> regions,
                   TargetConstructs targets) {
        this.threads = threads;
        this.tasks = tasks;
        this.regions = regions;
        this.targets = targets;
    }

    /** The state as a snapshot of the model, as the agent would have written it at this moment. */
    Snapshot of(Recording r, long at) {
        RecordingHeader h = r.header();
        CaptureInfo c = h.capture();
        CaptureInfo capture = new CaptureInfo(c.source(), c.program(), c.pid(), c.host(), c.time(),
                "replay at t=" + RecordingTime.format(at), c.description(), c.producer(), c.lost(), c.job());
        List<OmpThread> outThreads = new ArrayList<>();
        threads.forEach((id, t) -> outThreads.add(thread(r, id, t)));
        List<ParallelRegion> outRegions = new ArrayList<>();
        regions.forEach((id, reg) -> outRegions.add(region(r, id, reg)));
        List<Task> outTasks = new ArrayList<>(tasks.size());
        tasks.forEach((id, t) -> {
            if (t.built != null && !t.dependsOn.isEmpty()
                    && t.built.agent().dependsOn().size() != openPredecessors(t).size()) {
                t.built = null; // a task it depends on completed since
            }
            if (t.built == null) {
                t.built = task(r, id, t);
            }
            outTasks.add(t.built);
        });
        List<ThreadState> states = new ArrayList<>();
        for (long v : new long[]{0x0, 0x1, 0x10, 0x11, 0x13, 0x14, 0x15, 0x20, 0x21, 0x100}) {
            states.add(ThreadState.ofValue(v));
        }
        // the header's module map: the sites of the state can be symbolized like a snapshot's
        return new Snapshot(capture, h.runtime(), List.of(AddressSpace.process(PROCESS, List.of())), states,
                List.of(), List.of(), outThreads, outRegions, outTasks, targets.regions(tasks::containsKey, r),
                h.modules());
    }

    private OmpThread thread(Recording r, long id, ThreadRec t) {
        Fact<SyncRegion> sync = t.syncKinds.isEmpty() ? Fact.absent()
                : Fact.of(new SyncRegion(SyncRegionKind.of(t.syncKinds.getLast()), r.siteAt(t.syncSites.getLast())));
        ThreadState state;
        if (t.waitKind != null && t.waitTask == t.task) {
            state = waitState(t.waitKind);
        } else if (t.task == Recording.NONE) {
            state = ThreadState.ofValue(IDLE);
        } else {
            RegionRec reg = regions.get(t.region);
            state = ThreadState.ofValue(reg != null && reg.size > 1 ? WORK_PARALLEL : WORK_SERIAL);
        }
        return new OmpThread(new ThreadId(id), PROCESS, List.of(),
                Fact.ofNullable(t.kind == null ? null : ThreadKind.of(t.kind)), Fact.of(state), Fact.absent(),
                id(t.task), region(regions.containsKey(t.region) ? t.region : Recording.NONE), Fact.absent(), List.of(),
                sync);
    }

    private static ThreadState waitState(String kind) {
        if (kind.equals("taskwait")) {
            return ThreadState.ofValue(0x20);
        }
        if (kind.equals("taskgroup")) {
            return ThreadState.ofValue(0x21);
        }
        if (kind.equals("barrier_explicit")) {
            return ThreadState.ofValue(0x14);
        }
        if (kind.equals("barrier_implicit_parallel")) {
            return ThreadState.ofValue(0x11);
        }
        if (kind.startsWith("barrier")) {
            return ThreadState.ofValue(0x13);
        }
        return ThreadState.ofValue(0x15); // a wait this build does not name: the runtime's own barrier
    }

    /** The region's team size: the actual one once its implicit tasks began, else the one requested. */
    private static int team(RegionRec reg) {
        return reg.size > 0 ? reg.size : reg.requested;
    }

    private ParallelRegion region(Recording r, long id, RegionRec reg) {
        TaskRec enc = tasks.get(reg.encountering);
        long enclosing = enc == null ? Recording.NONE : enc.region;
        // the initial task's region is level 0 (no encountering task); each region inside it one more
        int level = reg.encountering == Recording.NONE ? 0 : 1;
        int active = team(reg) > 1 ? 1 : 0; // the team shown: before its implicit tasks begin, the one asked for
        for (long e = enclosing; e != Recording.NONE && regions.containsKey(e); ) {
            RegionRec outer = regions.get(e);
            level += outer.encountering == Recording.NONE ? 0 : 1;
            active += team(outer) > 1 ? 1 : 0;
            TaskRec oe = tasks.get(outer.encountering);
            e = oe == null ? Recording.NONE : oe.region;
        }
        List<TeamMember> members = new ArrayList<>();
        reg.members.forEach((num, m) -> {
            if (tasks.containsKey(m[1])) { // a member whose implicit task is gone is no longer listed, as the agent does
                members.add(new TeamMember(num, Fact.of(new ThreadId(m[0])), Fact.of(new TaskId(m[1]))));
            }
        });
        return new ParallelRegion(new RegionId(id), PROCESS, region(enclosing),
                Fact.of(team(reg)), Fact.of(level), Fact.of(active), members,
                id(reg.encountering), r.siteAt(reg.site), Fact.absent(), List.of());
    }

    private Task task(Recording r, long id, TaskRec t) {
        List<TaskFlag> flags = new ArrayList<>();
        List<Dependence> deps = List.of();
        Fact<CodeLocation> site = Fact.absent();
        if (t.create >= 0) {
            for (String f : r.flags(t.create)) {
                if (!f.equals("explicit") && !f.equals("target")) {
                    flags.add(TaskFlag.of(f));
                }
            }
            deps = r.dependences(t.create);
            site = r.siteAt(r.site(t.create));
        }
        AgentFacts agent = new AgentFacts(t.lifecycle, flags, null, deps, openPredecessors(t), t.order);
        return new Task(new TaskId(id), t.kind, id(t.generating), id(t.scheduling), region(t.region),
                t.thread == Recording.NONE ? Fact.absent() : Fact.of(new ThreadId(t.thread)),
                t.threadNum < 0 ? Fact.absent() : Fact.of(t.threadNum), Fact.absent(), site, Fact.absent(),
                Fact.absent(), List.of(), agent);
    }

    /**
     * The tasks it depends on that have not completed: a completed task is gone from the state, as from an agent's
     * snapshot, and a dependence on it no longer holds the task back.
     */
    private List<TaskId> openPredecessors(TaskRec t) {
        if (t.dependsOn.isEmpty()) {
            return t.dependsOn;
        }
        List<TaskId> open = new ArrayList<>(t.dependsOn.size());
        for (TaskId d : t.dependsOn) {
            if (tasks.containsKey(d.value())) {
                open.add(d);
            }
        }
        return open;
    }

    private static Fact<TaskId> id(long v) {
        return v == Recording.NONE ? Fact.absent() : Fact.of(new TaskId(v));
    }

    private static Fact<RegionId> region(long v) {
        return v == Recording.NONE ? Fact.absent() : Fact.of(new RegionId(v));
    }


}
