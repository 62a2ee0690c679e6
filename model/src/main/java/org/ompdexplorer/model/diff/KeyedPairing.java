package org.ompdexplorer.model.diff;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Pairs the still unpaired entities of A and B that have equal keys, in list order: the first A with key K
 * with the first B with key K, and so on, so that equal keys among siblings stay in their order.
 */
final class KeyedPairing {
    private KeyedPairing() {
    }

    /** {@code keyA}/{@code keyB} give null for an entity that has no key of this kind. */
    static void pair(Pairs pairs, IntFunction<Object> keyA, IntFunction<Object> keyB, MatchMethod how) {
        pair(pairs, null, null, keyA, keyB, how);
    }

    /** As {@link #pair(Pairs, IntFunction, IntFunction, MatchMethod)}, over the positions given (all when null). */
    static void pair(Pairs pairs, int[] positionsA, int[] positionsB, IntFunction<Object> keyA,
                     IntFunction<Object> keyB, MatchMethod how) {
        Map<Object, ArrayDeque<Integer>> waiting = new HashMap<>();
        int sizeB = positionsB == null ? pairs.sizeB() : positionsB.length;
        for (int k = 0; k < sizeB; k++) {
            int b = positionsB == null ? k : positionsB[k];
            if (!pairs.pairedB(b)) {
                Object key = keyB.apply(b);
                if (key != null) {
                    waiting.computeIfAbsent(key, x -> new ArrayDeque<>()).add(b);
                }
            }
        }
        if (waiting.isEmpty()) {
            return;
        }
        int sizeA = positionsA == null ? pairs.sizeA() : positionsA.length;
        for (int k = 0; k < sizeA; k++) {
            int a = positionsA == null ? k : positionsA[k];
            if (!pairs.pairedA(a)) {
                Object key = keyA.apply(a);
                ArrayDeque<Integer> queue = key == null ? null : waiting.get(key);
                if (queue != null && !queue.isEmpty()) {
                    pairs.pair(a, queue.poll(), how);
                }
            }
        }
    }
}
