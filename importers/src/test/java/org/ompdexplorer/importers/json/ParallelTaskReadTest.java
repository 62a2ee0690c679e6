package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.testfixtures.PhaseRecorder;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/**
 * The parallel read of the exporter's one-entity-per-line layout gives exactly what the streaming path gives: the
 * same model and the same diagnostics (or the same exception), on every test input, every bundled lesson and
 * generated snapshots with odd but valid content; anything not in that layout, or with any finding in its tasks,
 * goes to the streaming path.
 */
class ParallelTaskReadTest {
    @TempDir
    Path dir;

    private final SnapshotJsonImporter streaming = new SnapshotJsonImporter(1);
    private final SnapshotJsonImporter parallel = new SnapshotJsonImporter(2, 0);

    static Stream<Path> testInputs() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String root : List.of("src/test/resources", "../app/src/test/resources")) {
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                files.filter(f -> f.toString().endsWith(".json")).sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("testInputs")
    void everyTestInputReadsTheSameBothWays(Path input) throws Exception {
        assertSame(input);
    }

    @Test
    void everyBundledLessonReadsTheSameBothWays() throws Exception {
        for (var lesson : BundledResources.lessons()) {
            for (int step = 1; step <= lesson.steps().size(); step++) {
                Path file = dir.resolve(lesson.name() + "-" + step + ".json");
                try (InputStream in = BundledResources.openLessonStep(lesson.name(), step)) {
                    Files.write(file, in.readAllBytes());
                }
                assertSame(file);
                // and as the exporter lays it out
                Path exported = dir.resolve(lesson.name() + "-" + step + "-exported.json");
                new SnapshotJsonExporter().write(streaming.read(file, LoadOptions.LENIENT, ProgressListener.NONE)
                        .snapshot(), exported);
                assertThat(assertSame(exported)).as(exported.toString()).isTrue();
            }
        }
    }

    @Test
    void generatedSnapshotsOfSeveralSizesTakeTheParallelPath() throws Exception {
        for (int tasks : new int[]{0, 1, 7, 100, 5_000, 60_000}) {
            Path file = generated(tasks, tasks + 3);
            assertThat(assertSame(file)).as("tasks " + tasks).isTrue();
        }
    }

    @Test
    void oddButValidTaskLinesTakeTheParallelPathWithTheSameFindings() throws Exception {
        List<String> lines = Files.readAllLines(generated(3_000, 5), StandardCharsets.UTF_8);
        int first = lines.indexOf("  \"tasks\": [") + 1;
        List<String> odd = new ArrayList<>(lines);
        for (int i = first; i < odd.size() && odd.get(i).startsWith("    {"); i++) {
            String line = odd.get(i);
            switch (i % 7) {
                case 0 -> line = line.replace("task_body", "tâche_κ_😀_\\u00e9_\\\"q\\\"");
                case 1 -> line = line.replaceFirst("\"thread\":\\d+", "\"thread\":{\"unavailable\":\"ompd_rc_unavailable\"}");
                case 2 -> line = line.replaceFirst("\"generatingTask\":\\d+", "\"generatingTask\":987654321");
                case 3 -> line = line.contains("\"dependences\"") ? line : line.replace("\"lifecycle\":", "\"dependences\":[{\"type\":\"inout\",\"address\":"
                        + "\"0x10\"},{\"type\":\"in\",\"address\":12}],\"dependsOn\":[3,999999],\"lifecycle\":");
                default -> {
                }
            }
            odd.set(i, line);
        }
        // duplicate ids: a task repeated later in the array, and one right after itself
        odd.add(first + 500, odd.get(first + 20)); // both mid-array: each ends in a comma
        odd.add(first + 41, odd.get(first + 40));
        Path file = dir.resolve("odd.json");
        Files.write(file, odd, StandardCharsets.UTF_8);
        assertThat(assertSame(file)).isTrue();
        LoadResult r = parallel.read(file, LoadOptions.LENIENT, ProgressListener.NONE);
        assertThat(r.diagnostics()).extracting(d -> d.code()).contains("duplicate-id");
    }

    @Test
    void taskLinesWithFindingsOrNotOnePerLineGoToTheStreamingPath() throws Exception {
        String text = Files.readString(generated(2_000, 9));
        int at = text.indexOf("\n    {", text.indexOf("\"tasks\": [") + 1000);
        List<String> variants = List.of(
                // two entities on one line
                text.substring(0, at) + text.substring(at + 1).replaceFirst("\n    \\{", " {"),
                // a line break inside an entity
                text.substring(0, at) + text.substring(at).replaceFirst(",\"kind\"", ",\n\"kind\""),
                // a line break inside a string: not JSON at all
                text.substring(0, at) + text.substring(at).replaceFirst("task_body", "task\nbody"),
                // an unknown field, a wrong type, a missing id, a syntax error, a duplicate key
                text.substring(0, at) + text.substring(at).replaceFirst("\"kind\"", "\"kindx\""),
                text.substring(0, at) + text.substring(at).replaceFirst("\"threadNum\":\\d+", "\"threadNum\":\"x\""),
                text.substring(0, at) + text.substring(at).replaceFirst("\\{\"id\":\\d+,", "{"),
                text.substring(0, at) + text.substring(at).replaceFirst("\"kind\":", "\"kind\"::"),
                text.substring(0, at) + text.substring(at).replaceFirst("\"kind\":", "\"id\":1,\"kind\":"),
                // truncated in the tasks, and a tasks array that is not the top-level one
                text.substring(0, text.length() * 2 / 3),
                text.replace("\n  \"tasks\": [", "\n  \"x\": {\"y\": 1,\n  \"tasks\": [").replace("\n  ]\n}",
                        "\n  ]}\n}"),
                // CRLF line ends
                text.replace("\n", "\r\n"));
        for (int i = 0; i < variants.size(); i++) {
            Path file = dir.resolve("variant-" + i + ".json");
            Files.writeString(file, variants.get(i));
            assertThat(assertSame(file)).as("variant " + i).isFalse();
        }
    }

    @Test
    void aTrailingCommaWhereAChunkIsCutIsStillASyntaxError() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(generated(200, 4), StandardCharsets.UTF_8));
        int close = lines.indexOf("  ]");
        // the last task line holds most of the file, so that a cut falls in it and the next chunk starts at "  ]"
        lines.set(close - 1, lines.get(close - 1).replaceFirst("\"symbol\":\"", "\"symbol\":\"" + "s".repeat(400_000))
                + ",");
        Path file = dir.resolve("trailing-comma.json");
        Files.write(file, lines, StandardCharsets.UTF_8);
        assertThat(assertSame(file)).isFalse();
        lines.set(close - 1, lines.get(close - 1).substring(0, lines.get(close - 1).length() - 1));
        Files.write(file, lines, StandardCharsets.UTF_8);
        assertThat(assertSame(file)).isTrue();
    }

    @Test
    void cancellingWhileTheTasksAreReadInParallelCancels() throws Exception {
        Path file = generated(60_000, 1);
        PhaseRecorder cancelOnceTasksAreRead = PhaseRecorder.cancellingAt("reading tasks");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parallel.read(file, LoadOptions.LENIENT,
                cancelOnceTasksAreRead)).isInstanceOf(LoadCancelledException.class);
        assertThat(cancelOnceTasksAreRead.phases()).doesNotContain("indexing");
        assertThat(parallel.parallelReads).hasValue(0);
    }

    private Path generated(int tasks, long seed) throws IOException {
        Path file = dir.resolve("generated-" + tasks + "-" + seed + ".json");
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, tasks, seed));
        new SnapshotJsonExporter().write(s, file);
        return file;
    }

    /** Reads {@code file} both ways, lenient and strict, and compares; true when the parallel path was taken. */
    private boolean assertSame(Path file) throws Exception {
        int before = parallel.parallelReads.get();
        for (LoadOptions options : List.of(LoadOptions.LENIENT, LoadOptions.STRICT)) {
            assertThat(outcome(parallel, file, options)).as(file + " " + options)
                    .isEqualTo(outcome(streaming, file, options));
        }
        int taken = parallel.parallelReads.get() - before;
        return taken > 0;
    }

    /** Everything a read produces, as comparable values. */
    private static List<Object> outcome(SnapshotJsonImporter importer, Path file, LoadOptions options) {
        try {
            LoadResult r = importer.read(file, options, ProgressListener.NONE);
            Snapshot s = r.snapshot();
            return List.of(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                    s.displayControlVars(), s.threads(), s.parallelRegions(), s.tasks(), s.targetRegions(),
                    r.diagnostics());
        } catch (SnapshotLoadException e) {
            return List.of(e.getClass(), e.getMessage(), e.diagnostics());
        }
    }
}
