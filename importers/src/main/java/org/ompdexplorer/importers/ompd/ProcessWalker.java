package org.ompdexplorer.importers.ompd;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.elf.CoreThread;
import org.ompdexplorer.importers.ompd.Walked.RegionRec;
import org.ompdexplorer.importers.ompd.Walked.TaskRec;
import org.ompdexplorer.importers.ompd.Walked.ThreadRec;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FactInterner;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.ThreadState;

/**
 * Walks the whole OpenMP state of a process through OMPD: every thread of the core, the current and enclosing
 * parallel regions of each, the team of each region (threads and implicit tasks), and every task reachable
 * through current, scheduling, generating and implicit-task links.
 *
 * <p>Handles are deduplicated with the {@code ompd_*_handle_compare} calls: a new handle is compared with the
 * known handles that agree with it on what OMPD reports (a region's nesting level and team size; a task's region,
 * entry point and frames), so comparisons stay few even with thousands of tasks. A duplicate is released at once;
 * canonical handles are kept until {@link #releaseAll()}.
 */
final class ProcessWalker {
    private static final int MAX_TEAM = 1 << 16;
    private static final int MAX_TASKS = 10_000_000;
    private static final int PROGRESS_EVERY = 256;

    private final Ompd ompd;
    private final long space;
    private final IcvReader icvs;
    private final Map<Long, String> stateNames;
    private final ProgressListener progress;
    private final String input;
    private final FactInterner ids = new FactInterner();

    final List<ThreadRec> threads = new ArrayList<>();
    final List<RegionRec> regions = new ArrayList<>();
    final List<TaskRec> tasks = new ArrayList<>();
    private final List<ThreadRec> openmpThreads = new ArrayList<>();
    private final Map<Long, ThreadRec> byPthread = new HashMap<>();
    private final Map<List<Object>, List<RegionRec>> regionBuckets = new HashMap<>();
    private final Map<List<Object>, List<TaskRec>> taskBuckets = new HashMap<>();
    private final ArrayDeque<RegionRec> regionQueue = new ArrayDeque<>();
    private final ArrayDeque<TaskRec> taskQueue = new ArrayDeque<>();
    private boolean truncated;

    ProcessWalker(Ompd ompd, long space, IcvReader icvs, Map<Long, String> stateNames, ProgressListener progress,
                  String input) {
        this.ompd = ompd;
        this.space = space;
        this.icvs = icvs;
        this.stateNames = stateNames;
        this.progress = progress;
        this.input = input;
    }

    /** Whether the walk stopped at {@value #MAX_TASKS} tasks (a damaged core with a cycle it could not see). */
    boolean truncated() {
        return truncated;
    }

    /** Walks from the core's threads; its ids are positions in its lists, renumbered by {@link CoreNumbering}. */
    void walk(List<CoreThread> coreThreads) throws LoadCancelledException {
        for (int i = 0; i < coreThreads.size(); i++) {
            ThreadRec rec = new ThreadRec(ids.threadId(i), coreThreads.get(i));
            threads.add(rec);
            OmpdResult<Long> handle = ompd.threadHandle(space, Ompd.THREAD_ID_LWP, rec.core.lwp(), 4);
            if (handle.isOk()) {
                rec.handle = handle.value();
                rec.pthread = ompd.threadId(rec.handle).fact();
                rec.pthread.asOptional().ifPresent(p -> byPthread.putIfAbsent(p, rec));
                openmpThreads.add(rec);
            } else {
                notOpenMp(rec, handle);
            }
        }
        int done = 0;
        for (ThreadRec rec : openmpThreads) {
            readThread(rec);
            cancelPoint("reading threads", ++done, openmpThreads.size());
        }
        while (!regionQueue.isEmpty() || !taskQueue.isEmpty()) {
            if (!regionQueue.isEmpty()) {
                readRegion(regionQueue.poll());
            } else {
                readTask(taskQueue.poll());
            }
            if ((regions.size() + tasks.size()) % PROGRESS_EVERY == 0) {
                cancelPoint("reading regions and tasks", regions.size() + tasks.size(), -1);
            }
        }
        attributeThreads();
    }

    private void notOpenMp(ThreadRec rec, OmpdResult<Long> handle) {
        boolean other = handle.rc() == OmpdResult.UNAVAILABLE; // libompd: __kmp_gtid < 0, not an OpenMP thread
        rec.kind = other ? Fact.of(ThreadKind.OTHER) : handle.fact(v -> ThreadKind.UNKNOWN);
        Fact<?> why = Fact.unavailable(handle.code(), handle.call() + (other ? ": not an OpenMP thread" : ""));
        rec.state = cast(why);
        rec.waitId = cast(why);
        rec.currentTask = cast(why);
        rec.currentRegion = cast(why);
        rec.toolData = cast(why);
    }

