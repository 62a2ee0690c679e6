package org.ompdexplorer.model.graph;

import java.util.Arrays;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;

/**
 * Which tasks a scope holds, each one's generating task inside it, and how big each one's subtree is inside it; all
 * by task position, walked by positions (a million tasks without a lookup by id each).
 */
final class ScopeTasks {
    final boolean[] in;
    /** By position: the generating task's position when it is in the scope, else −1 (a root of the scope). */
    final int[] parent;

    private ScopeTasks(boolean[] in, int[] parent) {
        this.in = in;
        this.parent = parent;
    }

    static ScopeTasks of(Snapshot snapshot, GraphScope scope) {
        SnapshotIndex index = snapshot.index();
        int n = snapshot.tasks().size();
        boolean[] in = new boolean[n];
        switch (scope) {
            case GraphScope.Whole w -> Arrays.fill(in, true);
            case GraphScope.Region r -> {
                for (Task t : index.tasksIn(r.region())) {
                    in[index.taskPosition(t.id().value())] = true;
                }
            }
            case GraphScope.Subtree s -> {
                int root = index.taskPosition(s.root().value());
                if (root >= 0) {
                    int[] queue = new int[n];
                    int head = 0;
                    int tail = 0;
                    queue[tail++] = root;
                    in[root] = true;
                    while (head < tail) {
                        int p = queue[head++];
                        for (int i = 0, k = index.generatedCountAt(p); i < k; i++) {
                            int c = index.generatedAt(p, i);
                            if (!in[c]) {
                                in[c] = true;
                                queue[tail++] = c;
                            }
                        }
                    }
                }
            }
        }
        int[] parent = new int[n];
        Arrays.fill(parent, -1);
        for (int p = 0; p < n; p++) {
            if (in[p]) {
                for (int i = 0, k = index.generatedCountAt(p); i < k; i++) {
                    int c = index.generatedAt(p, i);
                    if (in[c] && c != p) {
                        parent[c] = p;
                    }
                }
            }
        }
        return new ScopeTasks(in, parent);
    }

    /** 1 + the sizes of its children in the scope, for every task in it (0 outside); cycles count once. */
    int[] subtreeSizes(SnapshotIndex index) {
        int n = in.length;
        int[] size = new int[n];
        int[] order = new int[n];
        boolean[] seen = new boolean[n];
        int head = 0;
        int tail = 0;
        // breadth-first from the roots gives every parent before its children; sum up in reverse
        for (int p = 0; p < n; p++) {
            if (in[p] && parent[p] < 0) {
                order[tail++] = p;
                seen[p] = true;
            }
        }
        while (head < tail) {
            int p = order[head++];
            for (int i = 0, k = index.generatedCountAt(p); i < k; i++) {
                int c = index.generatedAt(p, i);
                if (in[c] && !seen[c] && parent[c] == p) {
                    seen[c] = true;
                    order[tail++] = c;
                }
            }
        }
        for (int i = tail - 1; i >= 0; i--) {
            int p = order[i];
            size[p] += 1;
            if (parent[p] >= 0) {
                size[parent[p]] += size[p];
            }
        }
        return size;
    }
}
