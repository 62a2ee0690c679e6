package org.ompdexplorer.app.ui.search;

import java.util.Arrays;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;

/**
 * The matches of one search, as positions in the snapshot's lists (compact: a million matches are 4 MB):
 * threads first, then parallel regions, then tasks, each in snapshot order.
 */
public record SearchResult(String input, int[] threads, int[] regions, int[] tasks) {
    public static final SearchResult NONE = new SearchResult("", new int[0], new int[0], new int[0]);

    public int size() {
        return threads.length + regions.length + tasks.length;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    /** Whether {@code target} is one of the matches: a binary search, the positions being in snapshot order. */
    public boolean contains(Target target, SnapshotIndex index) {
        if (!(target instanceof Target.Entity e)) {
            return false;
        }
        int at = index.position(e.ref());
        return at >= 0 && switch (e.ref().kind()) {
            case THREAD -> Arrays.binarySearch(threads, at) >= 0;
            case PARALLEL_REGION -> Arrays.binarySearch(regions, at) >= 0;
            case TASK -> Arrays.binarySearch(tasks, at) >= 0;
            default -> false;
        };
    }

    /** The {@code i}-th match. */
    public Target target(int i, Snapshot snapshot) {
        if (i < threads.length) {
            return Target.of(snapshot.threads().get(threads[i]).id());
        }
        i -= threads.length;
        if (i < regions.length) {
            return Target.of(snapshot.parallelRegions().get(regions[i]).id());
        }
        return Target.of(snapshot.tasks().get(tasks[i - regions.length]).id());
    }
}
