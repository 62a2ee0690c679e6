package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every task, parallel region and thread of a recording, as one pass over its events collects them for
 * {@link WholeRun}: held in columns by task position (tasks in the order their first event came), so a run of
 * millions of tasks costs a few arrays, not an object per task.
 */
final class RunHistory {
    static final byte INITIAL = 0;
    static final byte IMPLICIT = 1;
    static final byte EXPLICIT = 2;
    static final byte TARGET = 3;

    /** A parallel region: its begin, and its team as its implicit tasks began. */
    static final class Region {
        long encountering = Recording.NONE;
        int requested;
        int size;
        long site;
        final TreeMap<Integer, long[]> members = new TreeMap<>(); // thread number -> {thread, implicit task}
    }

    final Map<Long, Integer> position = new HashMap<>(); // task id -> position
    int count;
    long[] id = new long[256];
    byte[] kind = new byte[256];
    int[] create = new int[256]; // the task-create event, or −1
    long[] generating = new long[256];
    long[] scheduling = new long[256];
    long[] region = new long[256];
    long[] thread = new long[256]; // the thread that began it, or NONE
    boolean[] moved = new boolean[256];
    int[] threadNum = new int[256];
    final Map<Integer, List<Long>> dependsOn = new HashMap<>(); // position -> the tasks a task-dep says it waits for
    final Map<Long, Region> regions = new LinkedHashMap<>();
    final Map<Long, String> threads = new LinkedHashMap<>(); // agent thread id -> its kind, or null
    final TargetConstructs targets = new TargetConstructs(true);
    private final Map<Long, long[]> current = new HashMap<>(); // thread -> {its current task, then saved tasks…}

    RunHistory(Recording r) {
        for (int i = 0; i < r.size(); i++) {
            apply(r, i);
        }
    }

    private void apply(Recording r, int i) {
        long th = r.thread(i);
        switch (r.kind(i)) {
            case THREAD_BEGIN -> threads.put(th, r.word(i));
            case PARALLEL_BEGIN -> {
                Region reg = regions.computeIfAbsent(r.a(i), k -> new Region());
                reg.encountering = r.b(i);
                reg.requested = r.number(i);
                reg.site = r.site(i);
            }
            case IMPLICIT_BEGIN -> implicitBegin(r, i, th);
            case IMPLICIT_END -> {
                long[] stack = current.get(th);
                if (stack != null && stack.length > 1) {
                    current.put(th, Arrays.copyOf(stack, stack.length - 1));
                }
            }
            case TASK_CREATE -> {
                int p = add(r.a(i), r.flags(i).contains("target") ? TARGET : EXPLICIT);
                create[p] = i;
                generating[p] = r.b(i);
                Integer g = position.get(r.b(i));
                region[p] = g == null ? Recording.NONE : region[g];
            }
            case TASK_DEP -> {
                Integer to = position.get(r.b(i));
                if (to != null) {
                    dependsOn.computeIfAbsent(to, k -> new ArrayList<>(2)).add(r.a(i));
                }
            }
            case SCHEDULE -> schedule(r, i, th);
            case TARGET_BEGIN, TARGET_END -> {
                Integer named = position.get(r.b(i));
                targets.apply(r, i, named != null && kind[named] == TARGET ? create[named] : -1);
            }
            default -> {
                // thread ends, region ends, synchronization and snapshot marks add no task, region or thread
            }
        }
    }

    private void implicitBegin(Recording r, int i, long th) {
        threads.putIfAbsent(th, null);
        long task = r.a(i);
        long reg = r.b(i);
        boolean initial = r.isInitial(i);
        Region rec = regions.get(reg);
        if (rec == null && reg != Recording.NONE) {
            rec = new Region(); // the initial task's implicit parallel region: a team of one
            rec.requested = 1;
            regions.put(reg, rec);
        }
        int p = add(task, initial ? INITIAL : IMPLICIT);
        region[p] = reg;
        thread[p] = th;
        threadNum[p] = r.number(i);
        long[] stack = current.get(th);
        scheduling[p] = stack == null ? Recording.NONE : stack[stack.length - 1]; // beneath it on the thread
        current.put(th, stack == null ? new long[]{task} : append(stack, task));
        if (rec != null) {
            generating[p] = initial ? Recording.NONE : rec.encountering;
            rec.size = r.teamSize(i);
            rec.members.put(r.number(i), new long[]{th, task});
        }
    }

    private static long[] append(long[] stack, long task) {
        long[] more = Arrays.copyOf(stack, stack.length + 1);
        more[stack.length] = task;
        return more;
    }

    /**
     * The thread that first runs a task began it; a task resumed later on another thread moved (an untied task). The
     * task it began on top of is its scheduling task, by the rule the state at a moment uses ({@link ReplayState}).
     */
    private void schedule(Recording r, int i, long th) {
        threads.putIfAbsent(th, null);
        long prior = r.a(i);
        long next = r.b(i);
        String status = r.word(i);
        boolean priorStays = position.containsKey(prior) && !("complete".equals(status)
                || "late_fulfill".equals(status) || "cancel".equals(status) || "detach".equals(status));
        long[] stack = current.get(th);
        long onThread = stack == null ? Recording.NONE : stack[stack.length - 1];
        Integer n = position.get(next);
        if (n != null) {
            if (thread[n] == Recording.NONE) {
                thread[n] = th;
                scheduling[n] = priorStays ? prior : onThread == prior ? Recording.NONE : onThread;
            } else if (thread[n] != th) {
                moved[n] = true;
            }
            if (stack == null) {
                current.put(th, new long[]{next});
            } else {
                stack[stack.length - 1] = next;
            }
        }
    }

    private int add(long task, byte k) {
        Integer known = position.get(task);
        if (known != null) {
            kind[known] = k;
            return known;
        }
        if (count == id.length) {
            int n = count * 2;
            id = Arrays.copyOf(id, n);
            kind = Arrays.copyOf(kind, n);
            create = Arrays.copyOf(create, n);
            generating = Arrays.copyOf(generating, n);
            scheduling = Arrays.copyOf(scheduling, n);
            region = Arrays.copyOf(region, n);
            thread = Arrays.copyOf(thread, n);
            moved = Arrays.copyOf(moved, n);
            threadNum = Arrays.copyOf(threadNum, n);
        }
        int p = count++;
        position.put(task, p);
        id[p] = task;
        kind[p] = k;
        create[p] = -1;
        generating[p] = Recording.NONE;
        scheduling[p] = Recording.NONE;
        region[p] = Recording.NONE;
        thread[p] = Recording.NONE;
        threadNum[p] = -1;
        return p;
    }
}
