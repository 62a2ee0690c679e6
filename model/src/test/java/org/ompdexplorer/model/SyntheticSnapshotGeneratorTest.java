package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

class SyntheticSnapshotGeneratorTest {
    @ParameterizedTest
    @CsvSource({"1,1,0", "1,3,10", "2,1,5", "4,2,100", "8,4,1000", "64,3,20000", "3,6,50"})
    void generatedSnapshotsAreStructurallyValid(int threads, int depth, int tasks) {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(threads, depth, tasks, 7));
        assertThat(SnapshotValidator.validate(s)).isEmpty();
        assertThat(s.capture().source()).isEqualTo(CaptureSource.SYNTHETIC);
        assertThat(s.threads()).hasSize(threads);
        assertThat(s.parallelRegions()).hasSize(depth);
        assertThat(s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)).count()).isEqualTo(tasks);
        assertThat(s.index().outermostRegions()).hasSize(1);
        for (OmpThread t : s.threads()) {
            assertThat(s.index().schedulingChain(t.id())).isNotEmpty();
        }
    }

    @Test
    void everySeedGivesAStateOpenMpAllows() {
        for (long seed = 1; seed <= 40; seed++) {
            GeneratorSpec spec = new GeneratorSpec(1 + (int) (seed % 9), 1 + (int) (seed % 4), (int) (seed * 97), seed);
            Snapshot s = SyntheticSnapshotGenerator.generate(spec);
            assertThat(SnapshotValidator.validate(s)).as(spec.toString()).isEmpty();
            // and a moment later, twice, and as a core import sees it
            Snapshot later = SnapshotEdits.evolved(SnapshotEdits.evolved(s, 0.1, seed), 0.1, seed + 1);
            assertThat(SnapshotValidator.validate(later)).as("evolved " + spec).isEmpty();
            assertThat(SnapshotValidator.validate(SnapshotEdits.withoutAgentFacts(later))).as("core-like " + spec)
                    .isEmpty();
        }
    }

    @Test
    void nestedRegionsDeepenByOneLevelEach() {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(6, 4, 0, 1));
        ParallelRegion innermost = s.index().region(new RegionId(4)).orElseThrow();
        assertThat(s.index().enclosingChain(innermost)).extracting(r -> r.level().get()).containsExactly(4, 3, 2, 1);
        assertThat(s.index().enclosingChain(innermost)).extracting(r -> r.teamSize().get()).containsExactly(2, 2, 2, 3);
    }

    @Test
    void someSchedulingLinksDifferFromGeneratingLinks() {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, 2000, 3));
        long stolen = s.tasks().stream().filter(t -> t.schedulingTask().isKnown()
                && !t.schedulingTask().equals(t.generatingTask())).count();
        long suspended = s.tasks().stream().filter(t -> t.lifecycle().orElse(null) == TaskLifecycle.SUSPENDED).count();
        assertThat(stolen).isPositive();
        assertThat(suspended).isPositive();
    }

    @Test
    void theSameSpecGivesTheSameSnapshot() {
        Snapshot a = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 500, 42));
        Snapshot b = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 500, 42));
        assertThat(a.tasks()).isEqualTo(b.tasks());
        assertThat(a.threads()).isEqualTo(b.threads());
    }

    @Test
    void outOfRangeSpecsAreRefusedWithTheRange() {
        assertThatThrownBy(() -> new GeneratorSpec(0, 1, 1, 1)).hasMessageContaining("threads must be");
        assertThatThrownBy(() -> new GeneratorSpec(1, 0, 1, 1)).hasMessageContaining("depth must be");
        assertThatThrownBy(() -> new GeneratorSpec(1, 1, -1, 1)).hasMessageContaining("tasks must be");
    }
}
