package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One shared fact per id, whether the ids are dense (kept by position) or sparse (kept in a map). */
class FactInternerTest {
    @Test
    void denseIdsShareOneFactEachAndTheTableGrowsPastItsExpectedSize() {
        FactInterner interner = new FactInterner(16);
        List<Fact<TaskId>> first = new ArrayList<>();
        for (long id = 0; id < 10_000; id++) {
            first.add(interner.task(id));
        }
        for (long id = 9_999; id >= 0; id--) {
            assertThat(interner.task(id)).isSameAs(first.get((int) id));
            assertThat(interner.taskId(id)).isSameAs(first.get((int) id).get()).isEqualTo(new TaskId(id));
        }
    }

    @Test
    void anIdFarBeyondTheDenseOnesTurnsTheTableSparseAndKeepsEveryEarlierFact() {
        FactInterner interner = new FactInterner(16);
        Fact<TaskId> seven = interner.task(7);
        Fact<TaskId> early = interner.task(100);
        long far = 0x7f00_1234_5678L; // an address, as a runtime may number its tasks
        Fact<TaskId> sparse = interner.task(far);
        assertThat(sparse.get()).isEqualTo(new TaskId(far));
        assertThat(interner.task(far)).isSameAs(sparse);
        assertThat(interner.task(7)).isSameAs(seven);
        assertThat(interner.task(100)).isSameAs(early);
        assertThat(interner.task(101).get()).isEqualTo(new TaskId(101));
        assertThat(interner.task(101)).isSameAs(interner.task(101));
    }

    @Test
    void negativeAndMaximalIdsAreKeptToo() {
        FactInterner interner = new FactInterner();
        Fact<ThreadId> negative = interner.thread(-1);
        Fact<ThreadId> max = interner.thread(Long.MAX_VALUE);
        assertThat(negative.get()).isEqualTo(new ThreadId(-1));
        assertThat(max.get()).isEqualTo(new ThreadId(Long.MAX_VALUE));
        assertThat(interner.thread(-1)).isSameAs(negative);
        assertThat(interner.thread(Long.MAX_VALUE)).isSameAs(max);
        assertThat(interner.thread(3)).isSameAs(interner.thread(3));
    }
}
