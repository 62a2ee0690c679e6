package org.ompdexplorer.importers.json;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where each kept entity of one section began (line, column, array index), in keeping order, and which ids
 * were seen: enough to point a model-level finding back into the file. About 16 bytes an entity, dropped
 * with the import.
 */
final class EntityPositions {
    private final String section;
    private long[] ids = new long[16];
    private int[] lines = new int[16];
    private int[] columns = new int[16];
    private int[] arrayIndexes = new int[16];
    private int size;
    private final BitSet smallIds = new BitSet();
    private final Set<Long> largeIds = new HashSet<>();
    private Map<Long, Integer> byId;

    EntityPositions(String section) {
        this.section = section;
    }

    /** Records a new id; false when the id was seen before in this section. */
    boolean firstSighting(long id) {
        if (id < Integer.MAX_VALUE) {
            if (smallIds.get((int) id)) {
                return false;
            }
            smallIds.set((int) id);
            return true;
        }
        return largeIds.add(id);
    }

    /** Makes room for {@code more} entities at once, rather than by doubling. */
    void ensureRoomFor(int more) {
        int n = size + more;
        if (n > ids.length) {
            ids = Arrays.copyOf(ids, n);
            lines = Arrays.copyOf(lines, n);
            columns = Arrays.copyOf(columns, n);
            arrayIndexes = Arrays.copyOf(arrayIndexes, n);
        }
    }

    void add(long id, int line, int column, int arrayIndex) {
        if (size == ids.length) {
            int n = size * 2;
            ids = Arrays.copyOf(ids, n);
            lines = Arrays.copyOf(lines, n);
            columns = Arrays.copyOf(columns, n);
            arrayIndexes = Arrays.copyOf(arrayIndexes, n);
        }
        ids[size] = id;
        lines[size] = line;
        columns[size] = column;
        arrayIndexes[size] = arrayIndex;
        size++;
    }

    /** The kept position of {@code id}, or −1. Builds its lookup on first use: only files with findings pay. */
    int find(long id) {
        if (byId == null) {
            byId = new HashMap<>(size * 2);
            for (int i = size - 1; i >= 0; i--) {
                byId.put(ids[i], i);
            }
        }
        return byId.getOrDefault(id, -1);
    }

    int line(int position) {
        return lines[position];
    }

    int column(int position) {
        return columns[position];
    }

    String path(int position, String field) {
        return "$." + section + "[" + arrayIndexes[position] + "]" + (field == null ? "" : "." + field);
    }
}
