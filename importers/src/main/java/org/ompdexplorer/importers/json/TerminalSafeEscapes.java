package org.ompdexplorer.importers.json;

import tools.jackson.core.SerializableString;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.io.SerializedString;

/**
 * JSON escapes for output read on a terminal: besides the C0 controls JSON always escapes, DEL, the C1 controls
 * and the bidirectional overrides and isolates are written as JSON unicode escapes (backslash, u, four hex
 * digits), so a snapshot's text cannot break a line, move the cursor or reorder what is shown when the JSON is printed — and
 * the JSON stays valid and lossless.
 */
public final class TerminalSafeEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private static final int[] ASCII = standardAsciiEscapesForJSON();

    static {
        ASCII[0x7f] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ASCII;
    }

    @Override
    public SerializableString getEscapeSequence(int c) {
        return isUnsafe(c) ? new SerializedString(String.format("\\u%04X", c)) : null;
    }

    /**
     * Above ASCII: the C1 controls, the line and paragraph separators (U+2028, U+2029) and the characters that
     * reorder text (as the CLI's terminal text escapes).
     */
    static boolean isUnsafe(int c) {
        return (c >= 0x80 && c <= 0x9f) || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
                || c == 0x061c || c == 0x200e || c == 0x200f;
    }
}
