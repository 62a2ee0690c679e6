package org.ompdexplorer.model.graph;

/**
 * A box around nodes: a parallel region with the tasks bound to it (nested regions are boxes inside it), or, with
 * lanes by thread, a thread's lane with the tasks it runs and the tasks queued by the tasks it runs.
 *
 * @param index  its position in {@link TaskGraph#groups()}
 * @param region the region's id, or −1 for a thread's lane
 * @param label  {@code parallel region P2 · level 1 · 2 threads}, {@code thread T2}
 * @param parent the index of the enclosing region's group, or −1
 * @param thread the lane's thread id, or −1 for a region
 */
public record GraphGroup(int index, long region, String label, int parent, long thread) {
    public boolean isLane() {
        return region < 0;
    }

    /** {@code P2} or {@code T2}: a name stable between snapshots. */
    public String key() {
        return isLane() ? "T" + thread : "P" + region;
    }
}
