package org.ompdexplorer.importers.output;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.ompdexplorer.importers.output.OutputException.Reason;

/** Says what a failed write means in the user's words: the file, what went wrong, what to do. */
final class OutputFailures {
    private OutputFailures() {
    }

    static OutputException of(Path target, IOException e) {
        if (e instanceof OutputException o) {
            return o;
        }
        if (e instanceof java.io.InterruptedIOException) {
            return new OutputException(target, Reason.INTERRUPTED, "stopped writing " + target
                    + ": the program was asked to end; the file was left as it was and no partial file remains", e);
        }
        String os = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        String text = os == null ? "" : os.toLowerCase(Locale.ROOT);
        if (text.contains("no space left") || text.contains("disk quota")) {
            return new OutputException(target, Reason.NO_SPACE, "cannot write " + target
                    + ": the disk is full — free some space or choose a file on another disk; nothing was written", e);
        }
        if (text.contains("file too large")) {
            return new OutputException(target, Reason.NO_SPACE, "cannot write " + target
                    + ": the file is larger than this file system or the process's file-size limit allows"
                    + " (ulimit -f) — choose another disk or raise the limit; nothing was written", e);
        }
        if (text.contains("read-only file system")) {
            return new OutputException(target, Reason.NOT_PERMITTED, "cannot write " + target
                    + ": it is on a read-only file system — choose a file elsewhere", e);
        }
        if (text.contains("name too long")) {
            return new OutputException(target, Reason.NAME_TOO_LONG, "cannot write " + target
                    + ": the name or the path is longer than the file system allows — choose a shorter one", e);
        }
        if (e instanceof AccessDeniedException || text.contains("permission denied")
                || text.contains("operation not permitted")) {
            return new OutputException(target, Reason.NOT_PERMITTED, "cannot write " + target
                    + ": permission denied — choose a file in a directory you can write to", e);
        }
        if (e instanceof NoSuchFileException) {
            return new OutputException(target, Reason.NO_DIRECTORY, "cannot write " + target
                    + ": its directory does not exist (or was removed while writing) — choose a file in an existing directory",
                    e);
        }
        if (text.contains("too many levels of symbolic links")) {
            return new OutputException(target, Reason.LINK_LOOP, "cannot write " + target
                    + ": too many symbolic links (a loop?) — name the file itself", e);
        }
        return new OutputException(target, Reason.IO, "cannot write " + target + ": " + (os == null ? e : os)
                + " — check the disk and the directory, or choose another file", e);
    }

    /** The I/O failure inside an unchecked wrapper (a JSON generator's, an {@code UncheckedIOException}), if any. */
    static IOException ioCause(RuntimeException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
        }
        return null;
    }
}
