package org.ompdexplorer.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Semantic identities that survive from one snapshot of a program to the next, where addresses and ids do
 * not: a thread by its OS id; a region by its nesting path; a task by the agent's creation order when known,
 * else by its generating chain, function and ordinal among its siblings.
 */
public final class IdentityKeys {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private int[] ordinals; // by task position: ordinal among siblings with the same function; made on first use

    public IdentityKeys(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    /** {@code thread:lwp=4242}, else {@code thread:pthread=0x…}, else {@code thread:#id}. */
    public String of(OmpThread thread) {
        return thread.osId(OsThreadIdKind.LWP).map(l -> "thread:lwp=" + Long.toUnsignedString(l))
                .or(() -> thread.osId(OsThreadIdKind.PTHREAD).map(p -> "thread:pthread=" + Address.hex(p)))
                .orElse("thread:#" + thread.id());
    }

    /**
     * {@code region:/2/1.1}: per level, outermost first, the team size, then below the outermost the thread
     * number whose implicit task encountered the region.
     */
    public String of(ParallelRegion region) {
        List<ParallelRegion> chain = index.enclosingChain(region);
        StringBuilder key = new StringBuilder("region:");
        for (int i = chain.size() - 1; i >= 0; i--) {
            ParallelRegion r = chain.get(i);
            key.append('/');
            if (i < chain.size() - 1) {
                key.append(encounteringThreadNum(r)).append('.');
            }
            key.append(r.teamSize().asOptional().map(String::valueOf).orElse("?"));
        }
        return key.toString();
    }

    private String encounteringThreadNum(ParallelRegion region) {
        return index.task(region.encounteringTask()).flatMap(t -> t.threadNum().asOptional())
                .map(String::valueOf).orElse("?");
    }

    /**
     * {@code task:#17} from the agent's creation order; else the generating chain from its root, each step
     * {@code function#ordinal}, e.g. {@code task:region:/2/implicit[1]>fib#0>fib#1}.
     */
    public String of(Task task) {
        if (task.agent() != null && task.agent().creationOrder() >= 0) {
            return "task:#" + task.agent().creationOrder();
        }
        Deque<String> steps = new ArrayDeque<>();
        Set<Long> seen = new HashSet<>();
        Task at = task;
        while (at != null && seen.add(at.id().value())) {
            steps.push(step(at));
            at = index.task(at.generatingTask()).orElse(null);
        }
        return "task:" + String.join(">", steps);
    }

    private String step(Task task) {
        if (task.isImplicit()) {
            String region = index.region(task.parallelRegion()).map(this::of).orElse("region:?");
            return task.kind().equals(TaskKind.INITIAL) ? "initial"
                    : region + "/implicit[" + task.threadNum().asOptional().map(String::valueOf).orElse("?") + "]";
        }
        String function = functionName(task);
        return function + "#" + ordinalAmongSiblings(task, function);
    }

    private int ordinalAmongSiblings(Task task, String function) {
        if (ordinals == null) {
            ordinals = computeOrdinals();
        }
        return ordinals[index.taskPosition(task.id().value())];
    }

    /** One pass over all tasks: siblings share a generating task, and are counted per function in order. */
    private int[] computeOrdinals() {
        List<Task> tasks = snapshot.tasks();
        int[] result = new int[tasks.size()];
        java.util.Map<String, Integer> next = new java.util.HashMap<>();
        for (int i = 0; i < tasks.size(); i++) {
            Task t = tasks.get(i);
            String parent = t.generatingTask().isKnown() && index.task(t.generatingTask()).isPresent()
                    ? t.generatingTask().get().toString() : "root";
            result[i] = next.merge(parent + '\u0000' + functionName(t), 1, Integer::sum) - 1;
        }
        return result;
    }

    private static String functionName(Task task) {
        return task.function().asOptional()
                .map(f -> f.symbol() != null ? f.symbol() : Address.hex(f.address())).orElse("?");
    }
}
