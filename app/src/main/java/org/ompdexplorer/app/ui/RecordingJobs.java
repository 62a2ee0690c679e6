package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.recording.OpenedRecording;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.importers.recording.RecordingLessonFormatException;
import org.ompdexplorer.importers.recording.RecordingLessonReader;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.recording.RecordingLesson;
import org.ompdexplorer.model.recording.RecordingTime;
import org.ompdexplorer.resources.Lesson;
import org.ompdexplorer.resources.LessonStep;

/** The background job that opens a lesson made of a recording: the lesson file, its recording, its steps' states. */
final class RecordingJobs {
    private RecordingJobs() {
    }

    /** A lesson of a recording, ready to teach: the lesson, its recording, and its steps' states diffed. */
    record OpenedLesson(Lesson lesson, OpenedRecording recording, CompareJobs.Compared steps,
                        RecordingLesson made) {
    }


    /**
     * Reads the lesson file {@code file} and the recording it names (relative to the lesson's folder), then the state
     * at each step, diffed as a bundled lesson's steps are.
     */
    static BackgroundJob<OpenedLesson> lesson(Path file) {
        return context -> {
            RecordingLesson made = new RecordingLessonReader().read(file);
            Path folder = file.toAbsolutePath().getParent();
            Path recordingFile = folder.resolve(made.recording());
            if (!java.nio.file.Files.isRegularFile(recordingFile)) {
                throw new RecordingLessonFormatException(file + ": its recording " + recordingFile + " is not there — "
                        + "put the recording beside the lesson, or correct \"recording\" in the lesson file", null);
            }
            OpenedRecording recording = OpenedRecording.opening(recordingFile).run(context);
            List<LoadedSnapshot> steps = new ArrayList<>();
            List<LessonStep> lessonSteps = new ArrayList<>();
            int n = made.steps().size();
            for (int i = 0; i < n; i++) {
                RecordingLesson.Step s = made.steps().get(i);
                context.progress("step " + (i + 1) + " of " + n, i, n);
                if (s.position() > recording.recording().size()) {
                    throw new RecordingLessonFormatException(file + ": step " + (i + 1) + " is at event "
                            + s.position() + " but " + recording.name() + " has " + recording.recording().size()
                            + " events — the lesson was made of another recording: make it again", null);
                }
                LoadedSnapshot at = recording.moment(s.position());
                List<Diagnostic> found = new ArrayList<>(at.diagnostics());
                long t = recording.recording().timeAfter(s.position());
                if (s.time() >= 0 && s.time() != t) {
                    found.add(Diagnostic.warning("lesson-time-differs", "step " + (i + 1) + " says "
                            + RecordingTime.format(s.time()) + ", but event " + s.position() + " of "
                            + recording.name() + " is at " + RecordingTime.format(t),
                            "the recording may not be the one the lesson was made of: check the steps",
                            Location.inInput(file.toString(), 0, 0, "$.steps[" + i + "]")));
                }
                steps.add(new LoadedSnapshot(at.snapshot(), found, lessonName(file) + ", step " + (i + 1),
                        at.path()));
                lessonSteps.add(new LessonStep(i + 1, made.recording() + "@" + s.position(), s.label(),
                        s.narrative()));
            }
            Lesson lesson = new Lesson(lessonName(file), made.title().isBlank() ? lessonName(file) : made.title(),
                    made.question(), made.description(), lessonSteps);
            return new OpenedLesson(lesson, recording, CompareJobs.reordered(steps).run(context), made);
        };
    }

    /** {@code fib} for {@code fib.lesson.json}. */
    static String lessonName(Path file) {
        String name = file.getFileName().toString();
        for (String end : List.of(".lesson.json", ".json")) {
            if (name.endsWith(end)) {
                return name.substring(0, name.length() - end.length());
            }
        }
        return name;
    }
}
