package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pass over a recording's events that follows each thread as {@link ReplayState} does — its current task, the
 * tasks beneath it while an implicit task runs, its sync regions and waits — and cuts its lane into intervals at every
 * change. Unlike the state, which knows one wait a thread, it keeps nested waits: a task back from a child's taskwait
 * still waits in its own. Not thread-safe; used once.
 */
final class RunLanesBuilder {
    private static final long NONE = Recording.NONE;

    /** An interval still open: its lane, row and index. */
    private record Open(ThreadLane lane, int row, int index) {
    }

    /** A thread followed through the events, with the rows of its lane being filled. */
    private static final class ThreadLane {
        final long thread;
        String kind;
        final List<LaneRow.Builder> rows = new ArrayList<>(List.of(new LaneRow.Builder()));
        final BitSet busy = new BitSet(); // context rows holding an open interval
        long current = NONE;
        int run = -1; // the open interval of row 0
        final List<Long> waiting = new ArrayList<>(); // the tasks that began a wait not ended, nested ones last
        final List<Long> saved = new ArrayList<>(); // the task beneath each implicit task begun
        final List<Open> syncs = new ArrayList<>();
        final List<Open> targets = new ArrayList<>();

        ThreadLane(long thread) {
            this.thread = thread;
        }
    }

    private final Recording recording;
    private final Map<Long, ThreadLane> threads = new LinkedHashMap<>();
    private final Map<Long, Open> suspended = new HashMap<>();
    private final TaskSlots tasks = new TaskSlots();
    private final List<String> words = new ArrayList<>();
    private final Map<String, Integer> wordIndex = new HashMap<>();

    RunLanesBuilder(Recording recording) {
        this.recording = recording;
    }

    RunLanes build() {
        Recording r = recording;
        for (int i = 0; i < r.size(); i++) {
            apply(r, i);
        }
        long end = r.duration();
        for (ThreadLane l : threads.values()) {
            closeAll(l, end, LaneRow.CUT);
        }
        List<Lane> lanes = new ArrayList<>();
        List<String> w = List.copyOf(words);
        List<ThreadLane> order = new ArrayList<>(threads.values());
        order.sort(Comparator.comparing((ThreadLane l) -> !"initial".equals(l.kind)).thenComparingLong(l -> l.thread));
        for (ThreadLane l : order) {
            long incomplete = -1;
            for (RecordingLoss loss : r.losses()) {
                if (loss.thread() == l.thread && loss.from() >= 0) {
                    incomplete = incomplete < 0 ? loss.from() : Math.min(incomplete, loss.from());
                }
            }
            List<LaneRow> rows = new ArrayList<>();
            for (LaneRow.Builder b : l.rows) {
                rows.add(b.build(w));
            }
            lanes.add(new Lane(l.thread, l.kind, incomplete, rows));
        }
        return new RunLanes(lanes, end, tasks);
    }

    private ThreadLane lane(long th) {
        return threads.computeIfAbsent(th, ThreadLane::new);
    }

    private void apply(Recording r, int i) {
        long t = r.time(i);
        EventKind k = r.kind(i);
        if (k == EventKind.SNAPSHOT || k == EventKind.TASK_DEP) {
            return; // marks of the agent's writer (thread 0) and dependences: nothing runs or waits
        }
        ThreadLane l = lane(r.thread(i));
        switch (k) {
            case THREAD_BEGIN -> l.kind = r.word(i);
            case THREAD_END -> {
                closeAll(l, t, 0);
                l.saved.clear();
                l.waiting.clear();
            }
            case PARALLEL_END -> parallelEnd(r.a(i), t);
            case IMPLICIT_BEGIN -> {
                long task = r.a(i);
                tasks.setKind(task, r.isInitial(i) ? LaneKind.INITIAL_TASK : LaneKind.IMPLICIT_TASK);
                tasks.setRegion(task, r.b(i));
                long encountering = l.current;
                l.saved.add(encountering);
                if (encountering != NONE) {
                    closeRun(l, t, LaneRow.SWITCHED_AWAY);
                    suspend(l, t, encountering);
                }
                openRun(l, t, task, 0);
            }
            case IMPLICIT_END -> {
                if (l.current != NONE) {
                    closeRun(l, t, l.current == r.a(i) ? LaneRow.COMPLETED : 0);
                }
                long beneath = l.saved.isEmpty() ? NONE : l.saved.removeLast();
                openRun(l, t, beneath, resume(l, t, beneath));
            }
            case TASK_CREATE -> tasks.setKind(r.a(i), r.flags(i).contains("target") ? LaneKind.TARGET_TASK
                    : LaneKind.EXPLICIT_TASK);
            case SCHEDULE -> schedule(l, t, r.a(i), r.word(i), r.b(i));
            case SYNC_BEGIN -> l.syncs.add(openContext(l, t, r.a(i), LaneKind.SYNC_REGION, r.word(i)));
            case SYNC_END -> {
                if (!l.syncs.isEmpty()) {
                    closeContext(l.syncs.removeLast(), t, 0);
                }
            }
            case WAIT_BEGIN -> {
                long waiter = r.a(i) == NONE ? l.current : r.a(i);
                l.waiting.add(waiter);
                if (l.current != NONE && l.current == waiter) {
                    reopen(l, t);
                }
            }
            case WAIT_END -> {
                long waiter = r.a(i) == NONE ? l.current : r.a(i);
                int at = l.waiting.lastIndexOf(waiter);
                if (at < 0 && !l.waiting.isEmpty()) {
                    at = l.waiting.size() - 1; // a wait-end naming no task it began: the innermost wait ends
                }
                if (at >= 0) {
                    long was = l.waiting.remove(at);
                    if (l.current != NONE && l.current == was) {
                        reopen(l, t);
                    }
                }
            }
            case TARGET_BEGIN -> l.targets.add(openContext(l, t, r.b(i), LaneKind.TARGET_CONSTRUCT, r.word(i)));
            case TARGET_END -> {
                if (!l.targets.isEmpty()) {
                    closeContext(l.targets.removeLast(), t, 0);
                }
            }
            case PARALLEL_BEGIN, TASK_DEP, SNAPSHOT -> {
                // a region's begin changes no thread until its implicit tasks begin
            }
        }
    }

