package org.ompdexplorer.importers.recording.perfetto;

import static org.ompdexplorer.importers.recording.perfetto.PerfettoFields.TYPE_INSTANT;
import static org.ompdexplorer.importers.recording.perfetto.PerfettoFields.TYPE_SLICE_BEGIN;

import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;
import java.util.stream.Collectors;
import org.ompdexplorer.importers.recording.perfetto.OpenSlice.Kind;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;

/**
 * Turns a recording's events, in time order, into track events: slices through {@link SliceStacks}, an instant and a
 * flow at each task's creation (ending where it first executes), dependence flows from a predecessor's completion to
 * its dependent's first execution, the "tasks queued" counter and snapshot instants.
 */
final class TraceEvents implements SliceStacks.Sink {
    /** Dependence flows' ids start here; a task's creation flow has the task's id. */
    static final long DEPENDENCE_FLOWS = 1L << 62;
    private static final long[] NO_FLOWS = {};

    private final Recording r;
    private final TracePackets p;
    private final long base;
    private final IntToLongFunction threadTrack;
    private final long processTrack;
    private final long queuedTrack;
    private final SliceStacks stacks = new SliceStacks(this);
    private final TracePackets.Annotations notes = new TracePackets.Annotations();
    private final Map<Long, Integer> created = new HashMap<>();
    private final Map<Long, Integer> implicit = new HashMap<>();
    private final Map<Long, Integer> regions = new HashMap<>();
    private final Map<Long, Integer> targets = new HashMap<>();
    private final Map<Long, List<long[]>> successors = new HashMap<>();
    private final Map<Long, List<Long>> predecessors = new HashMap<>();
    private final BitSet queuedTasks = new BitSet();
    private long queued;
    private long dependenceFlows;
    private long slices;
    private long flows;

    TraceEvents(Recording r, TracePackets p, long base, IntToLongFunction threadTrack, long processTrack,
                long queuedTrack) {
        this.r = r;
        this.p = p;
        this.base = base;
        this.threadTrack = threadTrack;
        this.processTrack = processTrack;
        this.queuedTrack = queuedTrack;
    }

    long slices() {
        return slices;
    }

    long flows() {
        return flows;
    }

    /** Event {@code i}. */
    void event(int i) throws IOException {
        long t = r.time(i);
        int th = r.thread(i);
        EventKind k = r.kind(i);
        switch (k) {
            case THREAD_BEGIN -> { }
            case THREAD_END -> stacks.threadEnd(t, th);
            case PARALLEL_BEGIN -> {
                regions.put(r.a(i), i);
                stacks.enter(t, th, new OpenSlice(Kind.PARALLEL, r.b(i), r.a(i), null));
            }
            case PARALLEL_END -> {
                Integer begin = regions.remove(r.a(i));
                stacks.leave(t, th, Kind.PARALLEL, begin == null ? 0 : r.b(begin), r.a(i), null);
            }
            case IMPLICIT_BEGIN -> {
                implicit.put(r.a(i), i);
                stacks.run(t, th, r.a(i));
            }
            case IMPLICIT_END -> finish(t, th, r.a(i));
            case TASK_CREATE -> create(i, t, th);
            case TASK_DEP -> dependence(r.a(i), r.b(i));
            case SCHEDULE -> schedule(t, th, r.a(i), r.word(i), r.b(i));
            case SYNC_BEGIN -> stacks.enter(t, th, new OpenSlice(Kind.SYNC, r.a(i), 0, r.word(i)));
            case SYNC_END -> stacks.leave(t, th, Kind.SYNC, r.a(i), 0, r.word(i));
            case WAIT_BEGIN -> stacks.enter(t, th, new OpenSlice(Kind.WAIT, r.a(i), 0, r.word(i)));
            case WAIT_END -> stacks.leave(t, th, Kind.WAIT, r.a(i), 0, r.word(i));
            case TARGET_BEGIN -> {
                targets.put(r.a(i), i);
                stacks.enter(t, th, new OpenSlice(Kind.TARGET, r.b(i), r.a(i), r.word(i)));
            }
            case TARGET_END -> {
                stacks.leave(t, th, Kind.TARGET, r.b(i), r.a(i), r.word(i));
                targets.remove(r.a(i));
            }
            case SNAPSHOT -> {
                notes.clear().add("label", String.valueOf(r.word(i)));
                if (r.snapshotFile(i) != null) {
                    notes.add("file", r.snapshotFile(i));
                }
                p.event(base + t, TYPE_INSTANT, processTrack, "snapshot", true, notes, NO_FLOWS, NO_FLOWS);
            }
        }
    }

    /** Every slice still open ends at {@code t}. */
    void closeAll(long t) throws IOException {
        stacks.closeAll(t);
    }

    private void create(int i, long t, int th) throws IOException {
        long task = r.a(i);
        created.put(task, i);
        List<String> flags = r.flags(i);
        boolean counted = !flags.contains("implicit") && !flags.contains("initial") && task > 0
                && task <= Integer.MAX_VALUE;
        notes.clear().add("task", task);
        p.event(base + t, TYPE_INSTANT, threadTrack.applyAsLong(th), "task-create", true, notes,
                counted ? new long[] {task} : NO_FLOWS, NO_FLOWS);
        if (counted) {
            flows++;
            queuedTasks.set((int) task);
            p.counter(base + t, queuedTrack, ++queued);
        }
    }

