package org.ompdexplorer.importers.json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.SnapshotLoadException;

/**
 * A snapshot file cut while it was read ({@code cp new.json snap.json} while the window reads it): "the file shrank
 * from X to Y bytes while it was read", whatever the read saw — a fault on the pages a mapping lost (an
 * {@link InternalError} on JDK 25), JSON that ends in the middle, an empty file. As the core reader says it
 * (ElfFile, MappedFile).
 */
final class ShrunkWhileRead {
    private ShrunkWhileRead() {
    }

    /** The failure for a fault while reading a mapped file of {@code size} bytes; other errors are rethrown. */
    static InputUnreadableException of(Path path, long size, InternalError e) {
        if (!String.valueOf(e.getMessage()).contains("unsafe memory access")) {
            throw e;
        }
        long now = sizeNow(path);
        return new InputUnreadableException(path.toString(), "cannot read " + path + ": " + (now >= 0 && now < size
                ? "the file shrank from " + size + " to " + now + " bytes while it was read"
                : "the system could not read it (an I/O error, or the file changed while it was read)")
                + " — wait until whatever writes it has finished, or open a copy of it", e);
    }

    /** Throws the failure if the file is now smaller than the {@code size} it had when it was opened. */
    static void check(Path path, long size, Throwable cause) throws InputUnreadableException {
        long now = sizeNow(path);
        if (size >= 0 && now >= 0 && now < size) {
            throw new InputUnreadableException(path.toString(), "cannot read " + path + ": the file shrank from "
                    + size + " to " + now + " bytes while it was read — wait until whatever writes it has finished,"
                    + " or open a copy of it", cause);
        }
    }

    /** {@code failure}, or the shrinking that caused it. */
    static SnapshotLoadException ifShrank(Path path, long size, SnapshotLoadException failure) {
        try {
            check(path, size, failure);
        } catch (InputUnreadableException shrank) {
            return shrank;
        }
        return failure;
    }

    private static long sizeNow(Path path) {
        try {
            return Files.size(path);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
