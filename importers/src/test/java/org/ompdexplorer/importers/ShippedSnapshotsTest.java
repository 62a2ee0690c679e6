package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.ompdexplorer.resources.LessonStep;

/**
 * Every snapshot the project ships or keeps as a golden file passes the validator — OpenMP's invariants included —
 * without an error: the bundled lessons, the importer's golden snapshots and the window's hand-written test snapshot. The fixture cores' imports are
 * checked by {@code CoreImportInvariantsTest}, the synthetic generator's output by the model's tests.
 */
class ShippedSnapshotsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/snapshots");
    private static final Path HANDWRITTEN = Path.of("..", "app", "src", "test", "resources", "org", "ompdexplorer",
            "app", "ui", "fib-handwritten.json");

    private static List<Diagnostic> errors(InputStream in, String name) throws Exception {
        LoadResult r = new SnapshotLoader().load(in, name, -1, LoadOptions.LENIENT, ProgressListener.NONE);
        return r.diagnostics().stream().filter(Diagnostic::isError).toList();
    }

    @Test
    void everyLessonStepHasNoError() throws Exception {
        for (Lesson lesson : BundledResources.lessons()) {
            for (LessonStep step : lesson.steps()) {
                try (InputStream in = BundledResources.openLessonStep(lesson.name(), step.number())) {
                    assertThat(errors(in, step.file())).as(step.file()).isEmpty();
                }
            }
        }
    }

    @Test
    void everyGoldenSnapshotHasNoError() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(GOLDEN)) {
            s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
        }
        files.add(HANDWRITTEN);
        assertThat(files).hasSizeGreaterThan(1);
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                assertThat(errors(in, file.toString())).as(file.toString()).extracting(Diagnostic::format).isEmpty();
            }
        }
    }
}
