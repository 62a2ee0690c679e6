package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.LiveCores;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.Snapshot;

/**
 * Issue 27 item 3: {@code import-core DIR -o OUTDIR} on the cores of a job's ranks (real cores, each of a process
 * started with its own Open MPI rank): one snapshot each, in child processes, with the rank each core's environment
 * gives; what is not a core is said and skipped, a core that fails is said, and the rest are imported.
 */
class CoreDirectoryImportTest {
    private static final int RANKS = 4;
    @TempDir
    static Path shared;
    private static Path ranks;

    @TempDir
    Path dir;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void takeTheRanksCores() throws Exception {
        ranks = Files.createDirectory(shared.resolve("ranks"));
        Path work = Files.createDirectory(shared.resolve("work"));
        for (int rank = 0; rank < RANKS; rank++) {
            Path core = LiveCores.gcore(work, "rank" + rank + ".core",
                    List.of(NativeFixtures.program("task_tree").toString()), Map.of("LD_LIBRARY_PATH",
                            NativeFixtures.runtimePrefix().resolve("lib").toString(), "OMP_DEBUG", "enabled",
                            "OMPI_COMM_WORLD_RANK", Integer.toString(rank), "OMPI_COMM_WORLD_SIZE",
                            Integer.toString(RANKS), "PMIX_NAMESPACE", "4242"), true);
            Files.move(core, ranks.resolve(core.getFileName()));
        }
    }

    private int run(String... args) {
        return Cli.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void everyRanksCoreBecomesOneSnapshotWithItsPlacement() throws Exception {
        Path outDir = dir.resolve("snapshots");

        int code = run("import-core", ranks.toString(), "-o", outDir.toString(), "--jobs", "2", "--no-stacks");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        for (int rank = 0; rank < RANKS; rank++) {
            Snapshot s = load(outDir.resolve("rank" + rank + ".core.json"));
            assertThat(s.capture().jobIfKnown()).contains(new JobPlacement(rank, RANKS, "4242", "openmpi"));
            assertThat(s.threads()).hasSize(2);
        }
        assertThat(names(outDir)).hasSize(RANKS).as("no temporary file left").allMatch(n -> n.endsWith(".core.json"));
        assertThat(err.toString()).contains("importing 4 cores from " + ranks + " into " + outDir + ", 2 at a time")
                .contains("all 4 cores imported").contains("[4/4] ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aForeignFileIsSkippedAndABrokenCoreFailsAloneAndNothingPartialIsLeft() throws Exception {
        Path in = Files.createDirectory(dir.resolve("in"));
        Files.createLink(in.resolve("rank0.core"), ranks.resolve("rank0.core"));
        Files.createLink(in.resolve("rank1.core"), ranks.resolve("rank1.core"));
        Files.writeString(in.resolve("notes.txt"), "the job's notes\n");
        Files.createDirectory(in.resolve("logs"));
        try (InputStream core = Files.newInputStream(ranks.resolve("rank2.core"))) {
            Files.write(in.resolve("rank2.core"), core.readNBytes(1 << 20)); // cut off while it was written
        }
        Path outDir = dir.resolve("out");

        int code = run("import-core", in.toString(), "-o", outDir.toString(), "--jobs", "2", "--no-stacks");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(lines()).contains("ompd-explorer: skipped notes.txt: not an ELF file",
                "ompd-explorer: skipped logs: a directory (directories are not searched)")
                .anySatisfy(l -> assertThat(l).startsWith("ompd-explorer: [").contains("rank2.core failed: ")
                        .contains("truncated"))
                .contains("ompd-explorer: 2 of 3 cores imported into " + outDir + "; 1 failed: rank2.core");
        assertThat(names(outDir)).containsExactlyInAnyOrder("rank0.core.json", "rank1.core.json");
        assertThat(load(outDir.resolve("rank1.core.json")).capture().jobIfKnown().map(JobPlacement::rank)).contains(1);
    }

    @Test
    void anOutputThatIsAnInputIsRefusedAndTheInputKept() throws Exception {
        Path in = Files.createDirectory(dir.resolve("in"));
        Files.createLink(in.resolve("rank0.core"), ranks.resolve("rank0.core"));
        // a core named as another core's snapshot would be: writing that snapshot would replace this core
        Files.createLink(in.resolve("rank0.core.json"), ranks.resolve("rank1.core"));

        int code = run("import-core", in.toString(), "-o", in.toString(), "--no-stacks");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(lines()).anySatisfy(l -> assertThat(l).contains("rank0.core failed: ").contains("input"));
        assertThat(Files.isSameFile(in.resolve("rank0.core.json"), ranks.resolve("rank1.core"))).isTrue();
        assertThat(Files.size(in.resolve("rank0.core.json"))).isEqualTo(Files.size(ranks.resolve("rank1.core")));
        assertThat(load(in.resolve("rank0.core.json.json")).capture().jobIfKnown().map(JobPlacement::rank))
                .contains(1);
    }

    @Test
    void aDirectoryNeedsAnOutputDirectoryAndNothingIsStarted() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");

        assertThat(run("import-core", ranks.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(run("import-core", ranks.toString(), "-o", file.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(run("import-core", ranks.toString(), "-o", dir.resolve("o").toString(), "--jobs", "0"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(lines()).containsExactly(
                "ompd-explorer: " + ranks + " is a directory: name the directory to write its cores' snapshots to"
                        + " with -o OUTDIR",
                "ompd-explorer: -o " + file + " is a file; for a directory of cores, name a directory to write their"
                        + " snapshots to",
                "ompd-explorer: --jobs 0: give 1 or more");
        assertThat(Files.readString(file)).isEqualTo("x");
        assertThat(dir.resolve("o")).doesNotExist();
    }

    @Test
    void aDirectoryWithoutCoresSaysSo() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Files.writeString(empty.resolve("README"), "nothing here");

        assertThat(run("import-core", empty.toString(), "-o", dir.resolve("o").toString()))
                .isEqualTo(ExitCodes.UNREADABLE);
        assertThat(lines()).containsExactly("ompd-explorer: skipped README: not an ELF file",
                "ompd-explorer: " + empty + " holds no core file — name the directory the ranks' cores were written to");
    }

    private List<String> lines() {
        return err.toString().lines().toList();
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return new ArrayList<>(files.map(p -> p.getFileName().toString()).toList());
        }
    }

    private static Snapshot load(Path file) throws Exception {
        return new SnapshotLoader().load(file, LoadOptions.STRICT, ProgressListener.NONE).snapshot();
    }
}
