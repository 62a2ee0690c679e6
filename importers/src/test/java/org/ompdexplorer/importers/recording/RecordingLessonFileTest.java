package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.model.recording.RecordingLesson;

/** A lesson of a recording written, read back, and refused with its place and fix when malformed. */
class RecordingLessonFileTest {
    @TempDir
    Path dir;

    private static RecordingLesson lesson() {
        return new RecordingLesson("fib-recording.ndjson", "fib(6) as it ran", "Which task waits for which?",
                "The recursive fib of the OpenMP Examples", List.of(
                new RecordingLesson.Step(12, 40_000, "the first tasks", "Task 3 created two tasks."),
                new RecordingLesson.Step(80, 91_500, "a taskwait", "fib(4) waits \"here\" for its children.\n")));
    }

    @Test
    void aLessonWrittenReadsBackEqualAndIsKnownByItsFirstProperty() throws Exception {
        Path file = dir.resolve("fib.lesson.json");
        new RecordingLessonWriter().write(lesson(), file, List.of());
        assertThat(RecordingLessonReader.isLesson(file)).isTrue();
        assertThat(new RecordingLessonReader().read(file)).isEqualTo(lesson());
        assertThat(Files.readString(file)).contains("\"event\" : 80").endsWith("}\n");
    }

    @Test
    void aSnapshotOrARecordingIsNoLesson() throws Exception {
        Path snapshot = dir.resolve("s.json");
        Files.writeString(snapshot, "{\"format\": \"ompd-explorer-snapshot\", \"version\": \"1.4\"}");
        Path recording = dir.resolve("r.ndjson");
        Files.writeString(recording, "{\"format\": \"ompd-explorer-recording\"}\n");
        assertThat(RecordingLessonReader.isLesson(snapshot)).isFalse();
        assertThat(RecordingLessonReader.isLesson(recording)).isFalse();
        assertThat(RecordingLessonReader.isLesson(dir)).isFalse();
    }

    @Test
    void aStepAddedAtAMomentTakesItsPlaceInTimeOrderAndReplacesOneThere() {
        RecordingLesson l = lesson().with(new RecordingLesson.Step(50, 60_000, "between", ""))
                .with(new RecordingLesson.Step(80, 91_500, "replaced", "x"));
        assertThat(l.steps()).extracting(RecordingLesson.Step::position).containsExactly(12, 50, 80);
        assertThat(l.steps().getLast().label()).isEqualTo("replaced");
    }

    @Test
    void malformedLessonsAreRefusedWithFileLineColumnAndFix() throws Exception {
        assertRefused("{\"format\": \"ompd-explorer-snapshot\"}", "1:", "not a lesson file");
        assertRefused("{\"format\": \"ompd-explorer-lesson\", \"version\": \"2.0\", \"recording\": \"r\"}",
                "version 2.0", "open it with the ompd-explorer that wrote it");
        assertRefused("{\"format\": \"ompd-explorer-lesson\", \"steps\": [{\"event\": 1}]}", "no \"recording\"",
                "add \"recording\"");
        assertRefused("{\"format\": \"ompd-explorer-lesson\", \"recording\": \"r\", \"steps\": []}", "no steps",
                "at least one step");
        assertRefused("{\"format\": \"ompd-explorer-lesson\", \"recording\": \"r\",\n \"steps\": [{\"event\": -4}]}",
                ":2:", "whole number");
        assertRefused("{\"format\": \"ompd-explorer-lesson\", \"recording\": \"r\", \"steps\": [{\"label\": \"x\"}]}",
                "has no \"event\"", "number of events");
        assertRefused("{\"format\": \"ompd-explorer-lesson\", \"recording\": \"r\", \"steps\": "
                + "[{\"event\": 9}, {\"event\": 3}]}", "step 2 (event 3) comes before step 1", "time order");
        assertRefused("{\"format\": \"ompd-explorer-lesson\", \"recording\": \"r\", \"steps\": [{\"event\": 1}",
                "not a readable lesson", "save the lesson again");
        assertThatThrownBy(() -> new RecordingLessonReader().read(dir.resolve("missing.lesson.json")))
                .isInstanceOf(RecordingLessonFormatException.class).hasMessageContaining("cannot be read")
                .hasMessageContaining("missing.lesson.json");
    }

    private void assertRefused(String text, String where, String fix) throws Exception {
        Path file = dir.resolve("bad.lesson.json");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> new RecordingLessonReader().read(file))
                .isInstanceOf(RecordingLessonFormatException.class)
                .hasMessageStartingWith(file.toString())
                .hasMessageContaining(where).hasMessageContaining(fix);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
