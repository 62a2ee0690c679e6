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
    private final SnapshotIndex index;

    public IdentityKeys(Snapshot snapshot) {
        this.index = snapshot.index();
    }

    /** {@code thread:lwp=4242}, else {@code thread:pthread=0x…}, else {@code thread:#id}. */
    public String of(OmpThread thread) {
        return thread.osId(OsThreadIdKind.LWP).map(l -> "thread:lwp=" + l)
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
        String function = task.function().asOptional()
                .map(f -> f.symbol() != null ? f.symbol() : Address.hex(f.address())).orElse("?");
        return function + "#" + ordinalAmongSiblings(task, function);
    }

    private int ordinalAmongSiblings(Task task, String function) {
        List<Task> siblings = task.generatingTask().isKnown()
                ? index.generatedBy(task.generatingTask().get()) : index.rootTasks();
        int ordinal = 0;
        for (Task s : siblings) {
            if (s == task) {
                return ordinal;
            }
            String f = s.function().asOptional()
                    .map(c -> c.symbol() != null ? c.symbol() : Address.hex(c.address())).orElse("?");
            if (f.equals(function)) {
                ordinal++;
            }
        }
        return ordinal;
    }
}
