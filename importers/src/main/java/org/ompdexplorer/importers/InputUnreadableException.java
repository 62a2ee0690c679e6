package org.ompdexplorer.importers;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.List;

/** The input does not exist, is a directory, or cannot be read. */
public final class InputUnreadableException extends SnapshotLoadException {
    public InputUnreadableException(String input, String message, Throwable cause) {
        super(input, message, List.of(), cause);
    }

    /** The input could not be opened or read: says why in plain words, and what to check. */
    public static InputUnreadableException of(String input, IOException e) {
        String why = e instanceof NoSuchFileException ? "no such file"
                : e instanceof AccessDeniedException ? "permission denied"
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new InputUnreadableException(input, "cannot read " + input + ": " + why
                + " — check the path and its permissions", e);
    }
}
