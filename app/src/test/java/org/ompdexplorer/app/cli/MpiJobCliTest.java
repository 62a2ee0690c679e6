package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code ompd-explorer job} on a real hybrid MPI + OpenMP job: 8 ranks under Open MPI, 2 threads a rank, one rank held
 * at a barrier elsewhere, each rank's snapshot written by the agent on the launcher's signal
 * ({@code scripts/make-mpi-job.sh}, cached under {@code ~/.cache/ompd-explorer/mpi-job/<key>/MANIFEST.tsv}). The job
 * view must name the held rank alone, and where it is: the function its thread waits in (its stack ends in the
 * runtime, so the place comes from the barrier's site, {@code threads[].syncRegion}). Skipped on a machine without the
 * fixture, never in CI.
 */
class MpiJobCliTest extends InProcessCli {
    private static final Path CACHE = Path.of(System.getProperty("user.home"), ".cache", "ompd-explorer", "mpi-job");

    /** The newest fixture's manifest, or {@code null}. */
    static Path manifest() throws IOException {
        if (!Files.isDirectory(CACHE)) {
            return null;
        }
        try (Stream<Path> keys = Files.list(CACHE)) {
            return keys.map(k -> k.resolve("MANIFEST.tsv")).filter(Files::isRegularFile)
                    .max(Comparator.comparing(p -> p.toFile().lastModified())).orElse(null);
        }
    }

    @Test
    void theHeldRankIsNamedAloneWithTheFunctionItWaitsIn() throws Exception {
        Path manifest = manifest();
        if (manifest == null) {
            if (System.getenv("CI") != null) {
                Assertions.fail("the MPI job fixture is missing: run scripts/make-mpi-job.sh before the tests");
            }
            Assumptions.abort("no MPI job fixture under " + CACHE + " (scripts/make-mpi-job.sh makes it)");
        }
        Map<String, String> facts = new HashMap<>();
        for (String line : Files.readAllLines(manifest)) {
            String[] f = line.split("\t");
            if (f.length >= 2 && !line.startsWith("#")) {
                facts.putIfAbsent(f[0], f[1]);
            }
        }
        Path snapshots = manifest.resolveSibling(facts.get("snapshots"));
        String held = facts.get("heldRank");
        assertThat(run("job", snapshots.toString())).isEqualTo(ExitCodes.OK);
        String report = out.toString();
        List<String> lines = report.lines().toList();
        int outliers = lines.indexOf("Outliers:");
        assertThat(outliers).as(report).isPositive();
        assertThat(lines.get(outliers + 1)).as(report)
                .startsWith("  rank " + held + ": thread T" + facts.get("heldThread") + " at a barrier in "
                        + facts.get("heldFunction") + "()")
                .contains("the other " + (Integer.parseInt(facts.get("size")) - 1) + " ranks")
                .contains(facts.get("otherFunction") + "()");
        assertThat(lines.get(outliers + 2)).as("one outlier: %s", report).isEmpty();
        assertThat(lines.getFirst()).as(report).endsWith(", 2 classes");
        assertThat(lines.getFirst()).contains(": " + facts.get("size") + " ranks (0-" + (Integer.parseInt(
                facts.get("size")) - 1) + ") of " + facts.get("size"));
        assertThat(err.toString()).isEmpty();
    }
}
