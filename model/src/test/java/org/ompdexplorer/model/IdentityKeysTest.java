package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

class IdentityKeysTest {
    @Test
    void threadsAreKeyedByTheirOsId() {
        Snapshot fib = Snapshots.fib();
        assertThat(new IdentityKeys(fib).of(fib.threads().get(1))).isEqualTo("thread:lwp=101");
    }

    @Test
    void tasksWithoutCreationOrderAreKeyedByGeneratingChainFunctionAndOrdinal() {
        Snapshot fib = Snapshots.fib();
        IdentityKeys keys = new IdentityKeys(fib);
        Task t5 = fib.index().task(new TaskId(5)).orElseThrow();
        assertThat(keys.of(t5)).isEqualTo("task:initial>region:/2/implicit[?]>fn1#0>fn1#0");
    }

    @Test
    void keysDoNotDependOnIdsOrAddresses() {
        Snapshot a = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 3, 50, 9));
        Snapshot b = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 3, 50, 9));
        IdentityKeys ka = new IdentityKeys(a);
        IdentityKeys kb = new IdentityKeys(b);
        for (int i = 0; i < a.parallelRegions().size(); i++) {
            assertThat(ka.of(a.parallelRegions().get(i))).isEqualTo(kb.of(b.parallelRegions().get(i)));
        }
        assertThat(ka.of(a.parallelRegions().get(2))).isEqualTo("region:/2/0.2/0.2");
        assertThat(ka.of(a.tasks().get(20))).isEqualTo("task:#20");
    }

    @Test
    void siblingsOfAWideNodeGetDistinctKeysInOnePass() {
        Snapshots b = new Snapshots().task(0, TaskKind.INITIAL, null, null, null, null);
        for (long i = 1; i <= 50_000; i++) {
            b.task(i, TaskKind.EXPLICIT, 0L, null, null, null);
        }
        Snapshot s = b.build();
        IdentityKeys keys = new IdentityKeys(s);
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (Task t : s.tasks()) {
            distinct.add(keys.of(t));
        }
        assertThat(distinct).hasSize(50_001).contains("task:initial>fn1#24999", "task:initial>fn0#24999");
    }
}
