package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskStatus;

/**
 * The OpenMP state of one rank at one moment, folded from its snapshot: per thread its state, wait and innermost
 * frame of the program ({@link ThreadSummary}), per rank its explicit tasks counted by status ({@link TaskStatus#key()}:
 * {@code queued}, {@code blocked}, {@code running}, {@code waiting}…; {@value #UNKNOWN} for a task whose source says
 * nothing of its lifecycle, as a core). A few hundred bytes, whatever the snapshot's size; equal states of many
 * ranks are one object ({@link JobSummary.Builder} interns them).
 *
 * @param threads the OpenMP threads by ascending id
 * @param tasks   explicit tasks by status key, keys ascending; a status no task has is left out
 */
public record RankState(List<ThreadSummary> threads, SortedMap<String, Integer> tasks) {
    /** The status key of a task whose lifecycle the source does not give. */
    public static final String UNKNOWN = "unknown";

    public RankState {
        List<ThreadSummary> sorted = new ArrayList<>(threads);
        sorted.sort(Comparator.comparingLong(ThreadSummary::thread));
        threads = List.copyOf(sorted);
        tasks = Collections.unmodifiableSortedMap(new TreeMap<>(tasks));
    }

    /** Folds a snapshot: its OpenMP threads and its explicit tasks' statuses, by the one rule of {@link TaskStatus}. */
    public static RankState of(Snapshot snapshot) {
        SnapshotIndex index = snapshot.index();
        List<CodeModule> modules = snapshot.modules();
        List<ThreadSummary> threads = new ArrayList<>();
        for (OmpThread t : snapshot.threads()) {
            if (t.isOpenMpThread()) {
                threads.add(ThreadSummary.of(t, index, modules));
            }
        }
        Map<String, Integer> tasks = new TreeMap<>();
        for (Task task : snapshot.tasks()) {
            if (!task.isImplicit()) {
                String key = TaskStatus.of(task, index).map(TaskStatus::key).orElse(UNKNOWN);
                tasks.merge(key, 1, Integer::sum);
            }
        }
        return new RankState(threads, new TreeMap<>(tasks));
    }

    /** This state without the threads' stacks: ranks in the same class have equal keys. */
    public RankState classKey() {
        if (threads.stream().allMatch(t -> t.stack().isEmpty())) {
            return this;
        }
        return new RankState(threads.stream().map(ThreadSummary::withoutStack).toList(), tasks);
    }

    /** The thread with this id, or {@code null}. */
    public ThreadSummary thread(long id) {
        for (ThreadSummary t : threads) {
            if (t.thread() == id) {
                return t;
            }
        }
        return null;
    }

    /** The task counts in the legend's order ({@link TaskStatus#KEYS}, then others): {@code 3 queued, 1 running}. */
    public String taskCounts() {
        if (tasks.isEmpty()) {
            return "no explicit tasks";
        }
        List<String> parts = new ArrayList<>();
        for (String key : orderedKeys()) {
            parts.add(tasks.get(key) + " " + key);
        }
        return String.join(", ", parts);
    }

    /** The keys of {@link #tasks()} in the legend's order. */
    public List<String> orderedKeys() {
        List<String> keys = new ArrayList<>();
        TaskStatus.KEYS.stream().filter(tasks::containsKey).forEach(keys::add);
        tasks.keySet().stream().filter(k -> !TaskStatus.KEYS.contains(k)).forEach(keys::add);
        return keys;
    }

    public int taskTotal() {
        return tasks.values().stream().mapToInt(Integer::intValue).sum();
    }
}
