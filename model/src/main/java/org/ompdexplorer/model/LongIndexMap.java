package org.ompdexplorer.model;

import java.util.Arrays;

/**
 * An open-addressing map from {@code long} ids to {@code int} positions: about 12–24 bytes an entry, where a
 * {@code HashMap<Long, Integer>} costs over 60. A snapshot keeps one per entity kind.
 */
final class LongIndexMap {
    private static final int EMPTY = -1;
    private long[] keys;
    private int[] values;
    private int size;
    private int mask;

    LongIndexMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(4, (int) Math.min(1 << 30, expected * 2L)) - 1) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, EMPTY);
        mask = capacity - 1;
    }

    /** Adds {@code key → value} unless the key is present; returns the value already there, or −1. */
    int putIfAbsent(long key, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("positions are >= 0");
        }
        if ((size + 1) * 2L > keys.length) {
            grow();
        }
        int slot = slot(key);
        if (values[slot] != EMPTY) {
            return values[slot];
        }
        keys[slot] = key;
        values[slot] = value;
        size++;
        return EMPTY;
    }

    /** The position of {@code key}, or −1. */
    int get(long key) {
        return values[slot(key)];
    }

    int size() {
        return size;
    }

    private int slot(long key) {
        int i = mix(key) & mask;
        while (values[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldValues.length * 2];
        Arrays.fill(values, EMPTY);
        mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != EMPTY) {
                int slot = slot(oldKeys[i]);
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
            }
        }
    }
}
