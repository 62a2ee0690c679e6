package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.LongIndexMap;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.ThreadId;

/**
 * Tasks, in three passes. First by the agent's creation order when both snapshots have it (one run): exact, so a
 * task with a number that the other side lacks is added or removed, not matched by anything weaker. Then by
 * identity key, top down: initial tasks by their thread, implicit tasks by thread number in a matched region,
 * and the children of each matched pair by kind + function (or creation site), i-th with i-th. Last, what is
 * left under matched parents, by kind in order: a core import, which sees only the tasks on stacks and knows
 * functions where the agent knows creation sites, still lines up with an agent capture.
 */
final class TaskMatcher {
    private final Snapshot a;
    private final Snapshot b;
    private final List<Task> ta;
    private final List<Task> tb;
    private final Pairs pairs;
    private final boolean[] exactA; // numbered on both sides: matched or gone, never matched by a weaker pass
    private final boolean[] exactB;

    private TaskMatcher(Snapshot a, Snapshot b) {
        this.a = a;
        this.b = b;
        this.ta = a.tasks();
        this.tb = b.tasks();
        this.pairs = new Pairs(ta.size(), tb.size());
        this.exactA = new boolean[ta.size()];
        this.exactB = new boolean[tb.size()];
    }

    static Pairs match(Snapshot a, Snapshot b, Pairs regions, Pairs threads, boolean sameRun) {
        TaskMatcher m = new TaskMatcher(a, b);
        if (sameRun) {
            m.byCreationOrder();
        }
        m.byIdentityKey(regions, threads);
        return m.pairs;
    }

    /**
     * Equal numbers pair in list order, the i-th task of A with a number with the i-th of B with it: a number
     * should name one task (the validator flags a repeated one), and a file with repeats still matches itself.
     */
    private void byCreationOrder() {
        LongIndexMap byOrder = new LongIndexMap(tb.size());
        int[] next = new int[tb.size()]; // the next task of B with the same number, or -1
        int[] last = new int[tb.size()]; // by the first task of B with a number: the last one so far
        for (int i = 0; i < tb.size(); i++) {
            next[i] = -1;
            long order = creationOrder(tb.get(i));
            if (order >= 0) {
                int first = byOrder.putIfAbsent(order, i);
                if (first < 0) {
                    last[i] = i;
                } else {
                    next[last[first]] = i;
                    last[first] = i;
                }
            }
        }
        if (byOrder.size() == 0) {
            return;
        }
        int[] cursor = last; // reused: by the first task of B with a number, the next one still free
        for (int i = 0; i < tb.size(); i++) {
            cursor[i] = i;
        }
        boolean any = false;
        for (int i = 0; i < ta.size(); i++) {
            long order = creationOrder(ta.get(i));
            if (order >= 0) {
                any = true;
                exactA[i] = true;
                int first = byOrder.get(order);
                if (first >= 0 && cursor[first] >= 0) {
                    int pb = cursor[first];
                    cursor[first] = next[pb];
                    pairs.pair(i, pb, MatchMethod.CREATION_ORDER);
                }
            }
        }
        if (any) {
            for (int i = 0; i < tb.size(); i++) {
                exactB[i] = creationOrder(tb.get(i)) >= 0;
            }
        }
    }

    private static long creationOrder(Task task) {
        return task.agent() == null ? -1 : task.agent().creationOrder();
    }

    private boolean openA(int i) {
        return !exactA[i] && !pairs.pairedA(i);
    }

    private boolean openB(int i) {
        return !exactB[i] && !pairs.pairedB(i);
    }

    private void byIdentityKey(Pairs regions, Pairs threads) {
        if (!anyOpen()) {
            return;
        }
        SnapshotIndex ia = a.index();
        SnapshotIndex ib = b.index();
        KeyedPairing.pair(pairs,
                i -> openA(i) && ta.get(i).kind().equals(TaskKind.INITIAL)
                        ? "initial@" + threads.toB(threadPosition(ia, ta.get(i))) : null,
                i -> openB(i) && tb.get(i).kind().equals(TaskKind.INITIAL)
                        ? "initial@" + threadPosition(ib, tb.get(i)) : null, MatchMethod.IDENTITY_KEY);
        KeyedPairing.pair(pairs,
                i -> openA(i) && ta.get(i).kind().equals(TaskKind.INITIAL) ? "initial" : null,
                i -> openB(i) && tb.get(i).kind().equals(TaskKind.INITIAL) ? "initial" : null,
                MatchMethod.IDENTITY_KEY);
        KeyedPairing.pair(pairs, i -> openA(i) ? implicitKey(ta.get(i), regions.toB(regionPosition(ia, ta.get(i)))) : null,
                i -> openB(i) ? implicitKey(tb.get(i), regionPosition(ib, tb.get(i))) : null, MatchMethod.IDENTITY_KEY);
        KeyedPairing.pair(pairs, i -> openA(i) && isOrphan(ia, ta.get(i)) ? signature(ta.get(i)) : null,
                i -> openB(i) && isOrphan(ib, tb.get(i)) ? signature(tb.get(i)) : null, MatchMethod.IDENTITY_KEY);
        childrenOfMatchedPairs(ia, ib);
    }

