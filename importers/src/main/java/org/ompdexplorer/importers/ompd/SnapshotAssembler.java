package org.ompdexplorer.importers.ompd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.importers.ompd.Walked.RegionRec;
import org.ompdexplorer.importers.ompd.Walked.TaskRec;
import org.ompdexplorer.importers.ompd.Walked.ThreadRec;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadState;

/** Turns what a {@link ProcessWalker} found into the model's immutable {@link Snapshot}. */
final class SnapshotAssembler {
    static final AddressSpaceId PROCESS = new AddressSpaceId(0);

    private SnapshotAssembler() {
    }

    /** The process-wide parts, read before the walk. */
    record ProcessFacts(CaptureInfo capture, RuntimeInfo runtime, List<IcvValue> addressSpaceIcvs,
                        List<ThreadState> states, List<IcvDefinition> icvCatalogue,
                        List<DisplayControlVar> displayControlVars) {
    }

    /**
     * The snapshot: the process's address space (with {@code offload}, or {@code null}), one address space per
     * device after it, and what the walk found, numbered as an agent capture numbers it ({@link CoreNumbering});
     * {@code functions} symbolizes task entry points by address.
     */
    static Snapshot assemble(ProcessFacts facts, OffloadInfo offload, List<DeviceSpaces.Device> devices,
                             ProcessWalker walk, Map<Long, CodeLocation> functions) {
        CoreNumbering ids = new CoreNumbering(walk.threads, walk.regions, walk.tasks,
                i -> kindRank(kind(walk.tasks.get(i), walk)));
        List<OmpThread> threads = new ArrayList<>(walk.threads.size());
        for (int at : ids.threadOrder()) {
            ThreadRec t = walk.threads.get(at);
            List<OsThreadId> osIds = new ArrayList<>(2);
            osIds.add(new OsThreadId(OsThreadIdKind.LWP, t.core.lwp()));
            t.pthread.asOptional().ifPresent(p -> osIds.add(new OsThreadId(OsThreadIdKind.PTHREAD, p)));
            threads.add(new OmpThread(ids.threadId(t.id), PROCESS, osIds, t.kind, t.state, t.waitId,
                    ids.task(t.currentTask), ids.region(t.currentRegion), t.toolData, t.icvs));
        }
        List<ParallelRegion> regions = new ArrayList<>(walk.regions.size());
        for (int at : ids.regionOrder()) {
            RegionRec r = walk.regions.get(at);
            List<TeamMember> members = new ArrayList<>(r.members.size());
            for (TeamMember m : r.members) {
                members.add(new TeamMember(m.threadNum(), ids.thread(m.thread()), ids.task(m.implicitTask())));
            }
            regions.add(new ParallelRegion(ids.regionId(r.id), PROCESS, ids.region(r.enclosing),
                    r.teamSize.map(Long::intValue), r.level.map(Long::intValue), r.activeLevel.map(Long::intValue),
                    members, ids.task(r.encounteringTask), Fact.absent(), r.toolData, r.icvs));
        }
        List<Task> tasks = new ArrayList<>(walk.tasks.size());
        for (int at : ids.taskOrder()) {
            TaskRec t = walk.tasks.get(at);
            tasks.add(new Task(ids.taskId(t.id), kind(t, walk), ids.task(t.generating), ids.task(t.scheduling),
                    ids.region(t.region), t.thread == null ? Fact.absent() : ids.thread(t.thread),
                    t.threadNum >= 0 ? Fact.of(t.threadNum) : Fact.absent(), function(t.function, functions),
                    Fact.absent(), t.frames, t.toolData, t.icvs, null));
        }
        List<AddressSpace> spaces = new ArrayList<>(1 + devices.size());
        spaces.add(new AddressSpace(PROCESS, null, null, null, facts.addressSpaceIcvs(), null, offload));
        for (DeviceSpaces.Device d : devices) {
            spaces.add(new AddressSpace(new AddressSpaceId(spaces.size()), PROCESS, d.kind(), d.id(), List.of(),
                    new DeviceInfo(d.deviceNum(), d.type(), d.ompdHandle(), List.of(), List.of(), null), null));
        }
        return new Snapshot(facts.capture(), facts.runtime(), spaces, facts.states(), facts.icvCatalogue(),
                facts.displayControlVars(), threads, regions, tasks);
    }

    /** The order of kinds among a region's tasks: initial, implicit, explicit, then any other. */
    private static int kindRank(TaskKind kind) {
        if (kind.equals(TaskKind.INITIAL)) {
            return 0;
        }
        if (kind.equals(TaskKind.IMPLICIT)) {
            return 1;
        }
        return kind.equals(TaskKind.EXPLICIT) ? 2 : 3;
    }

    /**
     * Explicit or implicit from {@code implicit-task-var}; an implicit task of the level-0 region is the initial
     * task. Without the ICV, a task found in a team is implicit; otherwise its kind is unknown.
     */
    private static TaskKind kind(TaskRec t, ProcessWalker walk) {
        boolean implicit;
        if (t.implicit.isKnown()) {
            implicit = t.implicit.get() != 0;
        } else if (t.threadNum >= 0) {
            implicit = true;
        } else {
            return TaskKind.of("unknown");
        }
        if (!implicit) {
            return TaskKind.EXPLICIT;
        }
        boolean outermost = t.region.isKnown()
                && walk.regions.get((int) t.region.get().value()).level.orElse(-1L) == 0;
        return outermost ? TaskKind.INITIAL : TaskKind.IMPLICIT;
    }

    private static Fact<CodeLocation> function(Fact<Long> address, Map<Long, CodeLocation> functions) {
        if (!address.isKnown()) {
            return address.map(CodeLocation::at);
        }
        if (address.get() == 0) {
            return Fact.unavailable(ReturnCode.UNAVAILABLE, "ompd_get_task_function: the runtime recorded no entry point");
        }
        return Fact.of(functions.getOrDefault(address.get(), CodeLocation.at(address.get())));
    }
}
