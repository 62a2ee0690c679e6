package org.ompdexplorer.importers.output;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file could not be written, or writing it would have destroyed something: the message names the file, says
 * what is wrong in the user's words and what to do. The target is untouched and no partial file is left.
 */
public final class OutputException extends IOException {
    /** Why; each maps to one message and one exit code. */
    public enum Reason {
        /** The output is one of the command's inputs (the same file, also through links). */
        SAME_AS_INPUT,
        /** The output's name is empty ({@code -o ""}): no file is named at all. */
        EMPTY_NAME,
        /** The output names a directory. */
        IS_DIRECTORY,
        /** A block device, a socket or another special file that is never written or replaced. */
        SPECIAL_FILE,
        /** The output's directory does not exist. */
        NO_DIRECTORY,
        /** The existing file is read-only. */
        READ_ONLY,
        /** Permission denied, or a read-only file system. */
        NOT_PERMITTED,
        /** The disk (or a quota, or a file-size limit) is full. */
        NO_SPACE,
        /** The name, or the path, is longer than the file system allows. */
        NAME_TOO_LONG,
        /** Too many symbolic links, or a link loop. */
        LINK_LOOP,
        /** The program was asked to end while writing. */
        INTERRUPTED,
        /** Any other failure of the file system. */
        IO
    }

    private final transient Path target;
    private final Reason reason;

    OutputException(Path target, Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.target = target;
        this.reason = reason;
    }

    /** The file that was to be written, as the user named it. */
    public Path target() {
        return target;
    }

    public Reason reason() {
        return reason;
    }
}
