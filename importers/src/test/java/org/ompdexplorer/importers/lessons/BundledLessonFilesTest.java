package org.ompdexplorer.importers.lessons;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.testfixtures.JsonSchemaPaths;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.ompdexplorer.resources.LessonStep;

/**
 * Every step of every bundled lesson: a valid snapshot with no diagnostic, normalized,
 * labelled as its index says.
 */
class BundledLessonFilesTest {
    private static final Path INDEX_JSON = Path.of("..", "resources", "src", "main", "resources", "org",
            "ompdexplorer", "resources", "lessons", "index.json");

    @Test
    void everyStepLoadsWithoutADiagnosticButTheAgentsKnownFindingsAndCarriesItsLabel() throws Exception {
        for (Lesson lesson : BundledResources.lessons()) {
            for (LessonStep step : lesson.steps()) {
                LoadResult result = BundledLessons.loadStep(lesson, step.number()); // fails on any other diagnostic
                assertThat(result.diagnostics()).as(step.file()).isEmpty();
                assertThat(result.snapshot().capture().label()).as(step.file()).isEqualTo(step.label());
                assertThat(result.snapshot().capture().program()).as(step.file()).isEqualTo(lesson.name());
                assertThat(result.snapshot().capture().description()).as(step.file()).isEqualTo(lesson.description());
            }
        }
    }

    @Test
    void everyStepExportsToExactlyItsOwnBytes() throws Exception {
        for (Lesson lesson : BundledResources.lessons()) {
            for (LessonStep step : lesson.steps()) {
                byte[] original;
                try (InputStream in = BundledResources.openLessonStep(lesson.name(), step.number())) {
                    original = in.readAllBytes();
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                new SnapshotJsonExporter().write(BundledLessons.loadStep(lesson, step.number()).snapshot(), out);
                assertThat(out.toString(StandardCharsets.UTF_8)).as(step.file())
                        .isEqualTo(new String(original, StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void indexJsonSaysWhatIndexTxtSays() throws Exception {
        Map<String, Object> index = (Map<String, Object>) JsonSchemaPaths.parse(Files.readAllBytes(INDEX_JSON));
        List<Map<String, Object>> lessons = (List<Map<String, Object>>) index.get("lessons");
        assertThat(lessons).extracting(l -> l.get("name")).containsExactlyElementsOf(BundledResources.lessonNames());
        for (Map<String, Object> json : lessons) {
            Lesson lesson = BundledResources.lesson((String) json.get("name")).orElseThrow();
            assertThat(List.of(json.get("title"), json.get("question"), json.get("description")))
                    .containsExactly(lesson.title(), lesson.question(), lesson.description());
            List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
            assertThat(steps).extracting(s -> List.of(s.get("file"), s.get("label"), s.get("narrative")))
                    .containsExactlyElementsOf(lesson.steps().stream()
                            .map(s -> List.<Object>of(s.file(), s.label(), s.narrative())).toList());
        }
    }
}
