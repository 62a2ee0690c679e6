package org.ompdexplorer.resources;

/**
 * One step of a {@link Lesson}: a snapshot the program took at a labelled moment (its
 * {@code omp_control_tool} flush), and what a student should look at in it.
 *
 * @param number    1 for the first step
 * @param file      the snapshot, relative to the lessons folder ({@code fib-taskwait/step-01.json})
 * @param label     the label the program gave the capture ({@code capture.label} of the file)
 * @param narrative two to four sentences: what to look at, what changed since the step before
 */
public record LessonStep(int number, String file, String label, String narrative) {
}
