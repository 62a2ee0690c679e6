package org.ompdexplorer.app.ui.search;

import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Snapshot;

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
