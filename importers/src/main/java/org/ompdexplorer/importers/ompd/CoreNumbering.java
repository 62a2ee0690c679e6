package org.ompdexplorer.importers.ompd;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.ompdexplorer.importers.ompd.Walked.RegionRec;
import org.ompdexplorer.importers.ompd.Walked.TaskRec;
import org.ompdexplorer.importers.ompd.Walked.ThreadRec;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FactInterner;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;

/**
 * The ids a core's entities get in the snapshot, numbered as an agent capture numbers them so that one entity has
 * the same kind of name from either source: threads from 1, the initial thread first, then by LWP; regions from 1
 * by nesting level (the implicit region around the initial task is P1), then in the order the walk found them;
 * tasks from 1 by their region's number, then kind (initial, implicit, explicit, unknown), then thread number,
 * then the order the walk found them (so the initial task is #1). A core holds no creation order (libomp 19 sets
 * every {@code td_task_id} to ~0), so a region's explicit tasks are numbered depth first by generating link, as
 * the navigator nests them: each right after the task that generated it, siblings by the number of the thread
 * that holds them (none last), then walk order; the trees in the order of their generating tasks' numbers. The
 * walk's own ids (dense from 0 in discovery order) are only positions in its lists; every link is translated
 * through {@link #thread}, {@link #region} and {@link #task}.
 */
final class CoreNumbering {
    private static final int NO_THREAD_NUM = (1 << 17) - 1;
    private static final int INDEX_BITS = 24;
    private static final int THREAD_BITS = 15;
    private static final int EXPLICIT = 2;

    private final FactInterner ids;
    private final int[] threadOrder;
    private final int[] regionOrder;
    private final int[] taskOrder;
    private final long[] newThread;
    private final long[] newRegion;
    private final long[] newTask;

    /** @param kindRank the rank of the walk's task at a position: 0 initial, 1 implicit, 2 explicit, 3 unknown */
    CoreNumbering(List<ThreadRec> threads, List<RegionRec> regions, List<TaskRec> tasks, IntUnaryOperator kindRank) {
        ids = new FactInterner(tasks.size() + 1);
        threadOrder = order(threads.size(), Comparator.<Integer>comparingInt(
                        i -> threads.get(i).kind.orElse(ThreadKind.UNKNOWN).equals(ThreadKind.INITIAL) ? 0 : 1)
                .thenComparingLong(i -> threads.get(i).core.lwp()));
        regionOrder = order(regions.size(), Comparator.comparingLong(i -> regions.get(i).level.orElse(Long.MAX_VALUE)));
        newThread = numbers(threadOrder);
        newRegion = numbers(regionOrder);
        int[] byKind = taskOrder(tasks, kindRank);
        taskOrder = explicitDepthFirst(byKind, tasks, kindRank, numbers(byKind));
        newTask = numbers(taskOrder);
    }

    /** The walk's positions in the new id order, each kind of entity. */
    int[] threadOrder() {
        return threadOrder;
    }

    int[] regionOrder() {
        return regionOrder;
    }

    int[] taskOrder() {
        return taskOrder;
    }

    ThreadId threadId(ThreadId walked) {
        return ids.threadId(newThread[(int) walked.value()]);
    }

    RegionId regionId(RegionId walked) {
        return ids.regionId(newRegion[(int) walked.value()]);
    }

    TaskId taskId(TaskId walked) {
        return ids.taskId(newTask[(int) walked.value()]);
    }

    Fact<ThreadId> thread(ThreadId walked) {
        return ids.thread(newThread[(int) walked.value()]);
    }

    Fact<ThreadId> thread(Fact<ThreadId> walked) {
        return walked instanceof Fact.Known<ThreadId>(ThreadId id) ? ids.thread(newThread[(int) id.value()]) : walked;
    }

    Fact<RegionId> region(Fact<RegionId> walked) {
        return walked instanceof Fact.Known<RegionId>(RegionId id) ? ids.region(newRegion[(int) id.value()]) : walked;
    }

    Fact<TaskId> task(Fact<TaskId> walked) {
        return walked instanceof Fact.Known<TaskId>(TaskId id) ? ids.task(newTask[(int) id.value()]) : walked;
    }

