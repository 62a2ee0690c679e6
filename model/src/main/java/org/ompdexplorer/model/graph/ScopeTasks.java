package org.ompdexplorer.model.graph;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;

/** Which tasks a scope holds, and how big each one's subtree is inside it; both by task position. */
final class ScopeTasks {
    private ScopeTasks() {
    }

    static boolean[] of(Snapshot snapshot, GraphScope scope) {
        SnapshotIndex index = snapshot.index();
        boolean[] in = new boolean[snapshot.tasks().size()];
        switch (scope) {
            case GraphScope.Whole w -> Arrays.fill(in, true);
            case GraphScope.Region r -> {
                for (Task t : index.tasksIn(r.region())) {
                    in[index.taskPosition(t.id().value())] = true;
                }
            }
            case GraphScope.Subtree s -> {
                ArrayDeque<Task> todo = new ArrayDeque<>();
                index.task(s.root()).ifPresent(todo::add);
                while (!todo.isEmpty()) {
                    Task t = todo.poll();
                    int p = index.taskPosition(t.id().value());
                    if (!in[p]) {
                        in[p] = true;
                        todo.addAll(index.generatedBy(t.id()));
                    }
                }
            }
        }
        return in;
    }

    /** 1 + the sizes of its children in the scope, for every task in it (0 outside); cycles count once. */
    static int[] subtreeSizes(Snapshot snapshot, boolean[] in) {
        SnapshotIndex index = snapshot.index();
        List<Task> tasks = snapshot.tasks();
        int[] size = new int[tasks.size()];
        int[] parent = new int[tasks.size()];
        int[] order = new int[tasks.size()];
        int n = 0;
        // Breadth-first from the roots gives every parent before its children; sum up in reverse.
        boolean[] seen = new boolean[tasks.size()];
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        for (int p = 0; p < tasks.size(); p++) {
            parent[p] = -1;
            if (in[p] && parentIn(index, in, tasks.get(p).generatingTask()) < 0) {
                todo.add(p);
                seen[p] = true;
            }
        }
        while (!todo.isEmpty()) {
            int p = todo.poll();
            order[n++] = p;
            for (Task c : index.generatedBy(tasks.get(p).id())) {
                int q = index.taskPosition(c.id().value());
                if (q >= 0 && in[q] && !seen[q]) {
                    seen[q] = true;
                    parent[q] = p;
                    todo.add(q);
                }
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            int p = order[i];
            size[p] += 1;
            if (parent[p] >= 0) {
                size[parent[p]] += size[p];
            }
        }
        return size;
    }

    private static int parentIn(SnapshotIndex index, boolean[] in, Fact<TaskId> link) {
        if (!(link instanceof Fact.Known<TaskId>(TaskId id))) {
            return -1;
        }
        int p = index.taskPosition(id.value());
        return p >= 0 && in[p] ? p : -1;
    }
}
