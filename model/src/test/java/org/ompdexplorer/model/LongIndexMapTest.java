package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongIndexMapTest {
    @Test
    void denseIdsStayDirectAndSparseOnesSwitchToHashingWithoutLosingEntries() {
        LongIndexMap map = new LongIndexMap(4);
        Map<Long, Integer> expected = new HashMap<>();
        for (int i = 0; i < 5000; i++) {
            assertThat(map.putIfAbsent(i, i)).isEqualTo(-1);
            expected.put((long) i, i);
        }
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 5000; i++) {
            long key = r.nextLong();
            int value = 5000 + i;
            int previous = map.putIfAbsent(key, value);
            assertThat(previous).isEqualTo(expected.getOrDefault(key, -1));
            expected.putIfAbsent(key, value);
        }
        expected.forEach((k, v) -> assertThat(map.get(k)).isEqualTo(v));
        assertThat(map.get(Long.MIN_VALUE + 1)).isEqualTo(expected.getOrDefault(Long.MIN_VALUE + 1, -1));
        assertThat(map.size()).isEqualTo(expected.size());
    }

    @Test
    void duplicatesReturnTheFirstPosition() {
        LongIndexMap map = new LongIndexMap(0);
        map.putIfAbsent(7, 1);
        assertThat(map.putIfAbsent(7, 2)).isEqualTo(1);
        assertThat(map.get(7)).isEqualTo(1);
        assertThat(map.get(8)).isEqualTo(-1);
        assertThat(map.get(-5)).isEqualTo(-1);
    }
}
