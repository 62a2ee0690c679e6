package org.ompdexplorer.model.recording;

import java.util.List;

/**
 * A lesson a teacher made of a recording: moments of the run, each with a label and a narrative for a student. It
 * is taught as a bundled lesson is: the first step's state, then each later step compared with the step before.
 *
 * @param recording   the recording, as the lesson file names it (relative to the lesson file's folder, or absolute)
 * @param title       what the lesson shows, as a title
 * @param question    the one question it answers (may be empty)
 * @param description what the program does (may be empty)
 * @param steps       its moments, in time order (never empty)
 */
public record RecordingLesson(String recording, String title, String question, String description,
                              List<Step> steps) {
    public RecordingLesson {
        if (recording == null || recording.isBlank()) {
            throw new IllegalArgumentException("a lesson names its recording");
        }
        title = title == null ? "" : title;
        question = question == null ? "" : question;
        description = description == null ? "" : description;
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a lesson has at least one step");
        }
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).position() < steps.get(i - 1).position()) {
                throw new IllegalArgumentException("step " + (i + 1) + " (event " + steps.get(i).position()
                        + ") comes before step " + i + " (event " + steps.get(i - 1).position() + ")");
            }
        }
    }

    /**
     * One moment of the lesson.
     *
     * @param position  the number of events applied ({@link StateAt#after(int)}): exact even where events share a time
     * @param time      that moment's time, ns since the start (the last applied event's), for people and for a check
     *                  that the recording is the one the lesson was made of
     * @param label     a few words, shown as "Step 2 of 5: label"
     * @param narrative what to look at, what changed since the step before
     */
    public record Step(int position, long time, String label, String narrative) {
        public Step {
            if (position < 0) {
                throw new IllegalArgumentException("a step's event is at least 0, not " + position);
            }
            label = label == null ? "" : label;
            narrative = narrative == null ? "" : narrative;
        }
    }

    /** The step at the moment {@code position}, replacing one there already; the steps stay in time order. */
    public RecordingLesson with(Step step) {
        List<Step> out = new java.util.ArrayList<>(steps.stream().filter(s -> s.position() != step.position())
                .toList());
        int at = 0;
        while (at < out.size() && out.get(at).position() < step.position()) {
            at++;
        }
        out.add(at, step);
        return new RecordingLesson(recording, title, question, description, out);
    }
}
