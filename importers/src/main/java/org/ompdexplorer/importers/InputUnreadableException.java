package org.ompdexplorer.importers;

import java.util.List;

/** The input does not exist, is a directory, or cannot be read. */
public final class InputUnreadableException extends SnapshotLoadException {
    public InputUnreadableException(String input, String message, Throwable cause) {
        super(input, message, List.of(), cause);
    }
}
