package org.ompdexplorer.app.ui.recording;

/**
 * A moment marked on the timeline's axis: a step of the lesson being made of the recording, or of the lesson taught.
 *
 * @param position the moment, as events from the start of the run ({@link RecordingViewModel#setPosition})
 * @param time     its time from the start of the run, in nanoseconds
 * @param text     what the mark's tooltip says: {@code Lesson step 2 of 3: task 4 runs}
 */
public record TimelineMark(int position, long time, String text) {
}
