package org.ompdexplorer.importers.recording;

/** A lesson file could not be read: the message names the file, the place (line:column) and the fix, in one line. */
public final class RecordingLessonFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public RecordingLessonFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
