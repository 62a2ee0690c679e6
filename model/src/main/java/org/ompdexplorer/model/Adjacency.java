package org.ompdexplorer.model;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * Children grouped by parent in compressed-sparse-row form: 4 bytes a child plus 4 a parent, built once in
 * O(n). Children keep the order of their positions in the snapshot.
 */
final class Adjacency {
    private final int[] start;
    private final int[] children;

    /**
     * @param parentOf    for each child position, its parent position, or −1 for none
     * @param parentCount how many parents there are
     */
    Adjacency(int[] parentOf, int parentCount) {
        start = new int[parentCount + 1];
        int linked = 0;
        for (int parent : parentOf) {
            if (parent >= 0) {
                start[parent + 1]++;
                linked++;
            }
        }
        for (int i = 0; i < parentCount; i++) {
            start[i + 1] += start[i];
        }
        children = new int[linked];
        int[] next = new int[parentCount];
        for (int child = 0; child < parentOf.length; child++) {
            int parent = parentOf[child];
            if (parent >= 0) {
                children[start[parent] + next[parent]++] = child;
            }
        }
    }

    int count(int parent) {
        return start[parent + 1] - start[parent];
    }

    /** The position of the {@code i}-th child of {@code parent}. */
    int child(int parent, int i) {
        return children[start[parent] + i];
    }

    /** The children of {@code parent}, as a view over {@code all}. */
    <T> List<T> of(int parent, List<T> all) {
        int from = start[parent];
        int size = start[parent + 1] - from;
        return size == 0 ? List.of() : new Slice<>(all, children, from, size);
    }

    private static final class Slice<T> extends AbstractList<T> implements RandomAccess {
        private final List<T> all;
        private final int[] positions;
        private final int from;
        private final int size;

        Slice(List<T> all, int[] positions, int from, int size) {
            this.all = all;
            this.positions = positions;
            this.from = from;
            this.size = size;
        }

        @Override
        public T get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            return all.get(positions[from + index]);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
