package org.ompdexplorer.app.ui.navigator;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.entity.UniformGaps;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;

/**
 * The navigator by thread: every thread with its state, and below it the scheduling chain of its current task,
 * top of the stack first: the current task, the task it was scheduled over, and so on.
 */
final class ThreadTree implements NavigatorTree {
    static final String THREADS = "group:threads";

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
                EntityNodes.group(THREADS, "Threads", threads.size(),
                        () -> ChildSource.of(threads, this::threadNode, t -> Target.of(t.id()).key())));
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
                    index.thread(new ThreadId(e.ref().id())).map(t -> List.of(THREADS, target.key()));
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
                return Optional.of(List.of(THREADS, Target.of(thread.id()).key(), Target.of(task.id()).key()));
            }
        }
        return Optional.empty();
    }
}
