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
        Map<Object, ArrayDeque<Integer>> waiting = new HashMap<>();
        for (int b = 0; b < pairs.sizeB(); b++) {
            if (!pairs.pairedB(b)) {
                Object key = keyB.apply(b);
                if (key != null) {
                    waiting.computeIfAbsent(key, k -> new ArrayDeque<>()).add(b);
                }
            }
        }
        if (waiting.isEmpty()) {
            return;
        }
        for (int a = 0; a < pairs.sizeA(); a++) {
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
