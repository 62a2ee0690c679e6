package org.ompdexplorer.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * An input path opened exactly once, with its size when it is known. A FIFO, {@code /dev/stdin} or a device can
 * only be read once and has no size ({@code Files.size} says 0 or fails), so nothing may open it twice to peek.
 *
 * @param stream the input's bytes; the caller closes it
 * @param size   its size in bytes for a regular file, −1 otherwise
 */
public record InputFile(InputStream stream, long size) {
    /**
     * Opens {@code path} for reading.
     *
     * @throws InputUnreadableException naming the path when it is missing, a directory or unreadable
     */
    public static InputFile open(Path path) throws InputUnreadableException {
        String input = path.toString();
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            if (attributes.isDirectory()) {
                throw new InputUnreadableException(input, input + " is a directory, not a snapshot file"
                        + " — name a snapshot file (*.json) or a core inside it", null);
            }
            long size = attributes.isRegularFile() ? attributes.size() : -1;
            return new InputFile(Files.newInputStream(path), size);
        } catch (IOException e) {
            throw InputUnreadableException.of(input, e);
        }
    }
}
