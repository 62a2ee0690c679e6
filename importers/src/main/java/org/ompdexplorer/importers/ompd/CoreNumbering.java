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
 * then the order the walk found them (so the initial task is #1). The walk's own ids (dense from 0 in discovery
 * order) are only positions in its lists; every link is translated through {@link #thread}, {@link #region} and
 * {@link #task}.
 */
final class CoreNumbering {
    private static final int NO_THREAD_NUM = (1 << 17) - 1;
    private static final int INDEX_BITS = 24;

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
        taskOrder = taskOrder(tasks, kindRank);
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
