package org.ompdexplorer.app.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.app.agent.CorpusChecks.Checked;
import org.ompdexplorer.app.agent.CorpusChecks.Finding;
import org.ompdexplorer.app.agent.CorpusRun.Outcome;

/**
 * The capture agent on real task-parallel programs nobody wrote for it ({@code native-fixtures/corpus/}: BOTS-style
 * fib, n-queens, sort, sparse LU, UTS, a producer of a million tasks, detached tasks, target nowait, taskloop, a
 * dependence wavefront, taskgroup and the OpenMP Examples' tasking patterns). Each program is compiled with
 * clang-19, run without the agent and then with it, snapshots taken by a series, signals at moments of the run,
 * its own flush and at exit; its output must not change and every snapshot must pass {@link CorpusChecks} (the
 * importer, {@code SnapshotValidator}, and the corpus' own structure checks). The report — per program the
 * snapshots, the tasks seen and the findings — is printed at the end and written to
 * {@code app/target/corpus/report.txt}; a program with findings keeps its snapshots in
 * {@code app/target/corpus/<program>/}. Outside CI a missing compiler or agent skips it with one line; in CI it fails.
 */
class RealProgramCorpusTest {
    private static final Path WORK = Path.of("target/corpus").toAbsolutePath();
    private static final CorpusReport REPORT = new CorpusReport();

    @BeforeAll
    static void tools() {
        AgentRun.requireTools();
    }

    /** The corpus, or the programs named in {@code -Dcorpus.programs=fib-final,sparselu}. */
    static List<CorpusProgram> programs() {
        String only = System.getProperty("corpus.programs", "").strip();
        if (only.isEmpty()) {
            return CorpusProgram.all();
        }
        List<String> names = List.of(only.split("\\s*,\\s*"));
        List<CorpusProgram> chosen = CorpusProgram.all().stream().filter(p -> names.contains(p.name())).toList();
        if (chosen.size() != names.size()) {
            throw new IllegalArgumentException("-Dcorpus.programs=" + only + " names a program the corpus does not have; it has "
                    + CorpusProgram.all().stream().map(CorpusProgram::name).toList());
        }
        return chosen;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void snapshotsOfARealProgramAreValid(CorpusProgram program) throws Exception {
        if (program.offload()) {
            AgentRun.require(Files.isExecutable(Path.of("/usr/lib/llvm-19/bin/clang-offload-packager")),
                    "clang-offload-packager", "apt-get install clang-tools-19 (scripts/install-deps.sh)");
            AgentRun.require(Files.exists(Path.of(CorpusBuild.LLVM_LIB, "libomptarget.so")),
                    "libomptarget in " + CorpusBuild.LLVM_LIB, "apt-get install libomp-19-dev (scripts/install-deps.sh)");
        }
        Path exe = CorpusBuild.binary(program);
        Path dir = WORK.resolve(program.name());
        deleteTree(dir);
        Path out = Files.createDirectories(dir.resolve("snapshots"));

        Outcome plain = CorpusRun.plain(exe, program, dir);
        if (plain.timedOut() || plain.exitCode() != 0) {
            fail(program.commandLine() + " fails without the agent (exit " + plain.exitCode() + "): " + plain.stderr());
        }
        Outcome agent = CorpusRun.withAgent(exe, program, dir, out, CorpusRun.signalOffsets(program, plain.millis()));

        List<Finding> findings = new ArrayList<>(runFindings(plain, agent));
        List<String> labels = new ArrayList<>();
        Set<Long> tasksSeen = new HashSet<>();
        int maxTasks = 0;
        for (Path file : files(out)) {
            String name = file.getFileName().toString();
            if (!name.endsWith(".json")) {
                findings.add(new Finding("corpus-leftover-temp", name, "a file that is not a finished snapshot"));
                continue;
            }
            Checked checked = CorpusChecks.check(file);
            labels.add(checked.label());
            tasksSeen.addAll(checked.explicitTaskIds());
            maxTasks = Math.max(maxTasks, checked.tasks());
            findings.addAll(checked.findings());
        }
        findings.addAll(labelFindings(labels, agent));

        boolean clean = findings.isEmpty();
        CorpusReport.Row row = new CorpusReport.Row(program.name(), program.commandLine(), plain.millis(),
                agent.millis(), CorpusReport.countLabels(labels), tasksSeen.size(), maxTasks, findings,
                clean ? null : dir);
        REPORT.add(row);
        if (clean) {
            deleteTree(dir); // a large program's snapshots take tens of MB; a failing one keeps them to look at
        }
        assertTrue(clean, () -> CorpusReport.summary(row) + agentSaid(agent));
    }

    @AfterAll
    static void report() throws IOException {
        String text = REPORT.format();
        System.out.println(text);
        REPORT.write(WORK.resolve("report.txt"));
    }

    private static List<Finding> runFindings(Outcome plain, Outcome agent) {
        List<Finding> found = new ArrayList<>();
        if (agent.timedOut()) {
            found.add(new Finding("corpus-timeout", "-", "with the agent the program did not end in time (deadlock?)"
                    + agentSaid(agent)));
        } else if (agent.exitCode() != 0) {
            found.add(new Finding("corpus-exit-status", "-", "with the agent the program exited with " + agent.exitCode()
                    + " (without it: 0)" + agentSaid(agent)));
        }
        if (!agent.timedOut() && !agent.stdout().equals(plain.stdout())) {
            found.add(new Finding("corpus-output-differs", "-", "with the agent it printed " + quote(agent.stdout())
                    + ", without it " + quote(plain.stdout())));
        }
        return found;
    }

    /** One snapshot at exit, the program's own flush, the series within its bound. */
    private static List<Finding> labelFindings(List<String> labels, Outcome agent) {
        List<Finding> found = new ArrayList<>();
        Map<String, Integer> counts = CorpusReport.countLabels(labels);
        if (agent.exitCode() == 0 && counts.getOrDefault("exit", 0) != 1) {
            found.add(new Finding("corpus-missing-snapshot", "-", counts.getOrDefault("exit", 0)
                    + " at-exit snapshots (OMPD_EXPLORER_AT_EXIT=1), not 1"));
        }
        if (agent.exitCode() == 0 && counts.getOrDefault("corpus", 0) != 1) {
            found.add(new Finding("corpus-missing-snapshot", "-", counts.getOrDefault("corpus", 0)
                    + " snapshots labelled corpus (the program's omp_control_tool flush), not 1"));
        }
        if (counts.getOrDefault("interval", 0) > CorpusRun.MAX_INTERVAL_SNAPSHOTS) {
            found.add(new Finding("corpus-series-overrun", "-", counts.get("interval") + " interval snapshots, more than "
                    + "OMPD_EXPLORER_MAX_SNAPSHOTS=" + CorpusRun.MAX_INTERVAL_SNAPSHOTS));
        }
        if (counts.getOrDefault("signal", 0) > agent.signalsSent()) {
            found.add(new Finding("corpus-series-overrun", "-", counts.get("signal") + " signal snapshots for "
                    + agent.signalsSent() + " signals sent"));
        }
        return found;
    }

    /** What the agent said on stderr beyond the end of its series, if anything. */
    private static String agentSaid(Outcome agent) {
        List<String> lines = agent.stderr().lines().filter(l -> !l.contains("the series ends")).limit(5).toList();
        return lines.isEmpty() ? "" : "\n  stderr: " + String.join("\n          ", lines);
    }

    private static String quote(String s) {
        String oneLine = s.strip().replace("\n", " | ");
        return "\"" + (oneLine.length() > 200 ? oneLine.substring(0, 200) + "…" : oneLine) + "\"";
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
