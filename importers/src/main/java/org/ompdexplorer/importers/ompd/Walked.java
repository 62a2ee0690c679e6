package org.ompdexplorer.importers.ompd;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.importers.elf.CoreThread;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;

/**
 * What the walk found, entity by entity, while it is still being filled in: each record keeps the canonical OMPD
 * handle (released at the end) and the facts read so far; links point at dense ids in discovery order from 0, the
 * positions in the walk's lists, which {@link CoreNumbering} turns into the snapshot's ids.
 */
final class Walked {
    private Walked() {
    }

    /** One thread of the core. */
    static final class ThreadRec {
        final ThreadId id;
        final CoreThread core;
        /** The thread handle, or 0 when {@code ompd_get_thread_handle} refused (not an OpenMP thread). */
        long handle;
        Fact<ThreadKind> kind = Fact.absent();
        Fact<Long> pthread = Fact.absent();
        Fact<ThreadState> state = Fact.absent();
        Fact<Long> waitId = Fact.absent();
        Fact<TaskId> currentTask = Fact.absent();
        Fact<RegionId> currentRegion = Fact.absent();
        Fact<ToolData> toolData = Fact.absent();
        List<IcvValue> icvs = List.of();

        ThreadRec(ThreadId id, CoreThread core) {
            this.id = id;
            this.core = core;
        }
    }

    /** One parallel region, found through a thread, a task or an enclosing link. */
    static final class RegionRec {
        final RegionId id;
        final long handle;
        final Fact<Long> level;
        final Fact<Long> teamSize;
        Fact<Long> activeLevel = Fact.absent();
        Fact<RegionId> enclosing = Fact.absent();
        Fact<TaskId> encounteringTask = Fact.absent();
        Fact<ToolData> toolData = Fact.absent();
        List<IcvValue> icvs = List.of();
        final List<TeamMember> members = new ArrayList<>();

        RegionRec(RegionId id, long handle, Fact<Long> level, Fact<Long> teamSize) {
            this.id = id;
            this.handle = handle;
            this.level = level;
            this.teamSize = teamSize;
        }
    }

    /** One task, found through a thread, a region's team or a generating / scheduling link. */
    static final class TaskRec {
        final TaskId id;
        final long handle;
        final Fact<RegionId> region;
        final Fact<Long> function;
        final Fact<TaskFrames> frames;
        Fact<TaskId> generating = Fact.absent();
        Fact<TaskId> scheduling = Fact.absent();
        Fact<ToolData> toolData = Fact.absent();
        Fact<Long> implicit = Fact.absent();
        List<IcvValue> icvs = List.of();
        /** The thread it runs or is suspended on, when a thread's stack or a team says so; else null. */
        ThreadId thread;
        /** Its thread number, for an implicit task found through {@code ompd_get_task_in_parallel}; else -1. */
        int threadNum = -1;

        TaskRec(TaskId id, long handle, Fact<RegionId> region, Fact<Long> function, Fact<TaskFrames> frames) {
            this.id = id;
            this.handle = handle;
            this.region = region;
            this.function = function;
            this.frames = frames;
        }
    }
}