    private void schedule(ThreadLane l, long t, long prior, String status, long next) {
        boolean completes = "complete".equals(status) || "cancel".equals(status) || "late_fulfill".equals(status)
                || "detach".equals(status);
        boolean stays = "early_fulfill".equals(status);
        if (l.current != NONE) {
            closeRun(l, t, l.current != prior ? 0 : completes ? LaneRow.COMPLETED : LaneRow.SWITCHED_AWAY);
        }
        if (!completes && !stays && prior > 0 && prior != NONE && prior != next) {
            suspend(l, t, prior);
        }
        openRun(l, t, next, resume(l, t, next));
    }

    /** Closes the run in row 0, if any. */
    private void closeRun(ThreadLane l, long t, int flag) {
        if (l.run >= 0) {
            l.rows.getFirst().close(l.run, t, flag);
            tasks.span(l.current, t, t);
            l.run = -1;
        }
        l.current = NONE;
    }

    /** {@code task} runs on the thread from {@code t}: waiting, if it is the task that began the thread's wait. */
    private void openRun(ThreadLane l, long t, long task, int flag) {
        l.current = task;
        if (task == NONE || task <= 0) {
            l.current = NONE;
            return;
        }
        LaneKind k = l.waiting.contains(task) ? LaneKind.WAITING : tasks.kind(task);
        l.run = l.rows.getFirst().open(t, task, k, -1, flag);
        tasks.span(task, t, t);
    }

    /** The same task goes on in another look (its wait began or ended). */
    private void reopen(ThreadLane l, long t) {
        long task = l.current;
        closeRun(l, t, 0);
        openRun(l, t, task, 0);
    }

    private void suspend(ThreadLane l, long t, long task) {
        Open before = suspended.remove(task);
        if (before != null) {
            closeContext(before, t, 0);
        }
        suspended.put(task, openContext(l, t, task, LaneKind.SUSPENDED, null));
    }

    /** {@code task} runs again, if it was suspended: the flags of its new run. */
    private int resume(ThreadLane l, long t, long task) {
        Open s = task == NONE ? null : suspended.remove(task);
        if (s == null) {
            return 0;
        }
        closeContext(s, t, 0);
        return LaneRow.RESUMED | (s.lane() != l ? LaneRow.MOVED : 0);
    }

    /** Opens an interval in the first context row free at {@code t} (a nested one goes below the one it is in). */
    private Open openContext(ThreadLane l, long t, long task, LaneKind k, String word) {
        int row = l.busy.nextClearBit(1);
        while (row >= l.rows.size()) {
            l.rows.add(new LaneRow.Builder());
        }
        l.busy.set(row);
        if (task != NONE && task > 0) {
            tasks.span(task, t, t);
        }
        return new Open(l, row, l.rows.get(row).open(t, task, k, word(word), 0));
    }

    private void closeContext(Open o, long t, int flag) {
        o.lane().rows.get(o.row()).close(o.index(), t, flag);
        o.lane().busy.clear(o.row());
        tasks.span(o.lane().rows.get(o.row()).task(o.index()), t, t);
    }

    /** The region ended: its implicit tasks still on their threads are completed and off them (as ReplayState). */
    private void parallelEnd(long region, long t) {
        for (ThreadLane l : threads.values()) {
            if (l.current != NONE && tasks.kind(l.current) == LaneKind.IMPLICIT_TASK
                    && tasks.region(l.current) == region) {
                closeRun(l, t, LaneRow.COMPLETED);
            }
        }
    }

    private void closeAll(ThreadLane l, long t, int flag) {
        closeRun(l, t, flag);
        for (Open o : l.syncs) {
            closeContext(o, t, flag);
        }
        l.syncs.clear();
        for (Open o : l.targets) {
            closeContext(o, t, flag);
        }
        l.targets.clear();
        suspended.values().removeIf(o -> {
            if (o.lane() == l) {
                closeContext(o, t, flag);
                return true;
            }
            return false;
        });
    }

    private int word(String w) {
        if (w == null) {
            return -1;
        }
        return wordIndex.computeIfAbsent(w, k -> {
            words.add(k);
            return words.size() - 1;
        });
    }
}
