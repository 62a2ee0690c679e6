package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ompdexplorer.app.cli.DiffFixtures.GENERATED;
import static org.ompdexplorer.app.cli.DiffFixtures.write;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.testfixtures.JsonSchemaPaths;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.resources.BundledResources;

/** {@code ompd-explorer diff} in-process: golden reports, exit codes as diff(1)'s, options, hostile text. */
class DiffCliTest extends InProcessCli {
    /** What was printed, with the test's directory named DIR so that goldens do not depend on it. */
    String printed() {
        return out.toString().replace(dir.toString(), "DIR");
    }

    static void assertGolden(String name, String actual) throws Exception {
        Path golden = Path.of("src/test/resources/golden/" + name);
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(golden, actual);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    Path[] generatedPair() {
        return new Path[]{write(dir, "gen-a.json", GENERATED),
            write(dir, "gen-b.json", SnapshotEdits.evolved(GENERATED, 0.05, 3))};
    }

    @Test
    void aGeneratedSnapshotAndItsEvolutionMatchTheGoldenReports() throws Exception {
        Path[] ab = generatedPair();
        assertThat(run("diff", "--max", "0", ab[0].toString(), ab[1].toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertGolden("diff-generated.txt", printed());
        String text = out.toString();
        out.getBuffer().setLength(0);
        assertThat(run("diff", "--max", "0", ab[0].toString(), ab[1].toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertThat(out.toString()).as("the same inputs give the same bytes").isEqualTo(text);
        out.getBuffer().setLength(0);
        assertThat(run("diff", "--json", "--max", "0", ab[0].toString(), ab[1].toString()))
                .isEqualTo(ExitCodes.DIFFERENT);
        assertGolden("diff-generated.json", printed());
        assertThat(err.toString()).isEmpty();
    }

    /**
     * The second thread waits at the barrier with the same wait id in A and B, but its team moved (task 11 completed,
     * the first thread runs task 10, which made two more): that barrier is making progress, not still blocked. Nor
     * is the fib chain suspended on the first thread: its thread finished one task and started another above it.
     */
    @Test
    void aBarrierWhoseTeamMovedIsNotStillBlockedAndTheGoldenReportsSaySo() throws Exception {
        Path a = write(dir, "fib-a.json", DiffFixtures.blockedBefore());
        Path b = write(dir, "fib-b.json", DiffFixtures.blockedAfter());
        assertThat(run("diff", a.toString(), b.toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertGolden("diff-blocked.txt", printed());
        long lwp = DiffFixtures.blockedBefore().threads().get(1).osId(org.ompdexplorer.model.OsThreadIdKind.LWP)
                .orElseThrow();
        assertThat(out.toString()).doesNotContain("thread T2 (lwp " + lwp + ")  (B:")
                .doesNotContain("wait_barrier_implicit_parallel, wait id 0x2a")
                .doesNotContain("task #2 (parallel region in main)  (B: task #102 (parallel region in main))")
                .contains("Still blocked: nothing")
                .contains("  P102  parallel region in main  waiting at a barrier  1 → 1   0\n")
                .contains("\n+ task #112 (task in fib)\n+ task #113 (task in fib)\n- task #11 (task in fib)\n");
        out.getBuffer().setLength(0);
        assertThat(run("diff", "--json", a.toString(), b.toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertGolden("diff-blocked.json", printed());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJsonReportParsesAndEveryPropertyIsInTheSchema() throws Exception {
        Path a = write(dir, "fib-a.json", DiffFixtures.blockedBefore());
        Path b = write(dir, "fib-b.json", DiffFixtures.blockedAfter());
        assertThat(run("diff", "--json", "--max", "2", a.toString(), b.toString())).isEqualTo(ExitCodes.DIFFERENT);
        Map<String, Object> report = (Map<String, Object>) JsonSchemaPaths.parse(out.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(report).containsEntry("format", "ompd-explorer-diff").containsEntry("differ", "true");
        assertThat((List<Object>) report.get("entities")).hasSize(2);
        assertThat(Integer.parseInt((String) report.get("entitiesOmitted"))).isPositive();
        Map<String, Object> schema;
        try (InputStream in = BundledResources.openDiffSchema()) {
            schema = (Map<String, Object>) JsonSchemaPaths.parse(in);
        }
        TreeSet<String> paths = new TreeSet<>();
        JsonSchemaPaths.paths(report, "", paths);
        // the detach wait's two moments: still blocked, each entry with its B label
        out.getBuffer().setLength(0);
        DetachWaitCliTest detach = new DetachWaitCliTest();
        detach.dir = dir;
        assertThat(run("diff", "--json", detach.copy("detach-wait-a.json").toString(),
                detach.copy("detach-wait-b.json").toString())).isEqualTo(ExitCodes.DIFFERENT);
        JsonSchemaPaths.paths(JsonSchemaPaths.parse(out.toString().getBytes(StandardCharsets.UTF_8)), "", paths);
        assertThat(paths).contains(".stillBlocked[].labelB", ".entities[].changes[].afterRef.id");
        assertThat(paths.stream().filter(p -> !JsonSchemaPaths.declares(schema, schema, p)).toList()).isEmpty();
    }

    @Test
    void theSameFileTwiceAndARenumberedReorderedCopyDoNotDiffer() {
        Path a = write(dir, "a.json", GENERATED);
        assertThat(run("diff", a.toString(), a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Still blocked — the same wait at the same place in A and B (4):")
                .contains("Changes: none")
                .contains("\nA and B are the same (3 threads, " + GENERATED.parallelRegions().size()
                        + " parallel regions, " + GENERATED.tasks().size() + " tasks matched)");
        Path b = write(dir, "b.json", SnapshotEdits.reordered(SnapshotEdits.renumbered(GENERATED, 5000)));
        out.getBuffer().setLength(0);
        assertThat(run("diff", a.toString(), b.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("A and B are the same");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void nothingStillBlockedIsSaidInOneLine() {
        Snapshot running = SnapshotEdits.mapTasks(GENERATED, t -> SnapshotEdits.withLifecycle(t, TaskLifecycle.RUNNING));
        Path a = write(dir, "a.json", running);
        assertThat(run("diff", a.toString(), a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("\nStill blocked: nothing — no thread or task waits at the same place in A "
                + "and B.\n").endsWith(" tasks matched)\n");
    }

    @Test
    void oneInputMayBeStandardInputButNotBoth() throws Exception {
        Path a = write(dir, "a.json", GENERATED);
        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(a)));
            assertThat(run("diff", "-", a.toString())).isEqualTo(ExitCodes.OK);
        } finally {
            System.setIn(stdin);
        }
        assertThat(out.toString()).startsWith("A: standard input — synthetic capture of synthetic");
        assertThat(run("diff", "-", "-")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("standard input (-) can be only one of A and B");
    }

    @Test
    void snapshotsOfTwoProgramsAreComparedWithAWarning() {
        Path a = write(dir, "a.json", DiffFixtures.withCapture(GENERATED, "/bin/fib", 10L, null));
        Path b = write(dir, "b.json", DiffFixtures.withCapture(GENERATED, "/bin/other", 11L, null));
        assertThat(run("diff", a.toString(), b.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("warning: A and B are snapshots of two different programs (/bin/fib and "
                + "/bin/other)").contains("warning: the snapshots are of two processes (pid 10 and 11)")
                .contains("A and B are the same");
    }

    @Test
    void maxBoundsEachListAndChangesOnlyLeavesOutWhatDidNotChange() {
        Path[] ab = generatedPair();
        assertThat(run("diff", "--max", "2", ab[0].toString(), ab[1].toString())).isEqualTo(ExitCodes.DIFFERENT);
        String bounded = out.toString();
        assertThat(bounded).containsPattern("\\n… \\d+ more changed entities \\(--max 0 shows all\\)\\n")
                .containsPattern("\\n… \\d+ more rows \\(--max 0 shows all\\)\\n")
                .contains("unchanged").contains("parallel regions");
        out.getBuffer().setLength(0);
        assertThat(run("diff", "--changes-only", ab[0].toString(), ab[1].toString())).isEqualTo(ExitCodes.DIFFERENT);
        String changes = out.toString();
        assertThat(changes).doesNotContain("unchanged").doesNotContain("\nparallel regions")
                .contains("\ntasks ").contains("the counts that changed:");
        String aggregates = changes.substring(changes.indexOf("Tasks per region"), changes.lastIndexOf("\n\n"));
        assertThat(aggregates.lines().skip(1)).isNotEmpty().noneMatch(line -> line.endsWith("  0"));
    }

    @Test
    void controlCharactersInALabelArePrintedEscaped() {
        Path a = write(dir, "a.json", DiffFixtures.withCapture(GENERATED, "synthetic", null, "evil\u001b[2J\u009b31m\u202e"));
        assertThat(run("diff", a.toString(), a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("\"evil\\x1b[2J\\x9b31m\\u202e\"").doesNotContain("\u001b")
                .doesNotContain("\u009b").doesNotContain("\u202e");
        out.getBuffer().setLength(0);
        assertThat(run("diff", "--json", a.toString(), a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("evil\\u001B[2J\\u009B31m\\u202E").doesNotContain("\u001b");
    }

    @Test
    void unreadableInputsExitTwoNamingTheFileAndUsageErrorsSixtyFour() throws Exception {
        Path a = write(dir, "a.json", GENERATED);
        Path missing = dir.resolve("missing.json");
        assertThat(run("diff", a.toString(), missing.toString())).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).startsWith("ompd-explorer: ").contains(missing.toString())
                .doesNotContain("Exception").doesNotContain("\tat ");
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, """
                {"format":"ompd-explorer-snapshot","version":"1.0","capture":{"source":"hand-written"},
                 "tasks":[{"id":1,"kind":"explicit","generatingTask":7}]}
                """);
        err.getBuffer().setLength(0);
        assertThat(run("diff", "--strict", bad.toString(), a.toString())).as("refused by --strict is trouble, not a "
                + "difference").isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains(bad.toString());
        out.getBuffer().setLength(0);
        assertThat(run("diff", bad.toString(), bad.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("warning: A (" + bad + ") has 1 error");
        assertThat(run("diff", a.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(run("diff", "--max", "-1", a.toString(), a.toString())).isEqualTo(ExitCodes.USAGE);
        out.getBuffer().setLength(0);
        assertThat(run("diff", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Usage: ompd-explorer diff").contains("Exit codes:").contains("(as diff(1))");
    }

    @Test
    void theSameStateIsTheSameWithoutTheAgentsFacts() {
        Snapshot core = SnapshotEdits.withoutAgentFacts(GENERATED);
        Path a = write(dir, "a.json", core);
        Path b = write(dir, "b.json", SnapshotEdits.reordered(SnapshotEdits.renumbered(core, 77)));
        assertThat(run("diff", a.toString(), b.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("identity key");
    }
}
