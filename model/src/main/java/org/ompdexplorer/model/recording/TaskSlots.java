package org.ompdexplorer.model.recording;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Per-task columns indexed by the agent's task id: ids are its creation order (1, 2, 3…), so an id below a bound is
 * its own index and no map entry is made per task; an id above it (a foreign producer) gets an index from a map, in
 * columns of its own. Holds each task's kind, first start and last end on any lane, and an implicit task's region.
 */
final class TaskSlots {
    private static final long DENSE = 1L << 24;
    private final Columns dense = new Columns();
    private final Columns sparse = new Columns();
    private final Map<Long, Integer> sparseIndex = new HashMap<>();

    /** Growable columns of primitives, one entry a task. */
    private static final class Columns {
        byte[] kind = new byte[0];
        long[] first = new long[0];
        long[] last = new long[0];
        long[] region = new long[0];

        void ensure(int s) {
            if (s < kind.length) {
                return;
            }
            int n = Math.max(Math.max(1024, kind.length * 2), s + 1);
            int old = kind.length;
            kind = Arrays.copyOf(kind, n);
            first = Arrays.copyOf(first, n);
            last = Arrays.copyOf(last, n);
            region = Arrays.copyOf(region, n);
            Arrays.fill(first, old, n, -1);
            Arrays.fill(region, old, n, Recording.NONE);
        }
    }

    private Columns columns(long id) {
        return id < DENSE ? dense : sparse;
    }

    /** The task's index in its columns, made when {@code create}; −1 for none (no task, or not seen). */
    private int index(long id, boolean create) {
        if (id <= 0) {
            return -1;
        }
        int s;
        if (id < DENSE) {
            s = (int) id;
        } else {
            Integer found = sparseIndex.get(id);
            if (found == null) {
                if (!create) {
                    return -1;
                }
                found = sparseIndex.size();
                sparseIndex.put(id, found);
            }
            s = found;
        }
        Columns c = columns(id);
        if (s >= c.kind.length) {
            if (!create) {
                return -1;
            }
            c.ensure(s);
        }
        return s;
    }

    /** The kind of the task's runs; explicit for a task the recording did not create (its events were dropped). */
    LaneKind kind(long id) {
        int s = index(id, false);
        return s < 0 || columns(id).kind[s] == 0 ? LaneKind.EXPLICIT_TASK : LaneKind.values()[columns(id).kind[s] - 1];
    }

    void setKind(long id, LaneKind k) {
        int s = index(id, true);
        if (s >= 0) {
            columns(id).kind[s] = (byte) (k.ordinal() + 1);
        }
    }

    long region(long id) {
        int s = index(id, false);
        return s < 0 ? Recording.NONE : columns(id).region[s];
    }

    void setRegion(long id, long r) {
        int s = index(id, true);
        if (s >= 0) {
            columns(id).region[s] = r;
        }
    }

    /** Widens the task's span to hold {@code [t0, t1]}. */
    void span(long id, long t0, long t1) {
        int s = index(id, true);
        if (s >= 0) {
            Columns c = columns(id);
            if (c.first[s] < 0 || t0 < c.first[s]) {
                c.first[s] = t0;
            }
            c.last[s] = Math.max(c.last[s], t1);
        }
    }

    /** {@code {first start, last end}} of the task on any lane, or {@code null} when it never showed. */
    long[] span(long id) {
        int s = index(id, false);
        return s < 0 || columns(id).first[s] < 0 ? null : new long[]{columns(id).first[s], columns(id).last[s]};
    }
}
