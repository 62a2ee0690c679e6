package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ompdexplorer.app.cli.DiffFixtures.GENERATED;
import static org.ompdexplorer.app.cli.DiffFixtures.write;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.SnapshotEdits;

/** {@code ompd-explorer timeline} in-process: a directory in name order, files in the order given, exit codes. */
class TimelineCliTest extends InProcessCli {
    Path series;
    Path[] files;

    /** Three flushes of one run, named as the agent names them (unpadded: 10 sorts after 2), and files to skip. */
    @BeforeEach
    void writeSeries() throws Exception {
        series = Files.createDirectory(dir.resolve("series"));
        Snapshot s1 = DiffFixtures.withCapture(GENERATED, "synthetic", null, "flush 1");
        Snapshot s2 = DiffFixtures.withCapture(SnapshotEdits.evolved(s1, 0.05, 1), "synthetic", null, "flush 2");
        Snapshot s3 = DiffFixtures.withCapture(SnapshotEdits.evolved(s2, 0.05, 2), "synthetic", null, "flush 3");
        files = new Path[]{write(series, "ompd-explorer-7-2-flush.json", s2),
            write(series, "ompd-explorer-7-10-flush.json", s3), write(series, "ompd-explorer-7-1-flush.json", s1)};
        Files.writeString(series.resolve("notes.txt"), "not a snapshot");
        Files.writeString(series.resolve(".ompd-explorer-7-11-flush.json"), "{ a temporary file left behind");
    }

    String printed() {
        return out.toString().replace(dir.toString(), "DIR");
    }

    @Test
    void aDirectoryOfThreeEvolvedSnapshotsMatchesTheGoldenTimeline() throws Exception {
        assertThat(run("timeline", series.toString())).isEqualTo(ExitCodes.DIFFERENT);
        DiffCliTest.assertGolden("timeline-generated.txt", printed());
        assertThat(printed()).contains("\n  1  DIR/series/ompd-explorer-7-1-flush.json ",
                "\n  2  DIR/series/ompd-explorer-7-2-flush.json ", "\n  3  DIR/series/ompd-explorer-7-10-flush.json ",
                "\n  1→2: ", "\n  2→3: ").doesNotContain("notes.txt").doesNotContain("-11-flush");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void namesAreOrderedWithNumbersByValue() {
        List<String> names = new ArrayList<>(List.of("s-10.json", "s-9.json", "s-0002.json", "s-2.json", "s-1b.json",
                "t.json", "s.json"));
        names.sort(org.ompdexplorer.importers.SnapshotSeriesFiles::compareNames);
        assertThat(names).containsExactly("s-1b.json", "s-0002.json", "s-2.json", "s-9.json", "s-10.json", "s.json",
                "t.json");
    }

    @Test
    void filesAreTakenInTheOrderGiven() {
        assertThat(run("timeline", files[1].toString(), files[2].toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertThat(printed()).contains("Snapshots (2):\n  1  DIR/series/ompd-explorer-7-10-flush.json")
                .contains("\n  2  DIR/series/ompd-explorer-7-1-flush.json").contains("Steps that change something: 1 of 1.");
    }

    @Test
    void maxBoundsTheRowsAndChangesOnlyKeepsTheRowsThatChange() {
        assertThat(run("timeline", "--max", "4", series.toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertThat(out.toString()).containsPattern("\\n… \\d+ more rows \\(--max 0 shows all\\)\\n");
        out.getBuffer().setLength(0);
        assertThat(run("timeline", "--changes-only", "--max", "0", series.toString())).isEqualTo(ExitCodes.DIFFERENT);
        String matrix = out.toString().substring(out.toString().indexOf("Threads, regions and tasks"));
        assertThat(matrix).contains(" that change;").doesNotContain("thread #");
        assertThat(matrix.lines().skip(2).takeWhile(l -> !l.isEmpty()))
                .isNotEmpty().allSatisfy(row -> assertThat(row).containsPattern(" [+*-]\\S"));
    }

    @Test
    void theSameStateThriceChangesNothing() {
        Path one = write(dir, "one.json", GENERATED);
        Path two = write(dir, "two.json", SnapshotEdits.renumbered(GENERATED, 400));
        assertThat(run("timeline", one.toString(), two.toString(), one.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("  1→2: no difference, 4 still blocked")
                .endsWith("No step changes anything (3 snapshots).\n");
    }

    @Test
    void snapshotsOfDifferentProgramsAreComparedWithAWarning() {
        Path one = write(dir, "one.json", DiffFixtures.withCapture(GENERATED, "/bin/fib", null, null));
        Path two = write(dir, "two.json", DiffFixtures.withCapture(GENERATED, "/bin/other", null, null));
        assertThat(run("timeline", one.toString(), two.toString(), two.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("warning: 1→2: A and B are snapshots of two different programs");
    }

    @Test
    void fewerThanTwoSnapshotsIsAUsageErrorSayingWhatIsNeeded() throws Exception {
        assertThat(run("timeline", files[0].toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("a timeline needs at least two snapshots, got only " + files[0]);
        Path empty = Files.createDirectory(dir.resolve("empty"));
        err.getBuffer().setLength(0);
        assertThat(run("timeline", empty.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains(empty + " holds no *.json or *.json.gz snapshot")
                .contains("give a directory of snapshots, or two or more files in time order");
        assertThat(run("timeline")).isEqualTo(ExitCodes.USAGE);
        assertThat(run("timeline", "-", "-")).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void anUnreadableSnapshotExitsTwoNamingIt() throws Exception {
        Path broken = series.resolve("ompd-explorer-7-5-flush.json");
        Files.writeString(broken, "{\"format\":\"ompd-explorer-snapshot\",");
        assertThat(run("timeline", series.toString())).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).startsWith("ompd-explorer: ").contains(broken.toString()).doesNotContain("\tat ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void helpNamesTheExitCodes() {
        assertThat(run("timeline", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Usage: ompd-explorer timeline").contains("Exit codes:").contains("(as diff(1))");
    }
}
