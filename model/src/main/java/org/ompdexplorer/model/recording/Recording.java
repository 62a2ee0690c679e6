package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;

/**
 * A whole run as a capture agent recorded it: its header, its events in time order, and what was dropped.
 * Immutable. Events are held in columns of primitives (about 50 bytes an event, no object per event), so a
 * recording of millions of events fits; {@link StateAt} rebuilds the state at any moment from them.
 *
 * <p>Event {@code i}'s fields, by kind ({@link #a}, {@link #b}, {@link #site}, {@link #x}, {@link #y}): see each
 * accessor. An id the event does not carry is {@link #NONE}.
 */
public final class Recording {
    /** An id (task, region) an event does not carry. */
    public static final long NONE = Long.MIN_VALUE;
    private final RecordingHeader header;
    private final int size;
    private final long[] time;
    private final int[] thread;
    private final byte[] kind;
    private final long[] a;
    private final long[] b;
    private final long[] site;
    private final int[] x;
    private final int[] y;
    private final int[] depStart;
    private final long[] depAddress;
    private final int[] depType;
    private final List<String> words;
    private final List<List<String>> flagSets;
    private final List<RecordingLoss> losses;
    private final boolean complete;
    /** The code addresses the recording names, symbolized where a reader could (file:line); others are absent. */
    private final Map<Long, org.ompdexplorer.model.CodeLocation> siteNames;

    private Recording(Builder bld, int[] order) {
        this.header = bld.header;
        this.size = bld.size;
        this.time = permute(bld.time, order, size);
        this.thread = permute(bld.thread, order, size);
        this.kind = new byte[size];
        this.a = permute(bld.a, order, size);
        this.b = permute(bld.b, order, size);
        this.site = permute(bld.site, order, size);
        this.x = permute(bld.x, order, size);
        this.y = permute(bld.y, order, size);
        this.depStart = permute(bld.depStart, order, size);
        for (int i = 0; i < size; i++) {
            kind[i] = bld.kind[order == null ? i : order[i]];
        }
        this.depAddress = Arrays.copyOf(bld.depAddress, bld.depCount);
        this.depType = Arrays.copyOf(bld.depType, bld.depCount);
        this.words = List.copyOf(bld.words);
        this.flagSets = List.copyOf(bld.flagSets);
        this.losses = List.copyOf(bld.losses);
        this.complete = bld.complete;
        this.siteNames = Map.of();
    }

    /** {@code of} with {@code names} for its code addresses: the same events, sharing their columns. */
    private Recording(Recording of, Map<Long, org.ompdexplorer.model.CodeLocation> names) {
        this.header = of.header;
        this.size = of.size;
        this.time = of.time;
        this.thread = of.thread;
        this.kind = of.kind;
        this.a = of.a;
        this.b = of.b;
        this.site = of.site;
        this.x = of.x;
        this.y = of.y;
        this.depStart = of.depStart;
        this.depAddress = of.depAddress;
        this.depType = of.depType;
        this.words = of.words;
        this.flagSets = of.flagSets;
        this.losses = of.losses;
        this.complete = of.complete;
        this.siteNames = Map.copyOf(names);
    }

    /**
     * This recording with its code addresses named ({@code file:line}, the function): what a reader found in the
     * programs' debug information through the header's module map. The events are shared, not copied.
     */
    public Recording withSiteNames(Map<Long, org.ompdexplorer.model.CodeLocation> names) {
        return new Recording(this, names);
    }

    /** Every distinct code address the events name (creation sites, regions', sync regions' and targets' sites). */
    public java.util.Set<Long> siteAddresses() {
        java.util.Set<Long> out = new java.util.HashSet<>();
        for (int i = 0; i < size; i++) {
            long s = site(i);
            if (s != 0) {
                out.add(s);
            }
        }
        return out;
    }

    /** The code location at {@code address}: named when a reader symbolized it, else the bare address; 0 is none. */
    public org.ompdexplorer.model.Fact<org.ompdexplorer.model.CodeLocation> siteAt(long address) {
        if (address == 0) {
            return org.ompdexplorer.model.Fact.absent();
        }
        org.ompdexplorer.model.CodeLocation named = siteNames.get(address);
        return org.ompdexplorer.model.Fact.of(named != null ? named
                : org.ompdexplorer.model.CodeLocation.at(address));
    }

