package org.ompdexplorer.app.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * Text for a terminal: a snapshot or a file name may hold control characters (an escape sequence in a label
 * can clear the screen, retitle the window or hide text), so every one is printed escaped — {@code \x1b},
 * {@code \u009b}, {@code \u202e} — except the line feed and tab the output is made of.
 */
final class TerminalText {
    private TerminalText() {
    }

    /** A writer that escapes control characters on their way to {@code out}. */
    static PrintWriter safe(PrintWriter out) {
        return new PrintWriter(new Escaping(out), false);
    }

    /**
     * C0 and C1 controls, DEL, the line and paragraph separators (U+2028, U+2029: a line break to some terminals
     * and none to others, so a label could forge a line of the report), and the bidirectional overrides and
     * isolates that reorder what is shown.
     */
    static boolean isUnsafe(char c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x061c || c == 0x200e
                || c == 0x200f;
    }

    static String escape(char c) {
        return c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c);
    }

    private static final class Escaping extends FilterWriter {
        Escaping(Writer out) {
            super(out);
        }

        @Override
        public void write(int c) throws IOException {
            if (isUnsafe((char) c)) {
                out.write(escape((char) c));
            } else {
                out.write(c);
            }
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            int start = off;
            for (int i = off; i < off + len; i++) {
                if (isUnsafe(buf[i])) {
                    out.write(buf, start, i - start);
                    out.write(escape(buf[i]));
                    start = i + 1;
                }
            }
            out.write(buf, start, off + len - start);
        }

        @Override
        public void write(String str, int off, int len) throws IOException {
            write(str.toCharArray(), off, len);
        }
    }
}
