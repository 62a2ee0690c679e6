package org.ompdexplorer.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** Every count of the comparison's summary names exactly as many entities as it says, and the right ones. */
class CountedEntitiesTest {
    private static final Snapshot A = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 120, 11));
    private static final SnapshotDiff D = SnapshotDiff.of(A, SnapshotEdits.renumbered(SnapshotEdits.evolved(A, 0.1, 5), 300));

    @Test
    void eachColumnOfTheCountsTableNamesAsManyEntitiesAsItCounts() {
        for (KindCounts c : D.counts()) {
            EntityKind k = c.kind();
            assertThat(CountedEntities.of(D, k, CountedEntities.Column.IN_A)).hasSize(c.inA()).allMatch(UnionNode::inA);
            assertThat(CountedEntities.of(D, k, CountedEntities.Column.IN_B)).hasSize(c.inB()).allMatch(UnionNode::inB);
            for (var column : List.of(CountedEntities.Column.ADDED, CountedEntities.Column.REMOVED,
                    CountedEntities.Column.CHANGED, CountedEntities.Column.UNCHANGED)) {
                List<UnionNode> nodes = CountedEntities.of(D, k, column);
                assertThat(nodes).as("%s %s", k, column).doesNotHaveDuplicates()
                        .allMatch(n -> n.kind() == k && D.change(n) == column.change());
            }
            assertThat(CountedEntities.of(D, k, CountedEntities.Column.ADDED)).hasSize(c.added());
            assertThat(CountedEntities.of(D, k, CountedEntities.Column.REMOVED)).hasSize(c.removed());
            assertThat(CountedEntities.of(D, k, CountedEntities.Column.CHANGED)).hasSize(c.changed());
            assertThat(CountedEntities.of(D, k, CountedEntities.Column.UNCHANGED)).hasSize(c.unchanged());
        }
        assertThat(D.counts(EntityKind.TASK).added() + D.counts(EntityKind.TASK).removed()).isPositive();
    }

    @Test
    void eachAggregateRowNamesTheTasksItCountsOnEachSide() {
        assertThat(D.aggregates().stream().filter(r -> r.delta() != 0)).isNotEmpty();
        int tasksA = 0;
        int tasksB = 0;
        for (AggregateDelta row : D.aggregates()) {
            List<UnionNode> inA = CountedEntities.inAggregate(D, row, true);
            List<UnionNode> inB = CountedEntities.inAggregate(D, row, false);
            assertThat(inA).as("%s in A", row).hasSize(row.inA()).allMatch(n -> n.kind() == EntityKind.TASK && n.inA());
            assertThat(inB).as("%s in B", row).hasSize(row.inB()).allMatch(n -> n.kind() == EntityKind.TASK && n.inB());
            tasksA += inA.size();
            tasksB += inB.size();
        }
        assertThat(tasksA).isEqualTo(A.tasks().size()); // every task in exactly one row on each side
        assertThat(tasksB).isEqualTo(D.b().tasks().size());
    }

    @Test
    void stillBlockedNamesTheNodesTheNavigatorMarks() {
        Snapshot waiting = org.ompdexplorer.model.synthetic.SnapshotEdits.withThreadWaiting(A, A.threads().getFirst().id(),
                org.ompdexplorer.model.ThreadState.ofValue(0x41), 0x5000L);
        SnapshotDiff d = SnapshotDiff.of(waiting, waiting);
        List<UnionNode> blocked = CountedEntities.stillBlocked(d);
        assertThat(blocked).isNotEmpty().hasSize(d.stillBlocked().size())
                .allMatch(n -> d.stillBlocked(n).isPresent());
    }
}
