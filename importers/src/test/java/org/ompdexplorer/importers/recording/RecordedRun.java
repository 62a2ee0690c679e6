package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.recording.WholeRun;

/**
 * A C program compiled with clang-19, run once with the agent in record mode, and its recording read as the whole
 * run: what the DAG-exactness tests compare with what the program's source implies. Needs clang-19 and the agent
 * (skipped with one line without them, failed in CI: {@link AgentCaptures}).
 */
final class RecordedRun {
    final WholeRun run;
    final Snapshot snapshot;
    private final Map<Long, List<Task>> children = new HashMap<>();

    private RecordedRun(WholeRun run) {
        this.run = run;
        this.snapshot = run.snapshot();
        for (Task t : snapshot.tasks()) {
            t.generatingTask().asOptional().ifPresent(g -> children.computeIfAbsent(g.value(), k -> new ArrayList<>())
                    .add(t));
        }
    }

    /**
     * Compiles {@code source} into {@code dir} and records one run of it with {@code args} and {@code env} (the
     * OpenMP settings the test fixes, such as {@code OMP_NUM_THREADS}); the recording must read cleanly, and its whole
     * run must pass the validator.
     */
    static RecordedRun of(Path source, Path dir, Map<String, String> env, String... args)
            throws Exception {
        String name = source.getFileName().toString().replace(".c", "");
        Path exe = AgentCaptures.compile(source, dir.resolve(name), "-O0", "-g",
                "-I" + source.getParent().toString());
        Path out = dir.resolve("out-" + name);
        Files.createDirectories(out);
        List<String> command = new ArrayList<>(List.of(exe.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> e = pb.environment();
        e.keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("KMP_") || k.startsWith("OMPD_EXPLORER_"));
        e.put("OMP_TOOL_LIBRARIES", AgentCaptures.agent().toString());
        e.put("OMPD_EXPLORER_DIR", out.toString());
        e.put("OMPD_EXPLORER_RECORD", "1");
        e.put("OMPD_EXPLORER_SIGNAL", "none");
        e.putAll(env);
        Process process = pb.start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(name + " did not end within 300 s");
        }
        assertThat(process.exitValue()).as("%s's exit status; it said: %s", name, said).isZero();
        Path file;
        try (Stream<Path> files = Files.list(out)) {
            file = files.filter(p -> p.getFileName().toString().contains("recording")).findFirst().orElseThrow();
        }
        RecordingLoadResult read = new RecordingReader().read(file);
        assertThat(read.diagnostics()).as("the recording of %s reads cleanly", name).isEmpty();
        assertThat(read.recording().losses()).as("nothing dropped").isEmpty();
        RecordedRun recorded = new RecordedRun(WholeRun.of(read.recording()));
        assertThat(SnapshotValidator.validate(recorded.snapshot)).as("the whole run of %s is valid", name).isEmpty();
        return recorded;
    }

    /** A program of the real-program corpus, native-fixtures/corpus/NAME.c. */
    static Path corpus(String name) {
        return Path.of("../native-fixtures/corpus").resolve(name + ".c").toAbsolutePath().normalize();
    }

    /** A lesson program, scripts/lessons/NAME.c. */
    static Path lesson(String name) {
        return Path.of("../scripts/lessons").resolve(name + ".c").toAbsolutePath().normalize();
    }

    List<Task> tasksOf(TaskKind kind) {
        return snapshot.tasks().stream().filter(t -> t.kind().equals(kind)).toList();
    }

    /** The tasks {@code task} generated, in creation order. */
    List<Task> children(Task task) {
        return children.getOrDefault(task.id().value(), List.of());
    }

    Task task(TaskId id) {
        return snapshot.index().task(id).orElseThrow();
    }

    /**
     * The tree of explicit tasks below {@code task} as a canonical text, children sorted: two trees have the same text
     * exactly when they are the same tree up to the order of siblings.
     */
    String shape(Task task) {
        List<String> below = new ArrayList<>();
        for (Task c : children(task)) {
            if (!c.isImplicit()) {
                below.add(shape(c));
            }
        }
        return ShapeText.of(below);
    }

    /** The canonical text of a tree from its children's texts. */
    static final class ShapeText {
        private ShapeText() {
        }

        static String of(List<String> children) {
            List<String> sorted = new ArrayList<>(children);
            sorted.sort(null);
            return "(" + String.join("", sorted) + ")";
        }
    }
}
