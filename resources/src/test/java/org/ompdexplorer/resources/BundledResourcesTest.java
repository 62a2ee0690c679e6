package org.ompdexplorer.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class BundledResourcesTest {
    private static Path lessonsFolder() throws URISyntaxException {
        return Path.of(BundledResources.class.getResource("lessons/index.txt").toURI()).getParent();
    }

    @Test
    void everyLessonHasAQuestionAndThreeToSixStepsWithLabelsAndNarratives() {
        List<Lesson> lessons = BundledResources.lessons();
        assertThat(lessons).extracting(Lesson::name).contains(BundledResources.DEFAULT_LESSON, "fib-taskwait",
                "task-stolen", "nested-parallel", "taskgroup-flags", "task-dependences", "task-backlog");
        assertThat(lessons.getFirst().name()).isEqualTo(BundledResources.DEFAULT_LESSON);
        for (Lesson lesson : lessons) {
            assertThat(lesson.title()).as(lesson.name()).isNotBlank();
            assertThat(lesson.question()).as(lesson.name()).endsWith("?");
            assertThat(lesson.description()).as(lesson.name()).isNotBlank();
            assertThat(lesson.steps()).as(lesson.name()).hasSizeBetween(3, 6);
            for (LessonStep step : lesson.steps()) {
                assertThat(step.file()).isEqualTo(lesson.name() + "/step-%02d.json".formatted(step.number()));
                assertThat(step.label()).as(step.file()).isNotBlank();
                // two to four sentences for a student
                long sentences = Stream.of(step.narrative().split("[.!?](\\s|$)")).filter(s -> !s.isBlank()).count();
                assertThat(sentences).as(step.file() + ": " + step.narrative()).isBetween(2L, 5L);
            }
        }
    }

    @Test
    void theIndexNamesExactlyTheStepFilesOfEachLessonFolder() throws Exception {
        Path folder = lessonsFolder();
        for (Lesson lesson : BundledResources.lessons()) {
            try (Stream<Path> files = Files.list(folder.resolve(lesson.name()))) {
                assertThat(files.map(p -> lesson.name() + "/" + p.getFileName()).sorted().toList())
                        .as(lesson.name()).isEqualTo(lesson.steps().stream().map(LessonStep::file).toList());
            }
        }
        try (Stream<Path> entries = Files.list(folder)) {
            assertThat(entries.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList())
                    .isEqualTo(BundledResources.lessonNames().stream().sorted().toList());
        }
    }

    @Test
    void eachStepOpensAsTheSnapshotItsLabelNames() throws Exception {
        for (Lesson lesson : BundledResources.lessons()) {
            for (LessonStep step : lesson.steps()) {
                try (InputStream in = BundledResources.openLessonStep(lesson.name(), step.number())) {
                    String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    assertThat(text).as(step.file()).startsWith("{").contains("\"format\": \"ompd-explorer-snapshot\"")
                            .contains("\"label\":\"" + step.label() + "\"");
                }
            }
        }
        try (InputStream first = BundledResources.openLesson("task-stolen");
             InputStream step1 = BundledResources.openLessonStep("task-stolen", 1)) {
            assertThat(first.readAllBytes()).isEqualTo(step1.readAllBytes());
        }
    }

    @Test
    void anUnknownLessonOrStepIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> BundledResources.openLessonStep("no-such-lesson", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fib-taskwait");
        assertThatThrownBy(() -> BundledResources.openLessonStep("fib-taskwait", 99))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("steps 1 to");
    }

    @Test
    void aMalformedIndexLineIsNamedByItsNumber() {
        assertThat(BundledResources.parseIndex("# c\nlesson\ta\tT\tQ?\tD\nstep\ta/step-01.json\tL\tN. M.\n"))
                .containsExactly(new Lesson("a", "T", "Q?", "D", List.of(new LessonStep(1, "a/step-01.json", "L", "N. M."))));
        assertThatThrownBy(() -> BundledResources.parseIndex("lesson\ta\tT\tQ?\tD\nstep\tonly two\n"))
                .hasMessageContaining("line 2");
    }
}