    @SuppressWarnings("unchecked")
    private static <T> Fact<T> cast(Fact<?> unavailable) {
        return (Fact<T>) unavailable;
    }

    private void readThread(ThreadRec rec) {
        OmpdResult<Ompd.State> state = ompd.state(rec.handle);
        rec.state = state.fact(s -> new ThreadState(s.value(), stateNames.getOrDefault(s.value(),
                ThreadState.ofValue(s.value()).name())));
        rec.waitId = state.isOk() ? (rec.state.get().isWait() ? Fact.of(state.value().waitId()) : Fact.absent())
                : state.failure();
        rec.toolData = ompd.toolData(rec.handle, Ompd.SCOPE_THREAD).fact();
        rec.icvs = icvs.read(rec.handle, Ompd.SCOPE_THREAD);
        rec.currentTask = internTask(ompd.currTaskHandle(rec.handle));
        rec.currentTask.asOptional().ifPresent(id -> tasks.get((int) id.value()).thread = rec.id);
        rec.currentRegion = internRegion(ompd.currParallelHandle(rec.handle));
    }

    private void readRegion(RegionRec r) {
        r.icvs = icvs.read(r.handle, Ompd.SCOPE_PARALLEL);
        r.activeLevel = icvs.valueIn(r.icvs, Ompd.SCOPE_PARALLEL, "active-levels-var");
        r.toolData = ompd.toolData(r.handle, Ompd.SCOPE_PARALLEL).fact();
        OmpdResult<Long> enclosing = ompd.enclosingParallelHandle(r.handle);
        // The implicit parallel region around the initial task (level 0) is the outermost: nothing encloses it.
        r.enclosing = !enclosing.isOk() && r.level.orElse(-1L) == 0 ? Fact.absent() : internRegion(enclosing);
        long size = Math.min(r.teamSize.orElse(0L), MAX_TEAM);
        for (int i = 0; i < size; i++) {
            Fact<ThreadId> thread = memberThread(ompd.threadInParallel(r.handle, i));
            Fact<TaskId> task = internTask(ompd.taskInParallel(r.handle, i));
            if (task.isKnown()) {
                TaskRec t = tasks.get((int) task.get().value());
                if (t.threadNum < 0) {
                    t.threadNum = i;
                }
                if (t.thread == null && thread.isKnown()) {
                    t.thread = thread.get();
                }
            }
            r.members.add(new TeamMember(i, thread, task));
        }
    }

    private void readTask(TaskRec t) {
        t.generating = internTask(ompd.generatingTaskHandle(t.handle));
        t.scheduling = internTask(ompd.schedulingTaskHandle(t.handle));
        t.toolData = ompd.toolData(t.handle, Ompd.SCOPE_TASK).fact();
        List<IcvValue> values = new ArrayList<>(icvs.read(t.handle, Ompd.SCOPE_TASK));
        t.implicit = icvs.valueIn(values, Ompd.SCOPE_TASK, "ompd-implicit-var", "implicit-task-var",
                "ompd-implicit-task-var");
        if (t.implicit.orElse(0L) == 1) {
            values.addAll(icvs.read(t.handle, Ompd.SCOPE_IMPLICIT_TASK));
        }
        t.icvs = values;
    }

    /** The region of {@code result}'s handle: an existing one (the new handle released) or a new one, queued. */
    private Fact<RegionId> internRegion(OmpdResult<Long> result) {
        if (!result.isOk()) {
            return result.failure();
        }
        long h = result.value();
        Fact<Long> level = icvs.value(h, Ompd.SCOPE_PARALLEL, "levels-var");
        Fact<Long> teamSize = icvs.value(h, Ompd.SCOPE_PARALLEL, "ompd-team-size-var", "team-size-var");
        List<RegionRec> bucket = regionBuckets.computeIfAbsent(List.of(level, teamSize), k -> new ArrayList<>(1));
        for (RegionRec known : bucket) {
            OmpdResult<Integer> cmp = ompd.parallelHandleCompare(h, known.handle);
            if (cmp.isOk() && cmp.value() == 0) {
                ompd.relParallelHandle(h);
                return ids.region(known.id.value());
            }
        }
        RegionRec rec = new RegionRec(ids.regionId(regions.size()), h, level, teamSize);
        regions.add(rec);
        bucket.add(rec);
        regionQueue.add(rec);
        return ids.region(rec.id.value());
    }

