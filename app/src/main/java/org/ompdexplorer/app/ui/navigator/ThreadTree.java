package org.ompdexplorer.app.ui.navigator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.entity.UniformGaps;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadState;

/**
 * The navigator by thread: every thread with its state, and below it the scheduling chain of its current task,
 * top of the stack first: the current task, the task it was scheduled over, and so on. More than
 * {@link #GROUP_ABOVE} threads are grouped by state first ("wait_barrier_implicit_parallel · 6 threads"), so a team
 * of 64 reads as a few rows; a handful of threads stay one flat list, where a row per state would only add clicks.
 */
final class ThreadTree implements NavigatorTree {
    static final String THREADS = "group:threads";
    /** More threads than this are grouped by state. */
    static final int GROUP_ABOVE = 8;
    private static final String STATE_PREFIX = "state:";

    private final LoadedSnapshot loaded;
    private final SnapshotIndex index;
    private final UniformGaps gaps;

    ThreadTree(LoadedSnapshot loaded) {
        this.loaded = loaded;
        this.index = loaded.snapshot().index();
        this.gaps = UniformGaps.of(loaded.snapshot().tasks());
    }

    @Override
    public List<NavNode> roots() {
        List<OmpThread> threads = loaded.snapshot().threads();
        return List.of(EntityNodes.snapshotGroup(loaded),
                EntityNodes.group(THREADS, "Threads", threads.size(), threads.size() > GROUP_ABOVE
                        ? () -> ChildSource.of(List.copyOf(byState().entrySet()), e -> stateGroup(e.getKey(),
                                e.getValue()), e -> e.getKey())
                        : () -> ChildSource.of(threads, this::threadNode, t -> Target.of(t.id()).key())));
    }

    /** The threads by the key of their state's group, in the order the states first appear. */
    private Map<String, List<OmpThread>> byState() {
        Map<String, List<OmpThread>> groups = new LinkedHashMap<>();
        for (OmpThread t : loaded.snapshot().threads()) {
            groups.computeIfAbsent(stateKey(t), k -> new ArrayList<>()).add(t);
        }
        return groups;
    }

    private static String stateKey(OmpThread thread) {
        return STATE_PREFIX + thread.state().asOptional().map(ThreadState::shortName).orElse("unknown");
    }

    private NavNode stateGroup(String key, List<OmpThread> threads) {
        String name = key.substring(STATE_PREFIX.length());
        return new NavNode(key, null, name.equals("unknown") ? "state unknown" : name, "",
                List.of(Badge.count(EntityNames.count(threads.size(), "thread", "threads"))), false,
                () -> ChildSource.of(threads, this::threadNode, t -> Target.of(t.id()).key()));
    }

    /** The ids down to a thread's row: through its state's group when threads are grouped. */
    private List<String> threadPath(OmpThread thread) {
        String row = Target.of(thread.id()).key();
        return loaded.snapshot().threads().size() > GROUP_ABOVE ? List.of(THREADS, stateKey(thread), row)
                : List.of(THREADS, row);
    }

    private NavNode threadNode(OmpThread thread) {
        List<Task> chain = index.schedulingChain(thread.id());
        return EntityNodes.thread(thread, chain.isEmpty() ? null
                : () -> ChildSource.of(chain, t -> EntityNodes.task(t, 0, gaps, loaded.snapshot().index(), false, null), t -> Target.of(t.id()).key()));
    }

    @Override
    public Optional<List<String>> pathTo(Target target) {
        return switch (target) {
            case Target.Page p -> Optional.of(List.of(EntityNodes.SNAPSHOT_GROUP, target.key()));
            case Target.Entity e when e.ref().kind() == EntityKind.THREAD ->
                    index.thread(new ThreadId(e.ref().id())).map(this::threadPath);
            case Target.Entity e when e.ref().kind() == EntityKind.TASK ->
                    index.task(new TaskId(e.ref().id())).flatMap(this::taskPath);
            case Target.Entity e -> Optional.empty();
        };
    }

    /** A task is shown here only when it is on its thread's scheduling chain. */
    private Optional<List<String>> taskPath(Task task) {
        Optional<OmpThread> own = index.thread(task.thread());
        List<OmpThread> candidates = own.isPresent() ? List.of(own.get()) : loaded.snapshot().threads();
        for (OmpThread thread : candidates) { // a task whose thread is unknown may still be on some stack
            if (index.schedulingChain(thread.id()).contains(task)) {
                List<String> path = new ArrayList<>(threadPath(thread));
                path.add(Target.of(task.id()).key());
                return Optional.of(List.copyOf(path));
            }
        }
        return Optional.empty();
    }
}
