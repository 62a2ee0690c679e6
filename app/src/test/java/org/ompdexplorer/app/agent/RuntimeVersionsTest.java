package org.ompdexplorer.app.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Snapshot;

/**
 * The capture agent on each LLVM OpenMP runtime Debian 12 packages (14, 15, 16, 19). For each version N a lesson
 * program is compiled with clang-N against version N's {@code omp.h} and {@code libomp}, run with that version's
 * {@code libomp.so.5} ({@code LD_LIBRARY_PATH}) and the agent, and every snapshot it takes must load with no error
 * and have the structure of the bundled lesson step (taken on 19 by {@code scripts/make-lessons.sh}): the same
 * threads, parallel regions, implicit and explicit tasks, generating links and dependences ({@link LessonShape}).
 * The snapshot must also say which runtime it came from: the libomp of version N in its module map, and N in the
 * runtime's version string; and the agent must name, in one line each, the callbacks the runtime never reports. The runtimes other than 19 are unpacked privately by {@code scripts/llvm-runtimes.sh}
 * (Debian's libomp-N-dev packages conflict with each other); outside CI a missing runtime or compiler skips with
 * one line saying what to install, in CI it fails. See docs/compatibility.md.
 */
class RuntimeVersionsTest {
    private static final List<Integer> VERSIONS = List.of(14, 15, 16, 19);
    private static final List<String> LESSONS = List.of("fib-taskwait", "task-dependences", "nested-parallel", "taskgroup-flags", "task-stolen", "task-backlog");
    private static final Path LESSON_SOURCES = AgentRun.REPO.resolve("scripts/lessons");
    private static final Path BUNDLED =
            AgentRun.REPO.resolve("resources/src/main/resources/org/ompdexplorer/resources/lessons");
    private static final Path WORK = Path.of("target/runtime-versions").toAbsolutePath();

    /** What the agent says, with OMPD_EXPLORER_VERBOSE=1, of an optional callback the runtime never reports. */
    private static final Pattern NEVER_REPORTS = Pattern.compile("this OpenMP runtime never reports (\\S+);");
    /** The offload callbacks: libomp 14–16 answer ompt_set_never for them (their libomptarget reports nothing). */
    private static final Set<String> OFFLOAD = Set.of("ompt_callback_device_initialize",
            "ompt_callback_device_finalize", "ompt_callback_device_load", "ompt_callback_target_emi",
            "ompt_callback_target_data_op_emi", "ompt_callback_target_submit_emi");

    /**
     * The callbacks the agent registers that the runtime of this version never reports (set_callback answers
     * ompt_set_never): device_unload on every version, and before LLVM 19 every offload callback. Measured with a
     * tool that calls set_callback for every event (docs/compatibility.md).
     */
    private static Set<String> neverReported(int version) {
        Set<String> never = new TreeSet<>(Set.of("ompt_callback_device_unload"));
        if (version < 19) {
            never.addAll(OFFLOAD);
        }
        return never;
    }

    @BeforeAll
    static void agent() {
        AgentRun.require(Files.exists(AgentRun.AGENT), "the capture agent " + AgentRun.AGENT,
                "build it: mvn -B -q install -DskipTests");
    }

    static Stream<Arguments> runs() {
        return VERSIONS.stream().flatMap(n -> LESSONS.stream().map(lesson -> Arguments.of(n, lesson)));
    }

