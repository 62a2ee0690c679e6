package org.ompdexplorer.importers.recording.perfetto;

import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.importers.recording.perfetto.OpenSlice.Kind;

/**
 * The slices open on every thread's track, kept properly nested as Perfetto requires, whatever order the runtime
 * reports things in.
 *
 * <p>Each thread has a stack of <em>frames</em>: a task executing there (its {@link Kind#TASK} slice) with the
 * regions, waits and target constructs it is in above it. A task suspended at a scheduling point keeps its frame, and
 * the task that runs next is pushed above it (a task run at a taskwait or barrier nests in that wait). Slices are only
 * ever pushed on top and closed from the top, so no two slices of a track cross. Where the run does not nest — an
 * untied task resumed on another thread, a task resumed below others on its own thread, a region ending under a task
 * still open above it — the frames in the way are closed and each is reopened when its task runs again
 * ("task 42 (resumed)"), with the regions it is still in.
 */
final class SliceStacks {
    /** Where the slices go. */
    interface Sink {
        /** A slice begins; {@code resumed} when it was closed before and is reopened. */
        void begin(long t, int thread, OpenSlice slice, boolean resumed) throws IOException;

        void end(long t, int thread, OpenSlice slice) throws IOException;
    }

    /** What is known about a task not finished yet. */
    private static final class TaskState {
        boolean started;
        int thread = -1;
        final List<OpenSlice> items = new ArrayList<>(2);
    }

    private final Sink sink;
    private final Map<Integer, List<OpenSlice>> stacks = new HashMap<>();
    private final Map<Integer, Long> running = new HashMap<>();
    private final Map<Long, TaskState> tasks = new HashMap<>();
    private final BitSet finished = new BitSet();

    SliceStacks(Sink sink) {
        this.sink = sink;
    }

    /** Whether {@code task} has executed (a slice of it began). */
    boolean started(long task) {
        TaskState s = tasks.get(task);
        return finished(task) || s != null && s.started;
    }

    /** Whether {@code task} will not execute again (completed, cancelled, detached). */
    boolean finished(long task) {
        return task >= 0 && task <= Integer.MAX_VALUE && finished.get((int) task);
    }

    /** The thread whose track shows {@code task} executing now, or −1. */
    int threadOf(long task) {
        TaskState s = tasks.get(task);
        return s == null ? -1 : s.thread;
    }

    /** {@code task} begins (or goes on) executing on {@code thread}: it is the thread's running task. */
    void run(long t, int thread, long task) throws IOException {
        if (!valid(task) || finished(task)) {
            running.put(thread, topTask(thread));
            return;
        }
        running.put(thread, task);
        TaskState s = state(task);
        if (s.thread >= 0 && s.thread != thread) {
            int other = s.thread; // resumed on another thread (an untied task): its frame there closes
            closeFrom(t, other, indexOfTask(other, task));
            if (running.getOrDefault(other, 0L) == task) {
                running.put(other, topTask(other));
            }
            reopenRunning(t, other);
        }
        if (s.thread == thread) {
            closeAboveFrame(t, thread, task);
        } else {
            push(t, thread, task);
        }
    }

    /** {@code task} will not execute again: its frame closes, wherever it is. */
    void finish(long t, long task) throws IOException {
        if (!valid(task) || finished(task)) {
            return;
        }
        TaskState s = tasks.remove(task);
        if (task <= Integer.MAX_VALUE) {
            finished.set((int) task);
        }
        if (s != null && s.thread >= 0) {
            int th = s.thread;
            s.thread = -1;
            closeFromTask(t, th, task);
            if (running.getOrDefault(th, 0L) == task) {
                running.put(th, topTask(th));
            }
            reopenRunning(t, th);
        }
    }

    /** {@code task} enters a region (a parallel region it encounters, a sync region, a wait, a target construct). */
    void enter(long t, int thread, OpenSlice item) throws IOException {
        long task = valid(item.task()) ? item.task() : running.getOrDefault(thread, 0L);
        if (!valid(task) || finished(task)) {
            return;
        }
        OpenSlice owned = item.task() == task ? item : new OpenSlice(item.kind(), task, item.id(), item.word());
        TaskState s = state(task);
        s.items.add(owned);
        if (s.thread != thread) {
            run(t, thread, task); // the task is evidently executing here: its frame opens here, with the region
            return;
        }
        closeAboveFrame(t, thread, task);
        stack(thread).add(owned);
        sink.begin(t, thread, owned, false);
    }

    /** {@code task} leaves the region {@code kind, id, word} it entered last. */
    void leave(long t, int thread, Kind kind, long taskId, long id, String word) throws IOException {
        long task = valid(taskId) ? taskId : running.getOrDefault(thread, 0L);
        TaskState s = tasks.get(task);
        if (s == null) {
            return;
        }
        for (int i = s.items.size() - 1; i >= 0; i--) {
            if (s.items.get(i).matches(kind, task, id, word)) {
                OpenSlice item = s.items.remove(i);
                if (s.thread >= 0) {
                    int th = s.thread;
                    List<OpenSlice> stack = stack(th);
                    int at = lastIndexOf(stack, item);
                    if (at >= 0) {
                        closeFrom(t, th, at);
                        reopenOwnItems(t, th, task);
                        reopenRunning(t, th);
                    }
                }
                return;
            }
        }
    }

