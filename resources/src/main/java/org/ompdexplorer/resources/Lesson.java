package org.ompdexplorer.resources;

import java.util.List;

/**
 * A bundled lesson: a short series of real captures of one teaching program, each step with a label and a
 * narrative for a student.
 *
 * @param name        the folder of its steps and its program's name ({@code fib-taskwait})
 * @param title       what it shows, as a title
 * @param question    the one question the lesson answers
 * @param description what the program does and why its pictures are the same on every run
 * @param steps       its steps, in capture order (never empty)
 */
public record Lesson(String name, String title, String question, String description, List<LessonStep> steps) {
    public Lesson {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("lesson " + name + " has no step");
        }
    }
}