    @ParameterizedTest(name = "LLVM {0}: {1}")
    @MethodSource("runs")
    void theAgentCapturesALessonOnThisRuntimeVersion(int version, String lesson) throws Exception {
        AgentRun.require(Files.isExecutable(Path.of("/usr/bin/clang-" + version)), "clang-" + version,
                "apt-get install clang-" + version + " (scripts/install-native-deps.sh)");
        Path root = runtimeRoot(version);
        Path dir = Files.createDirectories(WORK.resolve(version + "-" + lesson));
        Path exe = compile(version, root, LESSON_SOURCES.resolve(lesson + ".c"), dir);
        Path out = dir.resolve("snapshots");
        deleteTree(out);
        Files.createDirectories(out);
        String said = run(AgentRun.withAgent(exe, out, Map.of(
                "LD_LIBRARY_PATH", root.resolve("lib").toString(),
                "OMPD_EXPLORER_SIGNAL", "none",
                "OMPD_EXPLORER_VERBOSE", "1")));
        Set<String> never = said.lines().map(NEVER_REPORTS::matcher).filter(Matcher::find).map(m -> m.group(1))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(neverReported(version), never, "the callbacks the LLVM " + version
                + " runtime answers ompt_set_never for, as the agent says (OMPD_EXPLORER_VERBOSE=1):\n" + said);

        List<Snapshot> taken = AgentRun.snapshots(out);
        List<LessonShape> expected = bundledSteps(lesson);
        assertEquals(expected.size(), taken.size(), "snapshots taken on LLVM " + version + " in " + out);
        for (int i = 0; i < taken.size(); i++) {
            Snapshot s = taken.get(i);
            assertEquals(expected.get(i).toString(), LessonShape.of(s).toString(),
                    "step " + (i + 1) + " of " + lesson + " on LLVM " + version + " (" + out + ")");
            String runtime = s.runtime().ompVersionString().orElse("");
            assertTrue(runtime.contains("Clang " + version + "."), () -> "the runtime version string \"" + runtime
                    + "\" does not name LLVM " + version);
            List<String> libomp = s.modules().stream().map(CodeModule::path)
                    .filter(p -> p.endsWith("/libomp.so.5")).toList();
            assertEquals(List.of(root.resolve("lib/libomp.so.5").toString()), libomp,
                    "the libomp in the module map of step " + (i + 1));
        }
        // The comparison means something only if the lessons show what this test is about.
        assertTrue(expected.stream().flatMap(e -> e.lines().stream())
                        .anyMatch(l -> l.contains(" explicit ")
                                || l.startsWith("region ") && !l.contains(" level 0 ") && !l.contains(" level 1 ")),
                "the bundled " + lesson + " steps hold neither an explicit task nor a nested region");
        if (lesson.equals("task-dependences")) {
            assertTrue(expected.stream().flatMap(e -> e.lines().stream()).anyMatch(l -> l.contains("dependsOn [#")),
                    "the bundled task-dependences steps hold no task waiting on another");
        }
    }

    /** Runs the program to its end (exit status 0) and returns what it printed, stdout and stderr. */
    private static String run(ProcessBuilder pb) throws IOException, InterruptedException {
        Process p = pb.redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("timed out: " + pb.command());
        }
        assertEquals(0, p.exitValue(), () -> pb.command() + " exited with " + p.exitValue() + ":\n" + said);
        return said;
    }

    /** Version N's LLVM root (lib/libomp.so.5, lib/clang/N…/include/omp.h), from the cache only: never downloads. */
    private static Path runtimeRoot(int version) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(AgentRun.REPO.resolve("scripts/llvm-runtimes.sh").toString(), "--cached",
                String.valueOf(version)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
        boolean found = p.waitFor() == 0 && !lines.isEmpty();
        AgentRun.require(found, "the LLVM " + version + " OpenMP runtime",
                "run scripts/llvm-runtimes.sh " + version + " (scripts/install-deps.sh --test-fixtures does)");
        return Path.of(lines.getLast());
    }

    private static Path compile(int version, Path root, Path source, Path dir) throws IOException, InterruptedException {
        Path include;
        try (Stream<Path> s = Files.list(root.resolve("lib/clang"))) {
            include = s.map(d -> d.resolve("include")).filter(d -> Files.exists(d.resolve("omp.h"))).findFirst()
                    .orElseThrow(() -> new AssertionError("no omp.h under " + root.resolve("lib/clang")));
        }
        Path exe = dir.resolve(source.getFileName().toString().replace(".c", ""));
        List<String> command = new ArrayList<>(List.of("clang-" + version, "-fopenmp", "-O0", "-g", "-Wall",
                "-Wextra", "-Werror", "-I" + include, "-L" + root.resolve("lib"), source.toString(), "-o", exe.toString()));
        Process cc = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(cc.getInputStream().readAllBytes());
        if (cc.waitFor() != 0) {
            fail(String.join(" ", command) + " failed: " + said);
        }
        return exe;
    }

    private static List<LessonShape> bundledSteps(String lesson) throws Exception {
        List<Path> steps;
        try (Stream<Path> s = Files.list(BUNDLED.resolve(lesson))) {
            steps = s.filter(p -> p.getFileName().toString().matches("step-\\d+\\.json")).sorted().toList();
        }
        List<LessonShape> shapes = new ArrayList<>();
        for (Path step : steps) {
            shapes.add(LessonShape.of(new SnapshotLoader().load(step, LoadOptions.LENIENT, ProgressListener.NONE)
                    .snapshot()));
        }
        return shapes;
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