    /** The thread ends: everything open on its track closes; its tasks not finished reopen where they run next. */
    void threadEnd(long t, int thread) throws IOException {
        closeFrom(t, thread, 0);
        running.remove(thread);
    }

    /** The recording ends: every slice still open closes at {@code t}, threads in ascending order. */
    void closeAll(long t) throws IOException {
        List<Integer> threads = new ArrayList<>(stacks.keySet());
        threads.sort(null);
        for (int th : threads) {
            closeFrom(t, th, 0);
        }
    }

    /** The task whose frame is on top of {@code thread}'s stack, or 0. */
    long topTask(int thread) {
        List<OpenSlice> stack = stack(thread);
        for (int i = stack.size() - 1; i >= 0; i--) {
            if (stack.get(i).kind() == Kind.TASK) {
                return stack.get(i).task();
            }
        }
        return 0;
    }

    private static boolean valid(long task) {
        return task > 0;
    }

    private TaskState state(long task) {
        return tasks.computeIfAbsent(task, k -> new TaskState());
    }

    private List<OpenSlice> stack(int thread) {
        return stacks.computeIfAbsent(thread, k -> new ArrayList<>());
    }

    private int indexOfTask(int thread, long task) {
        List<OpenSlice> stack = stack(thread);
        for (int i = stack.size() - 1; i >= 0; i--) {
            OpenSlice o = stack.get(i);
            if (o.kind() == Kind.TASK && o.task() == task) {
                return i;
            }
        }
        return -1;
    }

    /** Opens {@code task}'s frame on top of {@code thread}: its slice, then the regions it is in. */
    private void push(long t, int thread, long task) throws IOException {
        TaskState s = state(task);
        boolean resumed = s.started;
        s.started = true;
        s.thread = thread;
        OpenSlice slice = new OpenSlice(Kind.TASK, task, 0, null);
        stack(thread).add(slice);
        sink.begin(t, thread, slice, resumed);
        for (OpenSlice item : s.items) {
            stack(thread).add(item);
            sink.begin(t, thread, item, true);
        }
    }

    /** Closes the frames of other tasks above {@code task}'s frame: they reopen when their tasks run again. */
    private void closeAboveFrame(long t, int thread, long task) throws IOException {
        List<OpenSlice> stack = stack(thread);
        int frame = indexOfTask(thread, task);
        for (int i = frame + 1; i < stack.size(); i++) {
            if (stack.get(i).kind() == Kind.TASK) {
                closeFrom(t, thread, i);
                return;
            }
        }
    }

    private void closeFromTask(long t, int thread, long task) throws IOException {
        int at = indexOfTask(thread, task);
        if (at >= 0) {
            closeFrom(t, thread, at);
        }
    }

    /** Closes the slices of {@code thread} from the top down to index {@code from}. */
    private void closeFrom(long t, int thread, int from) throws IOException {
        if (from < 0) {
            return;
        }
        List<OpenSlice> stack = stack(thread);
        for (int i = stack.size() - 1; i >= from; i--) {
            OpenSlice o = stack.remove(i);
            if (o.kind() == Kind.TASK) {
                TaskState s = tasks.get(o.task());
                if (s != null && s.thread == thread) {
                    s.thread = -1;
                }
            }
            sink.end(t, thread, o);
        }
    }

    /** After a region of {@code task} closed, the regions it is still in that were above it open again. */
    private void reopenOwnItems(long t, int thread, long task) throws IOException {
        TaskState s = tasks.get(task);
        if (s == null || s.thread != thread) {
            return;
        }
        List<OpenSlice> stack = stack(thread);
        int frame = indexOfTask(thread, task);
        int k = 0;
        while (k < s.items.size() && frame + 1 + k < stack.size() && stack.get(frame + 1 + k) == s.items.get(k)) {
            k++;
        }
        if (k == s.items.size()) {
            return;
        }
        closeFrom(t, thread, frame + 1 + k);
        for (; k < s.items.size(); k++) {
            stack.add(s.items.get(k));
            sink.begin(t, thread, s.items.get(k), true);
        }
    }

    /** Slices are told apart by identity: a task in two taskgroups of one kind has two equal records. */
    private static int lastIndexOf(List<OpenSlice> stack, OpenSlice item) {
        for (int i = stack.size() - 1; i >= 0; i--) {
            if (stack.get(i) == item) {
                return i;
            }
        }
        return -1;
    }

    /** The thread's running task, if its frame was closed in passing, opens again on top. */
    private void reopenRunning(long t, int thread) throws IOException {
        long task = running.getOrDefault(thread, 0L);
        if (valid(task) && !finished(task) && state(task).thread < 0) {
            push(t, thread, task);
        }
    }
}
