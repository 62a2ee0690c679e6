package org.ompdexplorer.model.graph;

/**
 * A parallel region drawn as a box around the tasks bound to it; nested regions are boxes inside it.
 *
 * @param index  its position in {@link TaskGraph#groups()}
 * @param region the region's id
 * @param label  {@code parallel region P2 · level 1 · 2 threads}
 * @param parent the index of the enclosing region's group, or −1
 */
public record GraphGroup(int index, long region, String label, int parent) {
}
