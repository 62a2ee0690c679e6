package org.ompdexplorer.app.ui.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a frame's source file for the source view, off the FX thread: found through the path substitutions, at most
 * {@code limit} bytes (a larger file is said to be too large, never read), and only if it is text. Opens files for
 * reading only.
 */
public final class SourceFiles {
    /** The largest file the view reads: a source file is rarely over a few hundred KiB. */
    public static final long DEFAULT_LIMIT = 8L << 20;
    /** How far into a file a NUL byte is looked for, to tell a binary file. */
    static final int BINARY_PROBE = 8192;

    private SourceFiles() {
    }

    public static SourceText read(String file, int line, PathSubstitutions substitutions,
                                  Optional<Path> snapshotDirectory, long limit) {
        List<Path> tried = substitutions.candidates(file, snapshotDirectory);
        for (Path p : tried) {
            if (!Files.isRegularFile(p)) {
                continue;
            }
            try {
                long size = Files.size(p);
                if (size > limit) {
                    return new SourceText.TooLarge(file, line, p, size, limit);
                }
                byte[] bytes;
                try (InputStream in = Files.newInputStream(p)) {
                    bytes = in.readNBytes((int) limit + 1); // the file may have grown since its size was read
                }
                if (bytes.length > limit) {
                    return new SourceText.TooLarge(file, line, p, bytes.length, limit);
                }
                for (int i = 0; i < Math.min(bytes.length, BINARY_PROBE); i++) {
                    if (bytes[i] == 0) {
                        return new SourceText.Binary(file, line, p);
                    }
                }
                return new SourceText.Found(file, line, p, lines(bytes));
            } catch (IOException | SecurityException e) {
                return new SourceText.Unreadable(file, line, p, e.getMessage() == null ? e.toString()
                        : e.getMessage());
            }
        }
        return new SourceText.NotFound(file, line, tried);
    }

    /** UTF-8, a malformed byte shown as U+FFFD rather than failing; lines end at \n, \r\n or \r. */
    static List<String> lines(byte[] bytes) throws IOException {
        String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes)).toString();
        List<String> lines = new ArrayList<>(text.lines().toList());
        return lines;
    }

    /** {@code 12.0 MiB}, {@code 300 KiB}, {@code 20 B}. */
    static String size(long bytes) {
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return bytes >= 1024 ? (bytes >> 10) + " KiB" : bytes + " B";
    }
}