    private static long[] permute(long[] src, int[] order, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = src[order == null ? i : order[i]];
        }
        return out;
    }

    private static int[] permute(int[] src, int[] order, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = src[order == null ? i : order[i]];
        }
        return out;
    }

    public RecordingHeader header() {
        return header;
    }

    /** The number of events. */
    public int size() {
        return size;
    }

    /** Event {@code i}'s time, ns since the start. */
    public long time(int i) {
        return time[i];
    }

    /** The time of the moment after {@code position} events: the last one's (0 before the first). */
    public long timeAfter(int position) {
        return position == 0 ? 0 : time[position - 1];
    }

    /** The time of the last event (0 for an empty recording): the run's length as recorded. */
    public long duration() {
        return size == 0 ? 0 : time[size - 1];
    }

    /** The agent's id of the thread that wrote event {@code i}. */
    public int thread(int i) {
        return thread[i];
    }

    public EventKind kind(int i) {
        return EventKind.ofOrdinal(kind[i]);
    }

    /**
     * The first id: parallel-begin/-end's {@code region}, implicit-begin/-end's and task-create's {@code task},
     * task-dep's {@code from}, schedule's {@code prior}, sync/wait's {@code task}, target's {@code target}.
     */
    public long a(int i) {
        return a[i];
    }

    /**
     * The second id: parallel-begin's encountering {@code task}, implicit-begin's {@code region}, task-create's
     * generating task {@code gen}, task-dep's {@code to}, schedule's {@code next}, target's {@code task}.
     */
    public long b(int i) {
        return b[i];
    }

    /** The code address ({@code codeptr_ra}) of parallel-begin, task-create, sync/wait and target events, or 0. */
    public long site(int i) {
        return kind[i] == EventKind.IMPLICIT_BEGIN.ordinal() ? 0 : site[i];
    }

    /** An implicit-begin of the initial task. */
    public boolean isInitial(int i) {
        return kind[i] == EventKind.IMPLICIT_BEGIN.ordinal() && site[i] != 0;
    }

    /** Parallel-begin's requested team size, implicit-begin's thread number, target's device. */
    public int number(int i) {
        return x[i];
    }

    /** Implicit-begin's actual team size. */
    public int teamSize(int i) {
        return y[i];
    }

    /**
     * The event's word: thread-begin's thread kind, schedule's status, sync/wait's and target's kind, snapshot's
     * label; {@code null} when none.
     */
    public String word(int i) {
        EventKind k = kind(i);
        int w = switch (k) {
            case THREAD_BEGIN, SCHEDULE, SYNC_BEGIN, SYNC_END, WAIT_BEGIN, WAIT_END, SNAPSHOT -> x[i];
            case TARGET_BEGIN, TARGET_END -> y[i];
            default -> -1;
        };
        return w < 0 ? null : words.get(w);
    }

    /** Snapshot's {@code file}, or {@code null}. */
    public String snapshotFile(int i) {
        return kind[i] == EventKind.SNAPSHOT.ordinal() && y[i] >= 0 ? words.get(y[i]) : null;
    }

    /** Task-create's flags, as the recording names them. */
    public List<String> flags(int i) {
        return kind[i] == EventKind.TASK_CREATE.ordinal() ? flagSets.get(y[i]) : List.of();
    }

    /** Task-create's dependences. */
    public List<Dependence> dependences(int i) {
        if (kind[i] != EventKind.TASK_CREATE.ordinal() || x[i] == 0) {
            return List.of();
        }
        List<Dependence> out = new ArrayList<>(x[i]);
        for (int d = depStart[i]; d < depStart[i] + x[i]; d++) {
            out.add(new Dependence(DependenceType.of(words.get(depType[d])), depAddress[d]));
        }
        return out;
    }

    /** The trailer's dropped counts: never a silent hole. */
    public List<RecordingLoss> losses() {
        return losses;
    }

    /** Whether the trailer was read: a recording without one was cut (the program was killed). */
    public boolean complete() {
        return complete;
    }

    /** The number of events up to and including time {@code t}: the position {@link StateAt} rebuilds for t. */
    public int positionAt(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (time[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Collects events as they are read, then sorts them stably by time. Not thread-safe. */
    public static final class Builder {
        private final RecordingHeader header;
        private int size;
        private long[] time = new long[1024];
        private int[] thread = new int[1024];
        private byte[] kind = new byte[1024];
        private long[] a = new long[1024];
        private long[] b = new long[1024];
        private long[] site = new long[1024];
        private int[] x = new int[1024];
        private int[] y = new int[1024];
        private int[] depStart = new int[1024];
        private int depCount;
        private long[] depAddress = new long[64];
        private int[] depType = new int[64];
        private final List<String> words = new ArrayList<>();
        private final Map<String, Integer> wordIndex = new HashMap<>();
        private final List<List<String>> flagSets = new ArrayList<>();
        private final Map<List<String>, Integer> flagSetIndex = new HashMap<>();
        private final List<RecordingLoss> losses = new ArrayList<>();
        private boolean complete;
        private boolean sorted = true;

        public Builder(RecordingHeader header) {
            this.header = header;
        }

        public int size() {
            return size;
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

        private int add(long t, long th, EventKind k, long ea, long eb, long es, int ex, int ey) {
            if (size == time.length) {
                int n = size * 2;
                time = Arrays.copyOf(time, n);
                thread = Arrays.copyOf(thread, n);
                kind = Arrays.copyOf(kind, n);
                a = Arrays.copyOf(a, n);
                b = Arrays.copyOf(b, n);
                site = Arrays.copyOf(site, n);
                x = Arrays.copyOf(x, n);
                y = Arrays.copyOf(y, n);
                depStart = Arrays.copyOf(depStart, n);
            }
            if (size > 0 && t < time[size - 1]) {
                sorted = false;
            }
            time[size] = t;
            thread[size] = (int) th;
            kind[size] = (byte) k.ordinal();
            a[size] = ea;
            b[size] = eb;
            site[size] = es;
            x[size] = ex;
            y[size] = ey;
            depStart[size] = depCount;
            return size++;
        }

        public void threadBegin(long t, long th, String threadKind) {
            add(t, th, EventKind.THREAD_BEGIN, NONE, NONE, 0, word(threadKind), -1);
        }

        public void threadEnd(long t, long th) {
            add(t, th, EventKind.THREAD_END, NONE, NONE, 0, -1, -1);
        }

        public void parallelBegin(long t, long th, long region, long task, int requested, long codeSite) {
            add(t, th, EventKind.PARALLEL_BEGIN, region, task, codeSite, requested, -1);
        }

        public void parallelEnd(long t, long th, long region) {
            add(t, th, EventKind.PARALLEL_END, region, NONE, 0, -1, -1);
        }

        public void implicitBegin(long t, long th, long task, long region, int num, int teamSize, boolean initial) {
            add(t, th, EventKind.IMPLICIT_BEGIN, task, region, initial ? 1 : 0, num, teamSize);
        }

        public void implicitEnd(long t, long th, long task) {
            add(t, th, EventKind.IMPLICIT_END, task, NONE, 0, -1, -1);
        }

        public void taskCreate(long t, long th, long task, long generating, long codeSite, List<String> flags,
                               List<Dependence> deps) {
            List<String> set = List.copyOf(flags);
            int f = flagSetIndex.computeIfAbsent(set, k -> {
                flagSets.add(k);
                return flagSets.size() - 1;
            });
            add(t, th, EventKind.TASK_CREATE, task, generating, codeSite, deps.size(), f);
            for (Dependence d : deps) {
                if (depCount == depAddress.length) {
                    depAddress = Arrays.copyOf(depAddress, depCount * 2);
                    depType = Arrays.copyOf(depType, depCount * 2);
                }
                depAddress[depCount] = d.address();
                depType[depCount] = word(d.type().name());
                depCount++;
            }
        }

        public void taskDependence(long t, long th, long from, long to) {
            add(t, th, EventKind.TASK_DEP, from, to, 0, -1, -1);
        }

        public void schedule(long t, long th, long prior, String status, long next) {
            add(t, th, EventKind.SCHEDULE, prior, next, 0, word(status), -1);
        }

        /** A sync-begin/-end or wait-begin/-end. */
        public void sync(long t, long th, EventKind k, String syncKind, long task, long codeSite) {
            if (!k.isSynchronization()) {
                throw new IllegalArgumentException(k + " is no synchronization");
            }
            add(t, th, k, task, NONE, codeSite, word(syncKind), -1);
        }

        /** A target-begin/-end. */
        public void target(long t, long th, EventKind k, long target, int device, String targetKind, long task,
                           long codeSite) {
            if (k != EventKind.TARGET_BEGIN && k != EventKind.TARGET_END) {
                throw new IllegalArgumentException(k + " is no target event");
            }
            add(t, th, k, target, task, codeSite, device, word(targetKind));
        }

        public void snapshot(long t, long th, String label, String file) {
            add(t, th, EventKind.SNAPSHOT, NONE, NONE, 0, word(label), word(file));
        }

        /** The trailer was read. */
        public void trailer(List<RecordingLoss> dropped) {
            losses.addAll(dropped);
            complete = true;
        }

        /** The events sorted stably by time (the agent merges per-thread buffers; a reader must not assume more). */
        public Recording build() {
            int[] order = null;
            if (!sorted) {
                Integer[] boxed = new Integer[size];
                for (int i = 0; i < size; i++) {
                    boxed[i] = i;
                }
                long[] tt = time;
                Arrays.sort(boxed, (p, q) -> Long.compare(tt[p], tt[q])); // a merge sort: stable
                order = new int[size];
                for (int i = 0; i < size; i++) {
                    order[i] = boxed[i];
                }
            }
            return new Recording(this, order);
        }
    }
}
