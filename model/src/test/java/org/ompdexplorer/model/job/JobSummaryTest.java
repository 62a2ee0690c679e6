package org.ompdexplorer.model.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** The job summary is a monoid: any grouping and order of partial merges gives the merge of everything. */
class JobSummaryTest {
    private static final Snapshot BASE = SyntheticSnapshotGenerator.generate(new GeneratorSpec(3, 2, 20, 7));
    private static final Snapshot OTHER = SyntheticSnapshotGenerator.generate(new GeneratorSpec(3, 2, 25, 8));

    /** 48 ranks, some odd, some with a second snapshot (a series), one of another program, problems. */
    private static List<JobSummary> units() {
        List<JobSummary> units = new ArrayList<>();
        for (int rank = 0; rank < 48; rank++) {
            Snapshot s = SyntheticJob.rank(rank % 11 == 5 ? OTHER : BASE, rank, 50, "77", Instant.ofEpochSecond(100),
                    rank % 13 == 3);
            units.add(one(RankSummary.of(s, "rank-" + rank + "-1.json")));
            if (rank % 7 == 0) {
                Snapshot later = SyntheticJob.rank(BASE, rank, 50, "77", Instant.ofEpochSecond(200), rank % 2 == 0);
                units.add(one(RankSummary.of(later, "rank-" + rank + "-2.json")));
            }
        }
        units.add(JobSummary.builder().add(new JobProblem("notes.txt", "not-a-snapshot", "notes.txt: not a snapshot"))
                .build());
        units.add(JobSummary.builder().add(new JobProblem("cut.json", "unreadable", "cut.json: ends early")).build());
        return units;
    }

    private static JobSummary one(RankSummary r) {
        return JobSummary.builder().add(r).build();
    }

    @Test
    void anyGroupingAndOrderOfPartialMergesEqualsMergingEverythingAtOnce() {
        List<JobSummary> units = units();
        JobSummary.Builder all = JobSummary.builder();
        units.forEach(all::addAll);
        JobSummary everything = all.build();
        JobFindings expected = JobFindings.of(everything);
        assertThat(everything.ranks()).hasSize(48 + 7);
        SplittableRandom random = new SplittableRandom(20_270);
        for (int trial = 0; trial < 300; trial++) {
            List<JobSummary> parts = new ArrayList<>(units);
            Collections.shuffle(parts, new java.util.Random(random.nextLong()));
            // merge random neighbours (a random tree of merges) until one is left; sometimes merge a part twice
            while (parts.size() > 1) {
                int i = random.nextInt(parts.size() - 1);
                JobSummary merged = random.nextBoolean() ? parts.get(i).merge(parts.get(i + 1))
                        : parts.get(i + 1).merge(parts.get(i));
                if (random.nextInt(10) == 0) {
                    merged = merged.merge(parts.get(i)); // idempotent: a summary merged twice counts once
                }
                parts.set(i, merged);
                parts.remove(i + 1);
            }
            assertThat(parts.getFirst()).as("trial %d", trial).isEqualTo(everything);
            assertThat(JobFindings.of(parts.getFirst())).isEqualTo(expected);
        }
        assertThat(JobSummary.EMPTY.merge(everything)).isEqualTo(everything);
        assertThat(everything.merge(JobSummary.EMPTY)).isEqualTo(everything);
    }

    @Test
    void equalRankStatesAreOneObject() {
        JobSummary.Builder b = JobSummary.builder();
        for (int rank = 0; rank < 10; rank++) {
            b.add(RankSummary.of(SyntheticJob.rank(BASE, rank, 10, "1", Instant.EPOCH, false), "r" + rank));
        }
        JobSummary s = b.build();
        assertThat(s.ranks()).allSatisfy(r -> assertThat(r.state()).isSameAs(s.ranks().getFirst().state()));
    }
}
