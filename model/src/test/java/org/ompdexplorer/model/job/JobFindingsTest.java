package org.ompdexplorer.model.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** The findings of generated jobs: classes, outliers named, rank sets compressed, series, problems. */
class JobFindingsTest {
    private static final Snapshot BASE = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 10, 3));

    private static JobSummary job(int size, Set<Integer> odd, Instant time) {
        return job(size, size, odd, time);
    }

    private static JobSummary job(int count, int size, Set<Integer> odd, Instant time) {
        JobSummary.Builder b = JobSummary.builder();
        for (int rank = 0; rank < count; rank++) {
            b.add(RankSummary.of(SyntheticJob.rank(BASE, rank, size, "4242", time, odd.contains(rank)),
                    "ompd-explorer-" + rank + ".json"));
        }
        return b.build();
    }

    @Test
    void thousandAndTwentyFourRanksWithThreeHeldElsewhereAreNamed() {
        JobFindings f = JobFindings.of(job(1024, Set.of(17, 300, 1000), Instant.EPOCH));
        assertThat(f.rankCount()).isEqualTo(1024);
        assertThat(f.classes()).hasSize(2);
        assertThat(f.classes().getFirst().ranks()).hasToString("0-16,18-299,301-999,1001-1023");
        assertThat(f.classes().get(1).ranks()).hasToString("17,300,1000");
        assertThat(f.classes().get(1).representative().file()).isEqualTo("ompd-explorer-17.json");
        assertThat(f.outliers()).singleElement().asString()
                .startsWith("ranks 17,300,1000: thread T1 at a barrier in exchange_halo(); the other 1021 ranks: ")
                .contains("in solve()");
        assertThat(f.problems()).isEmpty();
        RankStacks.Node main = f.stacks().children().getFirst();
        assertThat(main.key().function()).isEqualTo("main");
        assertThat(main.ranks().size()).isEqualTo(1024);
        assertThat(main.threads()).isEqualTo(2048);
        assertThat(main.children()).extracting(n -> n.key().function() + " " + n.ranks() + " " + n.threads())
                .containsExactly("solve 0-1023 2045", "exchange_halo 17,300,1000 3");
    }

    @Test
    void oneClassSaysEveryRankIsAlike() {
        JobFindings f = JobFindings.of(job(8, Set.of(), Instant.EPOCH));
        assertThat(f.classes()).singleElement().extracting(c -> c.ranks().toString()).isEqualTo("0-7");
        assertThat(f.outliers()).singleElement().asString().startsWith("all 8 ranks: ");
    }

    @Test
    void aSeriesSaysWhichRanksMoved() {
        JobSummary first = job(8, Set.of(), Instant.ofEpochSecond(1));
        JobSummary second = job(8, Set.of(2, 5), Instant.ofEpochSecond(2));
        JobFindings f = JobFindings.of(first.merge(second));
        assertThat(f.moments()).isEqualTo(2);
        assertThat(f.series()).singleElement().extracting(SeriesStep::sentence)
                .isEqualTo("moments 1 → 2: ranks 2,5 moved; ranks 0-1,3-4,6-7 did not (the same state at both)");
        assertThat(f.classes().get(1).ranks()).hasToString("2,5"); // the latest moment's classes
        assertThat(f.problems()).extracting(JobProblem::message)
                .containsExactly("every rank has 2 snapshots: read as a series of 2 moments, each rank's earliest first");
    }

    @Test
    void otherProgramsOtherJobsAndMissingRanksAreSaidAndLeftOut() {
        JobSummary.Builder b = JobSummary.builder().addAll(job(6, 8, Set.of(), Instant.EPOCH));
        Snapshot other = SyntheticJob.rank(BASE, 6, 8, "4242", Instant.EPOCH, false);
        other = new Snapshot(new org.ompdexplorer.model.CaptureInfo(other.capture().source(), "/bin/other", null,
                null, null, null, null, null, java.util.List.of(), other.capture().job()), other.runtime(),
                other.addressSpaces(), other.states(), other.icvCatalogue(), other.displayControlVars(),
                other.threads(), other.parallelRegions(), other.tasks());
        b.add(RankSummary.of(other, "odd-program.json"));
        b.add(RankSummary.of(SyntheticJob.rank(BASE, 2, 8, "9999", Instant.EPOCH, false), "other-job.json"));
        JobFindings f = JobFindings.of(b.build());
        assertThat(f.ranks()).hasToString("0-5");
        assertThat(f.problems()).extracting(JobProblem::message).containsExactly(
                "ranks 6-7 of the job's 8: no snapshot read — give their files too, or look for why they wrote none",
                "odd-program.json: rank 6 runs /bin/other, not /home/u/solver as most — left out; give the files "
                        + "of one program",
                "other-job.json: rank 2 of job 9999, not of job 4242 as most — left out; give the files of one job");
    }
}
