package org.ompdexplorer.model;

import java.util.Arrays;

/**
 * A map from {@code long} ids to {@code int} positions. Ids are usually dense (creation order, or numbered by
 * an importer), so it starts as a direct array — 4 bytes an id and one memory access a lookup — and turns into
 * open addressing (12–24 bytes an entry) the first time an id would make the array more than 4× sparse beyond a
 * fixed slack of 4M ids (16 MB at most).
 */
public final class LongIndexMap {
    private static final int EMPTY = -1;
    /** Ids a direct array may run ahead of its entries: files name tasks (threads' current tasks) before them. */
    private static final long DIRECT_SLACK = 1 << 22;
    private int[] direct;
    private long[] keys;
    private int[] values;
    private int size;
    private int mask;

    public LongIndexMap(int expected) {
        direct = new int[Math.max(16, Math.min(expected, 1 << 26))];
        Arrays.fill(direct, EMPTY);
    }

    /** Adds {@code key → value} unless the key is present; returns the value already there, or −1. */
    public int putIfAbsent(long key, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("positions are >= 0");
        }
        if (direct != null) {
            if (fitsDirect(key, size)) {
                if (key >= direct.length) {
                    int old = direct.length;
                    direct = Arrays.copyOf(direct, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(key + 1, old * 2L)));
                    Arrays.fill(direct, old, direct.length, EMPTY);
                }
                int at = direct[(int) key];
                if (at != EMPTY) {
                    return at;
                }
                direct[(int) key] = value;
                size++;
                return EMPTY;
            }
            toHashed();
        }
        if ((size + 1) * 2L > keys.length) {
            grow(keys.length * 2);
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

    /**
     * Whether {@code key} may be stored by position in a direct array that holds {@code size} entries: the array
     * stays at most 4× sparse beyond a slack of 4M ids ({@link FactInterner} follows the same rule).
     */
    static boolean fitsDirect(long key, int size) {
        return key >= 0 && key < 4L * (size + 1) + DIRECT_SLACK;
    }

    /** The position of {@code key}, or −1. */
    public int get(long key) {
        if (direct != null) {
            return key >= 0 && key < direct.length ? direct[(int) key] : EMPTY;
        }
        return values[slot(key)];
    }

    public int size() {
        return size;
    }

    private void toHashed() {
        int[] old = direct;
        direct = null;
        int capacity = Integer.highestOneBit(Math.max(8, size * 4) - 1) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, EMPTY);
        mask = capacity - 1;
        for (int key = 0; key < old.length; key++) {
            if (old[key] != EMPTY) {
                int slot = slot(key);
                keys[slot] = key;
                values[slot] = old[key];
            }
        }
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

    private void grow(int capacity) {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, EMPTY);
        mask = capacity - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != EMPTY) {
                int slot = slot(oldKeys[i]);
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
            }
        }
    }
}
