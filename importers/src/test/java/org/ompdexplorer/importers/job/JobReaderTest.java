package org.ompdexplorer.importers.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.job.JobFindings;
import org.ompdexplorer.model.job.JobProblem;
import org.ompdexplorer.model.job.JobSummary;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** Reading a job's directory: 1,024 generated ranks, bad inputs said one line each, partial summaries merged. */
class JobReaderTest {
    private static final Snapshot BASE = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 12, 5));
    private static final SnapshotJsonExporter EXPORTER = new SnapshotJsonExporter(true);

    @TempDir
    Path dir;

    static Path writeRank(Path dir, Snapshot base, int rank, int size, Instant time, boolean odd, String name)
            throws Exception {
        Path file = dir.resolve(name);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        EXPORTER.write(SyntheticJob.rank(base, rank, size, "4242", time, odd), bytes);
        Files.write(file, bytes.toByteArray()); // a test's fixture: no fsync per file, as OutputFile does
        return file;
    }

    @Test
    void thousandAndTwentyFourRankSnapshotsWithTheOddOnesNamed() throws Exception {
        for (int rank = 0; rank < 1024; rank++) {
            writeRank(dir, BASE, rank, 1024, Instant.EPOCH, rank == 17 || rank == 900,
                    "ompd-explorer-" + (5000 + rank) + "-r" + rank + "-1.json");
        }
        List<long[]> reports = new ArrayList<>();
        ProgressListener progress = new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
                reports.add(new long[]{done, total});
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
        JobFindings f = JobFindings.of(new JobReader(2).read(List.of(dir), progress));
        assertThat(f.rankCount()).isEqualTo(1024);
        assertThat(f.problems()).isEmpty();
        assertThat(f.classes()).extracting(c -> c.ranks().toString()).containsExactly("0-16,18-899,901-1023",
                "17,900");
        assertThat(f.outliers()).singleElement().asString()
                .startsWith("ranks 17,900: thread T1 at a barrier in exchange_halo(); the other 1022 ranks: ");
        assertThat(reports).isNotEmpty().last().satisfies(r -> assertThat(r).containsExactly(1024, 1024));
        assertThat(reports.size()).isLessThan(1024 / 5); // throttled: never one report per file
    }

    @Test
    void foreignFilesOtherProgramsTwoSnapshotsOfARankAndUnreadableFilesAreEachSaidInOneLine() throws Exception {
        for (int rank = 0; rank < 6; rank++) {
            writeRank(dir, BASE, rank, 6, Instant.ofEpochSecond(10), rank == 4, "r" + rank + ".json");
        }
        writeRank(dir, BASE, 2, 6, Instant.ofEpochSecond(20), true, "r2-later.json");
        Snapshot other = SyntheticJob.rank(BASE, 5, 6, "4242", Instant.ofEpochSecond(10), false);
        CaptureInfo c = other.capture();
        EXPORTER.write(new Snapshot(new CaptureInfo(c.source(), "/usr/bin/other", c.pid(), c.host(), c.time(),
                c.label(), null, c.producer(), List.of(), c.job()), other.runtime(), other.addressSpaces(),
                other.states(), other.icvCatalogue(), other.displayControlVars(), other.threads(),
                other.parallelRegions(), other.tasks()), dir.resolve("r5-other.json"));
        Files.writeString(dir.resolve("README.txt"), "ranks of the solver run\n");
        byte[] whole = Files.readAllBytes(dir.resolve("r1.json"));
        Files.write(dir.resolve("r7-cut.json"), Arrays.copyOf(whole, whole.length / 2));
        Files.write(dir.resolve("r8-empty.json"), new byte[0]);
        Files.write(dir.resolve("r9.json.gz"), new byte[]{0x1f, (byte) 0x8b, 8, 0, 1, 2, 3});
        EXPORTER.write(BASE, dir.resolve("alone.json"));
        Files.writeString(dir.resolve(".r3.json.tmp"), "{"); // an interrupted write: hidden, not read

        JobFindings f = JobFindings.of(new JobReader(2).read(List.of(dir), ProgressListener.NONE));

        assertThat(f.ranks()).hasToString("0-5");
        assertThat(f.classes()).extracting(k -> k.ranks().toString()).containsExactly("0-1,3,5", "2,4");
        assertThat(f.classes().get(1).representative().file()).endsWith("r2-later.json");
        assertThat(f.problems()).extracting(JobProblem::message).allSatisfy(m -> assertThat(m).doesNotContain("\n"));
        assertThat(f.problems()).extracting(p -> Path.of(p.file()).getFileName().toString() + " " + p.code())
                .containsExactlyInAnyOrder("README.txt not-a-snapshot", "alone.json no-rank",
                        "r2.json several-snapshots", "r5-other.json other-program", "r7-cut.json unreadable",
                        "r8-empty.json not-a-snapshot", "r9.json.gz unreadable");
        assertThat(f.series()).singleElement().satisfies(s -> {
            assertThat(s.moved()).hasToString("2");
            assertThat(s.still()).hasToString("");
        });
    }

    @Test
    void partialSummariesMergeAsTheSnapshotsTheySummarize() throws Exception {
        Path nodeA = Files.createDirectory(dir.resolve("nodeA"));
        Path nodeB = Files.createDirectory(dir.resolve("nodeB"));
        for (int rank = 0; rank < 16; rank++) {
            writeRank(rank < 8 ? nodeA : nodeB, BASE, rank, 16, Instant.EPOCH, rank == 11, "r" + rank + ".json");
        }
        Files.writeString(nodeB.resolve("core.txt"), "not a snapshot");
        JobSummary direct = new JobReader(2).read(List.of(nodeA, nodeB), ProgressListener.NONE);
        JobSummary partA = new JobReader(1).read(List.of(nodeA), ProgressListener.NONE);
        new JobSummaryWriter().write(partA, dir.resolve("nodeA.summary.json"), List.of());
        JobSummary merged = new JobReader(2).read(List.of(dir.resolve("nodeA.summary.json"), nodeB),
                ProgressListener.NONE);
        assertThat(merged).isEqualTo(direct);
        assertThat(JobFindings.of(merged)).isEqualTo(JobFindings.of(direct));
        ByteArrayOutputStream once = new ByteArrayOutputStream();
        ByteArrayOutputStream twice = new ByteArrayOutputStream();
        new JobSummaryWriter().write(direct, once);
        new JobSummaryWriter().write(merged, twice);
        assertThat(twice.toByteArray()).isEqualTo(once.toByteArray());
    }

    @Test
    void aDamagedSummaryIsSaidWithItsPlace() throws Exception {
        Path bad = dir.resolve("node.summary.json");
        Files.writeString(bad, "{\"format\":\"ompd-explorer-job-summary\",\"version\":\"1.0\",\"frames\":[],"
                + "\"states\":[],\"ranks\":[{\"rank\":0,\"file\":\"r0.json\",\"state\":3}]}");
        JobSummary s = new JobReader(1).read(List.of(bad), ProgressListener.NONE);
        assertThat(s.problems()).singleElement().extracting(JobProblem::message).asString()
                .startsWith(bad + ":1:").contains("state 3 is not among the 0 states before it");
    }

    @Test
    void cancellingStopsTheRead() throws Exception {
        for (int rank = 0; rank < 20; rank++) {
            writeRank(dir, BASE, rank, 20, Instant.EPOCH, false, "r" + rank + ".json");
        }
        ProgressListener cancel = new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
            }

            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThatThrownBy(() -> new JobReader(2).read(List.of(dir), cancel))
                .isInstanceOf(LoadCancelledException.class);
    }

    @Test
    void aMissingInputIsSaid() throws Exception {
        JobSummary s = new JobReader(1).read(List.of(dir.resolve("nowhere")), ProgressListener.NONE);
        assertThat(s.problems()).singleElement().extracting(JobProblem::code).isEqualTo("unreadable");
        assertThat(Set.of(s.ranks().size())).containsExactly(0);
    }
}