    /** The task of {@code result}'s handle: an existing one (the new handle released) or a new one, queued. */
    private Fact<TaskId> internTask(OmpdResult<Long> result) {
        if (!result.isOk()) {
            return result.failure();
        }
        long h = result.value();
        Fact<RegionId> region = internRegion(ompd.taskParallelHandle(h));
        Fact<Long> function = ompd.taskFunction(h).fact();
        Fact<TaskFrames> frames = ompd.taskFrame(h).fact();
        List<TaskRec> bucket = taskBuckets.computeIfAbsent(List.of(region, function, frames), k -> new ArrayList<>(1));
        for (TaskRec known : bucket) {
            OmpdResult<Integer> cmp = ompd.taskHandleCompare(h, known.handle);
            if (cmp.isOk() && cmp.value() == 0) {
                ompd.relTaskHandle(h);
                return ids.task(known.id.value());
            }
        }
        if (tasks.size() >= MAX_TASKS) {
            truncated = true;
            ompd.relTaskHandle(h);
            return Fact.unavailable(ReturnCode.INCOMPLETE, "more than " + MAX_TASKS + " tasks: walk stopped");
        }
        TaskRec rec = new TaskRec(ids.taskId(tasks.size()), h, region, function, frames);
        tasks.add(rec);
        bucket.add(rec);
        taskQueue.add(rec);
        return ids.task(rec.id.value());
    }

    /** The core's thread that a team member's handle denotes (by pthread id, confirmed by handle compare). */
    private Fact<ThreadId> memberThread(OmpdResult<Long> result) {
        if (!result.isOk()) {
            return result.failure();
        }
        long h = result.value();
        try {
            OmpdResult<Long> pthread = ompd.threadId(h);
            ThreadRec likely = pthread.isOk() ? byPthread.get(pthread.value()) : null;
            if (likely != null && sameThread(h, likely)) {
                return ids.thread(likely.id.value());
            }
            for (ThreadRec t : openmpThreads) {
                if (t != likely && sameThread(h, t)) {
                    return ids.thread(t.id.value());
                }
            }
            return Fact.unavailable(ReturnCode.UNAVAILABLE, "ompd_get_thread_in_parallel: not a thread of the core");
        } finally {
            ompd.relThreadHandle(h);
        }
    }

    private boolean sameThread(long handle, ThreadRec t) {
        OmpdResult<Integer> cmp = ompd.threadHandleCompare(handle, t.handle);
        return cmp.isOk() && cmp.value() == 0;
    }

    /**
     * After the walk: a task suspended under a thread's current task (its scheduling chain) is on that thread;
     * the thread holding member 0 of the level-0 region is the initial thread, the other OpenMP threads are
     * workers; a region's encountering task is the generating task of its implicit task 0.
     */
    private void attributeThreads() {
        for (ThreadRec rec : openmpThreads) {
            Set<Long> seen = new HashSet<>();
            Fact<TaskId> at = rec.currentTask;
            while (at.isKnown() && seen.add(at.get().value())) {
                TaskRec t = tasks.get((int) at.get().value());
                if (t.thread != null && !t.thread.equals(rec.id)) {
                    break;
                }
                t.thread = rec.id;
                at = t.scheduling;
            }
            rec.kind = Fact.of(ThreadKind.WORKER);
        }
        for (RegionRec r : regions) {
            if (!r.members.isEmpty()) {
                TeamMember first = r.members.getFirst();
                if (r.level.orElse(-1L) == 0 && first.thread().isKnown()) {
                    threads.get((int) first.thread().get().value()).kind = Fact.of(ThreadKind.INITIAL);
                }
                if (first.implicitTask().isKnown()) {
                    Fact<TaskId> generating = tasks.get((int) first.implicitTask().get().value()).generating;
                    r.encounteringTask = generating.isKnown() ? generating : Fact.absent();
                }
            }
        }
    }

    /** Releases every canonical handle this walk kept (threads, regions, tasks). */
    void releaseAll() {
        for (TaskRec t : tasks) {
            ompd.relTaskHandle(t.handle);
        }
        for (RegionRec r : regions) {
            ompd.relParallelHandle(r.handle);
        }
        for (ThreadRec t : openmpThreads) {
            ompd.relThreadHandle(t.handle);
        }
    }

    private void cancelPoint(String phase, long done, long total) throws LoadCancelledException {
        progress.progress(phase, done, total);
        if (progress.isCancelled()) {
            throw new LoadCancelledException(input);
        }
    }
}
