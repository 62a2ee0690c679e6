package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.testfixtures.JsonSchemaPaths;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/** {@code ompd-explorer job} end to end: golden text and JSON, --summarize merged back, bad inputs, usage errors. */
class JobCliTest extends InProcessCli {
    private static final Snapshot BASE = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 12, 5));

    String printed() {
        return out.toString().replace(dir.toString(), "DIR");
    }

    /** A 16-rank job in {@code sub}: ranks in {@code odd} held in exchange_halo; the files as the agent names them. */
    Path job(String sub, int from, int to, Set<Integer> odd, Instant time) throws Exception {
        Path d = Files.createDirectories(dir.resolve(sub));
        for (int rank = from; rank < to; rank++) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            new SnapshotJsonExporter(true).write(SyntheticJob.rank(BASE, rank, 16, "4242", time, odd.contains(rank)),
                    bytes);
            Files.write(d.resolve("ompd-explorer-r" + rank + "-" + time.getEpochSecond() + ".json"), bytes.toByteArray());
        }
        return d;
    }

    @Test
    void aJobWithOneOddRankMatchesTheGoldenReports() throws Exception {
        Path d = job("ranks", 0, 16, Set.of(11), Instant.EPOCH);
        Files.writeString(d.resolve("README.txt"), "the solver's ranks\n");
        assertThat(run("job", d.toString())).isEqualTo(ExitCodes.OK);
        DiffCliTest.assertGolden("job-odd-rank.txt", printed());
        assertThat(out.toString()).contains("rank 11: thread T1 at a barrier in exchange_halo(); the other 15 ranks: ");
        out.getBuffer().setLength(0);
        assertThat(run("job", "--json", d.toString())).isEqualTo(ExitCodes.OK);
        DiffCliTest.assertGolden("job-odd-rank.json", printed());
        assertThat(err.toString()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJsonReportAndTheSummaryParseAndEveryPropertyIsInTheSchema() throws Exception {
        Path first = job("t1", 0, 16, Set.of(), Instant.ofEpochSecond(1));
        Path second = job("t2", 0, 16, Set.of(3), Instant.ofEpochSecond(2));
        Files.writeString(first.resolve("notes.txt"), "x");
        assertThat(run("job", "--json", first.toString(), second.toString())).isEqualTo(ExitCodes.OK);
        Map<String, Object> report = (Map<String, Object>) JsonSchemaPaths.parse(out.toString()
                .getBytes(StandardCharsets.UTF_8));
        assertThat(report).containsEntry("format", "ompd-explorer-job");
        TreeSet<String> paths = new TreeSet<>();
        JsonSchemaPaths.paths(report, "", paths);
        Path summary = dir.resolve("node.summary.json");
        assertThat(run("job", "--summarize", "-o", summary.toString(), first.toString())).isEqualTo(ExitCodes.OK);
        JsonSchemaPaths.paths(JsonSchemaPaths.parse(Files.readAllBytes(summary)), "", paths);
        assertThat(paths).contains(".series[].moved", ".classes[].threads[].where", ".stacks.children[].frame",
                ".problems[].message", ".states[].threads[].stack", ".ranks[].state", ".frames[].function");
        Map<String, Object> schema;
        try (InputStream in = BundledResources.openJobSchema()) {
            schema = (Map<String, Object>) JsonSchemaPaths.parse(in);
        }
        assertThat(paths.stream().filter(p -> !JsonSchemaPaths.declares(schema, schema, p)).toList()).isEmpty();
    }

    @Test
    void summariesOfTwoNodesMergeToTheReportOfAllTheirFiles() throws Exception {
        Path nodeA = job("nodeA", 0, 8, Set.of(), Instant.EPOCH);
        Path nodeB = job("nodeB", 8, 16, Set.of(11), Instant.EPOCH);
        assertThat(run("job", nodeA.toString(), nodeB.toString())).isEqualTo(ExitCodes.OK);
        String direct = out.toString();
        out.getBuffer().setLength(0);
        Path a = dir.resolve("a.summary.json");
        Path b = dir.resolve("b.summary.json");
        assertThat(run("job", "--summarize", "-o", a.toString(), nodeA.toString())).isEqualTo(ExitCodes.OK);
        assertThat(run("job", "--summarize", "-o", b.toString(), nodeB.toString())).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).contains("summarized 8 rank snapshots");
        assertThat(run("job", b.toString(), a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).isEqualTo(direct);
    }

    @Test
    void usageErrorsAndNothingToRead() throws Exception {
        Path d = job("ranks", 0, 2, Set.of(), Instant.EPOCH);
        assertThat(run("job", "-o", dir.resolve("x").toString(), d.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(run("job", "--json", "--summarize", d.toString())).isEqualTo(ExitCodes.USAGE);
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Files.writeString(empty.resolve("notes.txt"), "nothing here");
        out.getBuffer().setLength(0);
        assertThat(run("job", empty.toString())).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(printed()).contains("DIR/empty/notes.txt: not a snapshot nor a job summary");
        Path summary = d.resolve("ompd-explorer-r0-0.json");
        assertThat(run("job", "--summarize", "-o", summary.toString(), d.toString()))
                .as("the summary would replace one of its inputs").isEqualTo(ExitCodes.USAGE);
        assertThat(List.of(Files.readString(summary).contains("ompd-explorer-snapshot"))).containsExactly(true);
    }
}
