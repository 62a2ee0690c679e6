package org.ompdexplorer.importers.json;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import tools.jackson.core.TokenStreamLocation;

/**
 * What follows the snapshot's closing brace: whitespace, or a located error "unexpected content after the snapshot
 * at line L, column C" — garbage, the tail of a longer file written over in place, a second snapshot concatenated.
 * An error, not a warning: the file is not one snapshot, so {@code validate} must not call it valid and
 * {@code --strict} refuses it; the snapshot before it is still loaded, like any lenient read with errors. The read
 * stops at the first byte that is not whitespace: what follows costs nothing, however large.
 */
final class TrailingContent {
    private static final int CHUNK = 8192;

    private TrailingContent() {
    }

    /**
     * Reads on from the parser, standing on the snapshot's closing brace: first the bytes it holds, then
     * {@code in}. Adds the error to {@code c} at the first byte that is not JSON whitespace.
     */
    static void check(JsonCursor c, InputStream in) throws InputUnreadableException {
        TokenStreamLocation end = c.parser.currentLocation();
        Scan scan = new Scan(end.getLineNr(), end.getColumnNr());
        ByteArrayOutputStream held = new ByteArrayOutputStream();
        c.parser.releaseBuffered(held);
        byte[] bytes = held.toByteArray();
        boolean found = scan.whitespace(bytes, bytes.length);
        try {
            byte[] chunk = new byte[CHUNK];
            for (int n; !found && (n = in.read(chunk)) > 0; ) {
                found = scan.whitespace(chunk, n);
            }
        } catch (IOException e) {
            throw InputUnreadableException.of(c.input(), e);
        }
        if (found) {
            c.add(Diagnostic.error("trailing-content", "unexpected content after the snapshot at line "
                            + scan.line + ", column " + scan.column, "a snapshot file holds one snapshot, and the one"
                            + " before this is what is read: cut the file at line " + scan.line + " (or export"
                            + " what loads: ompd-explorer export " + c.input() + " -o fixed.json)",
                    Location.inInput(c.input(), scan.line, scan.column, "$")));
        }
    }

    /** Line and column (1-based, in bytes as the parser counts them) of the bytes read so far. */
    private static final class Scan {
        int line;
        int column;
        private boolean afterCr;

        Scan(int line, int column) {
            this.line = line;
            this.column = column;
        }

        /** {@code true} at the first byte of {@code bytes[0, n)} that is not whitespace, the place then its own. */
        boolean whitespace(byte[] bytes, int n) {
            for (int i = 0; i < n; i++) {
                byte b = bytes[i];
                if (b == '\n') {
                    if (!afterCr) {
                        line++;
                        column = 1;
                    }
                    afterCr = false;
                } else if (b == '\r') {
                    line++;
                    column = 1;
                    afterCr = true;
                } else if (b == ' ' || b == '\t') {
                    column++;
                    afterCr = false;
                } else {
                    return true;
                }
            }
            return false;
        }
    }
}