    private void dependence(long from, long to) {
        if (stacks.finished(from) || stacks.started(to)) {
            return; // satisfied already, or the dependent ran: nothing waited
        }
        long id = DEPENDENCE_FLOWS + ++dependenceFlows;
        successors.computeIfAbsent(from, k -> new ArrayList<>(2)).add(new long[] {id, to});
    }

    private void schedule(long t, int th, long prior, String status, long next) throws IOException {
        switch (status == null ? "" : status) {
            case "complete", "cancel", "detach", "taskwait_complete", "late_fulfill" -> finish(t, th, prior);
            case "early_fulfill" -> {
                return; // the task's event was fulfilled while it still executes
            }
            default -> { } // switch, yield: the prior task is suspended; its frame stays below the next one
        }
        stacks.run(t, th, next);
    }

    /** {@code task} will not execute again; the flows to the tasks that waited for it begin here. */
    private void finish(long t, int th, long task) throws IOException {
        List<long[]> after = successors.remove(task);
        if (after != null) {
            List<Long> begun = new ArrayList<>();
            for (long[] flow : after) {
                if (!stacks.started(flow[1])) {
                    begun.add(flow[0]);
                    predecessors.computeIfAbsent(flow[1], k -> new ArrayList<>(2)).add(flow[0]);
                }
            }
            if (!begun.isEmpty()) {
                int where = stacks.threadOf(task) >= 0 ? stacks.threadOf(task) : th;
                notes.clear().add("task", task).add("dependents", begun.size());
                p.event(base + t, TYPE_INSTANT, threadTrack.applyAsLong(where), "dependences released", true, notes,
                        begun.stream().mapToLong(Long::longValue).toArray(), NO_FLOWS);
                flows += begun.size();
            }
        }
        stacks.finish(t, task);
        created.remove(task);
        implicit.remove(task);
    }

    @Override
    public void begin(long t, int thread, OpenSlice slice, boolean resumed) throws IOException {
        slices++;
        long track = threadTrack.applyAsLong(thread);
        String again = resumed ? " (resumed)" : "";
        notes.clear();
        switch (slice.kind()) {
            case TASK -> task(t, track, slice.task(), resumed);
            case PARALLEL -> {
                Integer b = regions.get(slice.id());
                notes.add("region", slice.id()).add("encountering task", slice.task());
                if (b != null) {
                    notes.add("requested team size", r.number(b)).add("site", hex(r.site(b)));
                }
                p.event(base + t, TYPE_SLICE_BEGIN, track, "parallel P" + slice.id() + again, false, notes, NO_FLOWS,
                        NO_FLOWS);
            }
            case SYNC, WAIT -> {
                notes.add("task", slice.task());
                String name = (slice.kind() == Kind.WAIT ? "wait " : "") + slice.word() + again;
                p.event(base + t, TYPE_SLICE_BEGIN, track, name, true, notes, NO_FLOWS, NO_FLOWS);
            }
            case TARGET -> {
                Integer b = targets.get(slice.id());
                int device = b == null ? -1 : r.number(b);
                notes.add("target", slice.id()).add("device", device).add("task", slice.task());
                p.event(base + t, TYPE_SLICE_BEGIN, track, slice.word() + " (device " + device + ")" + again, true,
                        notes, NO_FLOWS, NO_FLOWS);
            }
        }
    }

    private void task(long t, long track, long task, boolean resumed) throws IOException {
        String again = resumed ? " (resumed)" : "";
        Integer imp = implicit.get(task);
        if (imp != null) {
            boolean initial = r.isInitial(imp);
            notes.add("task", task).add("region", r.b(imp)).add("thread number", r.number(imp))
                    .add("team size", r.teamSize(imp));
            String name = initial ? "initial task" : "implicit task " + r.number(imp) + " of P" + r.b(imp);
            p.event(base + t, TYPE_SLICE_BEGIN, track, name + again, initial, notes, NO_FLOWS, NO_FLOWS);
            return;
        }
        Integer c = created.get(task);
        String name = "task " + task + (c != null && r.site(c) != 0 ? " " + hex(r.site(c)) : "") + again;
        notes.add("task", task);
        long[] terminating = NO_FLOWS;
        if (!resumed && c != null) {
            notes.add("generating task", r.b(c)).add("flags", String.join(" ", r.flags(c)));
            if (!r.dependences(c).isEmpty()) {
                notes.add("dependences", r.dependences(c).stream()
                        .map(d -> d.type().name() + " " + hex(d.address())).collect(Collectors.joining(", ")));
            }
        }
        if (!resumed && task > 0 && task <= Integer.MAX_VALUE && queuedTasks.get((int) task)) {
            queuedTasks.clear((int) task);
            List<Long> deps = predecessors.remove(task);
            terminating = new long[1 + (deps == null ? 0 : deps.size())];
            terminating[0] = task;
            for (int d = 1; d < terminating.length; d++) {
                terminating[d] = deps.get(d - 1);
            }
            p.counter(base + t, queuedTrack, --queued);
        }
        p.event(base + t, TYPE_SLICE_BEGIN, track, name, false, notes, NO_FLOWS, terminating);
    }

    @Override
    public void end(long t, int thread, OpenSlice slice) throws IOException {
        p.end(base + t, threadTrack.applyAsLong(thread));
    }

    static String hex(long address) {
        return "0x" + Long.toHexString(address);
    }
}
