package org.ompdexplorer.importers.ompd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * What is wrong with a path where a regular file must be (a core, a program, a library: each is mapped, so a FIFO
 * or a device will not do), in words for a message: "does not exist" only when nothing is there.
 */
final class RequiredFile {
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFBLK = 0060000;

    private RequiredFile() {
    }

    /** Why {@code path} cannot be read as a regular file ("is a directory", …), or empty when it can. */
    static Optional<String> problem(Path path) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Optional.of("does not exist");
        } catch (IOException | RuntimeException e) {
            return Optional.of("cannot be read (" + (e.getMessage() == null ? e.getClass().getSimpleName() : "access denied")
                    + ")");
        }
        if (a.isDirectory()) {
            return Optional.of("is a directory, not a file");
        }
        if (!a.isRegularFile()) {
            return Optional.of("is not a regular file (" + kind(path) + "), which cannot be read as one");
        }
        return Files.isReadable(path) ? Optional.empty() : Optional.of("is not readable (permission denied)");
    }

    private static String kind(Path path) {
        try {
            int type = ((Integer) Files.getAttribute(path, "unix:mode")) & S_IFMT;
            return switch (type) {
                case S_IFIFO -> "a FIFO";
                case S_IFCHR -> "a character device";
                case S_IFBLK -> "a block device";
                default -> "a socket or other special file";
            };
        } catch (IOException | RuntimeException e) {
            return "a special file";
        }
    }
}
