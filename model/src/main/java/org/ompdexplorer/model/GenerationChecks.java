package org.ompdexplorer.model;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * OpenMP's invariants of the task-creation tree, for {@link SnapshotValidator}: a task is never scheduled on a task
 * it generated, directly or not ({@code scheduled-on-descendant}) — it had started before any of them existed; an
 * untied task is exempt, since it may resume at any task scheduling point, on top of its own child. An explicit or
 * target task binds to the parallel region its generating task binds to ({@code region-mismatch}).
 *
 * <p>O(n): one walk of the creation tree numbers each task and counts its descendants, so that "is a descendant
 * of" is two comparisons (docs/benchmarks.md).
 */
final class GenerationChecks {
    private final SnapshotIndex index;
    private final List<Diagnostic> found;
    private final List<Task> tasks;
    private final int[] generatingOf;
    private final int[] schedulingOf;

    GenerationChecks(Snapshot snapshot, List<Diagnostic> found, int[] generatingOf, int[] schedulingOf) {
        this.index = snapshot.index();
        this.found = found;
        this.tasks = snapshot.tasks();
        this.generatingOf = generatingOf;
        this.schedulingOf = schedulingOf;
    }

    void check() {
        checkScheduledOnDescendants();
        for (int i = 0; i < tasks.size(); i++) {
            Task task = tasks.get(i);
            int g = generatingOf[i];
            if (g >= 0 && g != i && !task.isImplicit()
                    && task.parallelRegion() instanceof Fact.Known<RegionId>(RegionId region)
                    && tasks.get(g).parallelRegion() instanceof Fact.Known<RegionId>(RegionId parentRegion)
                    && region.value() != parentRegion.value()) {
                EntityRef ref = EntityRef.of(task.id());
                error(ref, "parallelRegion", "region-mismatch", ref + " binds to parallel region " + region
                                + ", but the task that generated it, task " + tasks.get(g).id()
                                + ", binds to parallel region " + parentRegion
                                + ": an explicit task binds to its generating task's region",
                        "correct its \"parallelRegion\" or its \"generatingTask\"");
            }
        }
    }

    private void checkScheduledOnDescendants() {
        int n = tasks.size();
        boolean any = false;
        for (int i = 0; i < n && !any; i++) {
            any = schedulingOf[i] >= 0 && schedulingOf[i] != generatingOf[i];
        }
        if (!any) {
            return; // every task is scheduled on the task that generated it (or on none): nothing to number
        }
        int[] pre = new int[n]; // task position → its number in a preorder walk of the creation tree, + 1; 0 = none
        int[] sizes = numberInPreorder(pre);
        for (int i = 0; i < n; i++) {
            int s = schedulingOf[i];
            if (s < 0 || s == generatingOf[i] || pre[i] == 0 || pre[s] == 0) {
                continue;
            }
            if (pre[s] > pre[i] && pre[s] < pre[i] + sizes[i] && !untied(tasks.get(i))) {
                Task task = tasks.get(i);
                EntityRef ref = EntityRef.of(task.id());
                error(ref, "schedulingTask", "scheduled-on-descendant", ref + " is scheduled on task "
                                + tasks.get(s).id() + ", which it generated" + (generatingOf[s] == i ? "" : " (through "
                                + "tasks it generated)") + ": a tied task started before any task it generated existed",
                        "correct its \"schedulingTask\" (the task suspended on its thread when it started), or mark "
                                + "it untied if it resumed there");
            }
        }
    }

    /**
     * Numbers the tasks reachable from the roots of the creation tree in preorder into {@code pre} (from 1) and
     * returns each one's subtree size; tasks in a generating cycle stay 0 (the cycle is reported on its own).
     */
    private int[] numberInPreorder(int[] pre) {
        int n = tasks.size();
        int[] order = new int[n];
        int[] stack = new int[n];
        int numbered = 0;
        for (int root = 0; root < n; root++) {
            if (generatingOf[root] >= 0 && generatingOf[root] != root) {
                continue;
            }
            int top = 0;
            stack[top++] = root;
            while (top > 0) {
                int at = stack[--top];
                if (pre[at] != 0) {
                    continue;
                }
                order[numbered] = at;
                pre[at] = ++numbered;
                for (int k = index.generatedCountAt(at) - 1; k >= 0; k--) {
                    stack[top++] = index.generatedAt(at, k);
                }
            }
        }
        int[] sizes = stack; // the walk is done: its stack becomes the sizes, summed up from the leaves
        java.util.Arrays.fill(sizes, 1);
        for (int k = numbered - 1; k >= 0; k--) {
            int at = order[k];
            int g = generatingOf[at];
            if (g >= 0 && g != at) {
                sizes[g] += sizes[at];
            }
        }
        return sizes;
    }

    private static boolean untied(Task task) {
        return task.agent() != null && task.agent().has(TaskFlag.UNTIED);
    }

    private void error(EntityRef ref, String field, String code, String message, String fix) {
        found.add(SnapshotValidator.finding(ref, field, code, message, fix));
    }
}
