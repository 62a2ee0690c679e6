package org.ompdexplorer.model.recording;

import java.util.Arrays;
import java.util.List;

/**
 * One row of a thread's lane: intervals that do not overlap, in time order, in columns of primitives (no object per
 * interval), so that a row of a million intervals is searched by bisection. Row 0 of a lane is what ran on the
 * thread; the rows after it hold sync regions, target constructs and suspended tasks, nested ones in later rows.
 * Immutable.
 *
 * <p>Level of detail: {@link #representative(long, long)} and {@link #countIn(long, long)} answer "what covers this
 * pixel column" in O(log n), so that drawing costs the intervals wider than a pixel plus a bisection per column.
 */
public final class LaneRow {
    /** The interval was still open when the recording ended (the run went on, or the recording was cut). */
    public static final int CUT = 1;
    /** A task's run that resumed it after it was suspended. */
    public static final int RESUMED = 2;
    /** A task's run that ended because its thread switched to another task (it was suspended, or yielded). */
    public static final int SWITCHED_AWAY = 4;
    /** A task's run that ended with the task completing. */
    public static final int COMPLETED = 8;
    /** A task's run that resumed it on another thread than the one it was suspended on (an untied task). */
    public static final int MOVED = 16;

    private final int size;
    private final long[] start;
    private final long[] end;
    private final long[] task;
    private final byte[] kind;
    private final byte[] flags;
    private final short[] detail;
    private final List<String> words;

    private LaneRow(Builder b, List<String> words) {
        this.size = b.size;
        this.start = Arrays.copyOf(b.start, size);
        this.end = Arrays.copyOf(b.end, size);
        this.task = Arrays.copyOf(b.task, size);
        this.kind = Arrays.copyOf(b.kind, size);
        this.flags = Arrays.copyOf(b.flags, size);
        this.detail = Arrays.copyOf(b.detail, size);
        this.words = words;
    }

    /** The number of intervals. */
    public int size() {
        return size;
    }

    /** Interval {@code i}'s start, ns since the recording's start. */
    public long start(int i) {
        return start[i];
    }

    /** Interval {@code i}'s end, ns since the recording's start (the recording's end when {@link #CUT}). */
    public long end(int i) {
        return end[i];
    }

    /** The task: the one that ran, waited, was suspended, or began the sync region or target construct. */
    public long task(int i) {
        return task[i];
    }

    public LaneKind kind(int i) {
        return LaneKind.values()[kind[i]];
    }

    /** The sync region's or target construct's kind as the recording names it ({@code taskwait}), else {@code null}. */
    public String detail(int i) {
        return detail[i] < 0 ? null : words.get(detail[i]);
    }

    /** Whether interval {@code i} has {@code flag} ({@link #CUT}, {@link #RESUMED}…). */
    public boolean has(int i, int flag) {
        return (flags[i] & flag) != 0;
    }

    /** The first interval that ends after {@code t}, or {@link #size()}: ends are in order since intervals do not overlap. */
    public int firstEndingAfter(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end[mid] > t) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The first interval that starts at or after {@code t}, or {@link #size()}. */
    public int firstStartingFrom(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] >= t) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The interval covering time {@code t} (start ≤ t < end), or −1. */
    public int indexAt(long t) {
        int i = firstEndingAfter(t);
        return i < size && start[i] <= t ? i : -1;
    }

    /** How many intervals overlap {@code [t0, t1)}. */
    public int countIn(long t0, long t1) {
        return Math.max(0, firstStartingFrom(t1) - firstEndingAfter(t0));
    }

    /**
     * The interval to draw for the column {@code [t0, t1)}: the one covering its middle, else the first overlapping it,
     * else −1.
     */
    public int representative(long t0, long t1) {
        int middle = indexAt(t0 + (t1 - t0) / 2);
        if (middle >= 0) {
            return middle;
        }
        int i = firstEndingAfter(t0);
        return i < size && start[i] < t1 ? i : -1;
    }

    /** Collects a row's intervals as a recording is scanned: opened in time order, closed later. Not thread-safe. */
    static final class Builder {
        private int size;
        private long[] start = new long[16];
        private long[] end = new long[16];
        private long[] task = new long[16];
        private byte[] kind = new byte[16];
        private byte[] flags = new byte[16];
        private short[] detail = new short[16];

        int open(long t, long taskId, LaneKind k, int word, int flag) {
            if (size == start.length) {
                int n = size * 2;
                start = Arrays.copyOf(start, n);
                end = Arrays.copyOf(end, n);
                task = Arrays.copyOf(task, n);
                kind = Arrays.copyOf(kind, n);
                flags = Arrays.copyOf(flags, n);
                detail = Arrays.copyOf(detail, n);
            }
            start[size] = t;
            end[size] = t;
            task[size] = taskId;
            kind[size] = (byte) k.ordinal();
            flags[size] = (byte) flag;
            detail[size] = (short) word;
            return size++;
        }

        long task(int i) {
            return task[i];
        }

        void close(int i, long t, int flag) {
            end[i] = Math.max(start[i], t);
            flags[i] |= (byte) flag;
        }

        LaneRow build(List<String> words) {
            return new LaneRow(this, words);
        }
    }
}