    private boolean anyOpen() {
        boolean openA = false;
        for (int i = 0; i < ta.size() && !openA; i++) {
            openA = openA(i);
        }
        boolean openB = false;
        for (int i = 0; i < tb.size() && !openB; i++) {
            openB = openB(i);
        }
        return openA && openB;
    }

    /** Breadth first from every matched pair: each pair's open children are paired, and their children next. */
    private void childrenOfMatchedPairs(SnapshotIndex ia, SnapshotIndex ib) {
        int[] queue = new int[Math.max(16, pairs.count())];
        int head = 0;
        int tail = 0;
        for (int i = 0; i < ta.size(); i++) {
            if (pairs.pairedA(i)) {
                queue[tail++] = i;
            }
        }
        while (head < tail) {
            int pa = queue[head++];
            List<Integer> ca = open(ia.generatedBy(ta.get(pa).id()), ia, true);
            List<Integer> cb = ca.isEmpty() ? List.of() : open(ib.generatedBy(tb.get(pairs.toB(pa)).id()), ib, false);
            if (cb.isEmpty()) {
                continue;
            }
            List<Integer> made = new ArrayList<>();
            zip(ca, cb, Key.FINGERPRINT, made);
            zip(ca, cb, Key.SIGNATURE, made);
            zip(ca, cb, Key.KIND, made);
            for (int m : made) {
                if (tail == queue.length) {
                    queue = Arrays.copyOf(queue, queue.length * 2);
                }
                queue[tail++] = m;
            }
        }
    }

    private List<Integer> open(List<Task> children, SnapshotIndex index, boolean sideA) {
        List<Integer> result = new ArrayList<>();
        for (Task child : children) {
            int at = index.taskPosition(child.id().value());
            if (at >= 0 && (sideA ? openA(at) : openB(at))) {
                result.add(at);
            }
        }
        return result;
    }

    /** How children are keyed, strongest first. */
    private enum Key {
        /** Signature and what places the task on a stack in one run (frames, tool data, lifecycle). */
        FINGERPRINT,
        /** Kind, function and creation site: i-th with i-th, the identity key's ordinal. */
        SIGNATURE,
        /** Kind alone, for what is left (functions unknown on one side). */
        KIND
    }

    /** Pairs still-open children i-th with i-th per key, in order. */
    private void zip(List<Integer> ca, List<Integer> cb, Key by, List<Integer> made) {
        Map<String, List<Integer>> waiting = new HashMap<>();
        for (int i : cb) {
            if (openB(i)) {
                String key = key(tb.get(i), by);
                if (key != null) {
                    waiting.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
                }
            }
        }
        Map<String, Integer> taken = new HashMap<>();
        for (int i : ca) {
            if (!openA(i)) {
                continue;
            }
            String key = key(ta.get(i), by);
            List<Integer> candidates = key == null ? null : waiting.get(key);
            int next = taken.getOrDefault(key, 0);
            if (candidates != null && next < candidates.size()) {
                taken.put(key, next + 1);
                if (pairs.pair(i, candidates.get(next), by == Key.KIND ? MatchMethod.STRUCTURE : MatchMethod.IDENTITY_KEY)) {
                    made.add(i);
                }
            }
        }
    }

    private static String key(Task task, Key by) {
        return switch (by) {
            case FINGERPRINT -> fingerprint(task);
            case SIGNATURE -> signature(task);
            case KIND -> task.kind().name();
        };
    }

    /** Null when the task has neither frames nor tool data: queued tasks are told apart by order alone. */
    private static String fingerprint(Task task) {
        if (!task.frames().isKnown() && !task.toolData().isKnown()) {
            return null;
        }
        return signature(task) + "|" + task.frames() + "|" + task.toolData() + "|" + TaskFields.lifecycle(task);
    }

    private static String signature(Task task) {
        return task.kind().name() + "|" + name(task.function()) + "|" + name(task.creationSite());
    }

    private static String name(Fact<CodeLocation> code) {
        return code.asOptional().map(c -> c.symbol() != null ? c.symbol() : Address.hex(c.address())).orElse("?");
    }

    private static Object implicitKey(Task task, int regionInB) {
        if (!task.kind().equals(TaskKind.IMPLICIT) || regionInB < 0 || !task.threadNum().isKnown()) {
            return null;
        }
        return regionInB + "#" + task.threadNum().get();
    }

    private static boolean isOrphan(SnapshotIndex index, Task task) {
        return !task.isImplicit() && index.task(task.generatingTask()).isEmpty();
    }

    private static int threadPosition(SnapshotIndex index, Task task) {
        return task.thread() instanceof Fact.Known<ThreadId>(ThreadId id) ? index.threadPosition(id.value()) : -1;
    }

    private static int regionPosition(SnapshotIndex index, Task task) {
        return task.parallelRegion() instanceof Fact.Known<RegionId>(RegionId id) ? index.regionPosition(id.value()) : -1;
    }
}