    /** Positions 0..n-1 sorted by {@code by}, ties in walk order (the sort is stable). */
    private static int[] order(int n, Comparator<Integer> by) {
        List<Integer> positions = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            positions.add(i);
        }
        positions.sort(by);
        return positions.stream().mapToInt(Integer::intValue).toArray();
    }

    /** For each walk position, its id: 1 + its place in {@code order}. */
    private static long[] numbers(int[] order) {
        long[] ids = new long[order.length];
        for (int at = 0; at < order.length; at++) {
            ids[order[at]] = at + 1L;
        }
        return ids;
    }

    /**
     * {@code order} with each run of explicit tasks (one region's) put in depth-first order by generating link.
     * Primitive arrays and packed keys throughout: a walk can hold ten million tasks, and a chain of them as deep.
     *
     * @param numbers the ids {@code order} gives, for the generating tasks of the trees' roots
     */
    private int[] explicitDepthFirst(int[] order, List<TaskRec> tasks, IntUnaryOperator kindRank, long[] numbers) {
        int n = order.length;
        int[] result = Arrays.copyOf(order, n);
        int[] local = new int[n]; // walk position -> its index in the run being ordered, or -1
        Arrays.fill(local, -1);
        for (int from = 0; from < n; ) {
            if (kindRank.applyAsInt(order[from]) != EXPLICIT) {
                from++;
                continue;
            }
            int to = from;
            Fact<RegionId> region = tasks.get(order[from]).region;
            while (to < n && kindRank.applyAsInt(order[to]) == EXPLICIT && tasks.get(order[to]).region.equals(region)) {
                to++;
            }
            depthFirst(order, from, to, tasks, numbers, local, result);
            from = to;
        }
        return result;
    }

    /** Orders the explicit tasks {@code order[from..to)} depth first into {@code result[from..to)}. */
    private void depthFirst(int[] order, int from, int to, List<TaskRec> tasks, long[] numbers, int[] local,
                            int[] result) {
        int m = to - from;
        for (int k = 0; k < m; k++) {
            local[order[from + k]] = k;
        }
        int[] parent = new int[m]; // index in the run of its generating task, or -1: a root
        int[] childCount = new int[m + 1];
        long[] rootKeys = new long[m];
        int roots = 0;
        for (int k = 0; k < m; k++) {
            int walk = order[from + k];
            TaskRec t = tasks.get(walk);
            int gen = t.generating instanceof Fact.Known<TaskId>(TaskId id) && id.value() < local.length
                    ? (int) id.value() : -1;
            parent[k] = gen >= 0 && local[gen] >= 0 && gen != walk ? local[gen] : -1;
            if (parent[k] >= 0) {
                childCount[parent[k] + 1]++;
            } else {
                long genNumber = gen >= 0 ? numbers[gen] : (1L << INDEX_BITS) - 1;
                rootKeys[roots++] = genNumber << (THREAD_BITS + INDEX_BITS) | siblingKey(t, walk);
            }
        }
        for (int k = 0; k < m; k++) {
            childCount[k + 1] += childCount[k];
        }
        long[] childKeys = new long[m];
        int[] fill = Arrays.copyOf(childCount, m);
        for (int k = 0; k < m; k++) {
            if (parent[k] >= 0) {
                int walk = order[from + k];
                childKeys[fill[parent[k]]++] = siblingKey(tasks.get(walk), walk);
            }
        }
        for (int k = 0; k < m; k++) {
            Arrays.sort(childKeys, childCount[k], childCount[k + 1]);
        }
        Arrays.sort(rootKeys, 0, roots);
        int[] stack = new int[m];
        int top = 0;
        int out = from;
        boolean[] done = new boolean[m];
        for (int r = roots - 1; r >= 0; r--) {
            stack[top++] = local[(int) (rootKeys[r] & ((1 << INDEX_BITS) - 1))];
        }
        while (top > 0) {
            int k = stack[--top];
            done[k] = true;
            result[out++] = order[from + k];
            for (int c = childCount[k + 1] - 1; c >= childCount[k]; c--) {
                stack[top++] = local[(int) (childKeys[c] & ((1 << INDEX_BITS) - 1))];
            }
        }
        for (int k = 0; k < m; k++) { // a cycle of generating links (validation reports it): walk order
            if (!done[k]) {
                result[out++] = order[from + k];
            }
        }
        for (int k = 0; k < m; k++) {
            local[order[from + k]] = -1;
        }
    }

    /** Siblings: by the new number of the thread that holds the task (none last), then walk position. */
    private long siblingKey(TaskRec t, int walk) {
        long thread = t.thread == null ? (1L << THREAD_BITS) - 1
                : Math.min(newThread[(int) t.thread.value()], (1L << THREAD_BITS) - 2);
        return thread << INDEX_BITS | walk;
    }

    /**
     * Tasks bucketed by their region's new number (a counting sort: a walk can hold ten million tasks, too many to
     * box), each bucket sorted on a packed key of kind, thread number and walk position.
     */
    private int[] taskOrder(List<TaskRec> tasks, IntUnaryOperator kindRank) {
        int n = tasks.size();
        if (n >= 1 << INDEX_BITS) {
            throw new IllegalStateException(n + " tasks: more than the walk's bound of " + (1 << INDEX_BITS));
        }
        int buckets = newRegion.length + 1; // the last bucket: tasks of no known region
        int[] start = new int[buckets + 1];
        int[] bucketOf = new int[n];
        for (int i = 0; i < n; i++) {
            Fact<RegionId> region = tasks.get(i).region;
            bucketOf[i] = region instanceof Fact.Known<RegionId>(RegionId id)
                    ? (int) newRegion[(int) id.value()] - 1 : buckets - 1;
            start[bucketOf[i] + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            start[b + 1] += start[b];
        }
        int[] fill = Arrays.copyOf(start, buckets);
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            TaskRec t = tasks.get(i);
            long threadNum = t.threadNum >= 0 ? Math.min(t.threadNum, NO_THREAD_NUM - 1) : NO_THREAD_NUM;
            keys[fill[bucketOf[i]]++] = ((long) kindRank.applyAsInt(i) << (17 + INDEX_BITS))
                    | threadNum << INDEX_BITS | i;
        }
        int[] order = new int[n];
        for (int b = 0; b < buckets; b++) {
            Arrays.sort(keys, start[b], start[b + 1]);
        }
        for (int at = 0; at < n; at++) {
            order[at] = (int) (keys[at] & ((1 << INDEX_BITS) - 1));
        }
        return order;
    }
}
