package org.ompdexplorer.importers.json;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;

/**
 * Says a syntax error in the user's words. The parser's messages name its own features and token types
 * ("enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS`"), which mean nothing to someone holding a snapshot.
 */
final class SyntaxMessages {
    private static final String SHAPE = "a snapshot is a JSON object as docs/snapshot-format.md describes;"
            + " check the file is one";
    private static final Pattern CHARACTER = Pattern.compile("^Unexpected character \\('(.)' \\(code");
    private static final Pattern CONTROL = Pattern.compile("\\(CTRL-CHAR, code (\\d+)\\)");
    private static final Pattern LENGTH = Pattern.compile("\\((\\d+)\\)");
    private static final Pattern QUOTED = Pattern.compile("'([^']*)'");

    private SyntaxMessages() {
    }

    /**
     * @param tokenStart where the value being read began (a too-long string is reported there), or {@code null}
     * @param current    where the parser stopped, for an error that does not say, or {@code null}
     * @param path       the JSON path being read, or {@code null}
     */
    static Diagnostic of(String input, JacksonException e, TokenStreamLocation tokenStart,
                         TokenStreamLocation current, String path) {
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
        TokenStreamLocation at = e.getLocation() != null ? e.getLocation() : current;
        if (e instanceof UnexpectedEndOfInputException || original.startsWith("Unexpected end-of-input")) {
            return Diagnostic.error("truncated", "the file ends in the middle of the JSON (truncated)",
                    "the file was cut short: take or copy the snapshot again", location(input, at, path));
        }
        if (e instanceof StreamConstraintsException) {
            return limit(input, original, original.startsWith("Number value length") ? numberStart(original, at)
                    : tokenStart == null ? at : tokenStart, path);
        }
        if (original.contains("Invalid UTF-8")) {
            return Diagnostic.error("syntax", "the bytes here are not valid UTF-8 text",
                    "a snapshot is UTF-8 JSON: save it as UTF-8", location(input, at, path));
        }
        return Diagnostic.error("syntax", "not valid JSON: " + plain(original), SHAPE, location(input, at, path));
    }

    /**
     * The parser reads a number whole before it checks its length, and without taking its place first, so the
     * place it stopped less the length is where the number began (a number never spans lines).
     */
    private static TokenStreamLocation numberStart(String original, TokenStreamLocation end) {
        Matcher length = LENGTH.matcher(original);
        if (end == null || !length.find()) {
            return end;
        }
        int column = end.getColumnNr() - Integer.parseInt(length.group(1));
        return column < 1 ? end : new TokenStreamLocation(null, -1, end.getLineNr(), column);
    }

    private static Diagnostic limit(String input, String original, TokenStreamLocation start, String path) {
        String where = start == null ? "here" : "starting at " + start.getLineNr() + ":" + start.getColumnNr();
        Location location = location(input, start, path);
        String fix = "a snapshot never needs this much; check that the file is one the exporter or the agent wrote";
        if (original.startsWith("Document nesting depth")) {
            return Diagnostic.error("too-deep", "the JSON is nested deeper than " + SnapshotJsonImporter.MAX_NESTING
                    + " levels, which this reader does not accept (a snapshot nests 5 deep)", SHAPE, location);
        }
        if (original.startsWith("String value length")) {
            return Diagnostic.error("too-long", "a string " + where + " is longer than the "
                    + (SnapshotJsonImporter.MAX_STRING >> 20) + " MiB this reader accepts", fix, location);
        }
        if (original.startsWith("Number value length")) {
            return Diagnostic.error("too-long", "a number " + where + " is longer than the "
                    + SnapshotJsonImporter.MAX_NUMBER + " digits this reader accepts", fix, location);
        }
        if (original.startsWith("Name length")) {
            return Diagnostic.error("too-long", "a property name " + where + " is longer than this reader accepts",
                    fix, location);
        }
        return Diagnostic.error("too-long", "a value " + where + " is larger than this reader accepts", fix,
                location);
    }

    /** The parser's message, said plainly; anything not recognized is reduced to what is safe to show. */
    private static String plain(String m) {
        if (m.startsWith("Non-standard token")) {
            return "NaN and Infinity are not JSON numbers (" + quoted(m) + ")";
        }
        if (m.contains("Leading zeroes")) {
            return "a number has a leading zero (like 01)";
        }
        if (m.contains("plus sign")) {
            return "a number starts with a plus sign";
        }
        if (m.contains("in numeric value")) {
            return "not a valid JSON number (digits, an optional fraction .5 and exponent e6)";
        }
        if (m.contains("comment")) {
            return "comments are not allowed in JSON";
        }
        Matcher control = CONTROL.matcher(m);
        if (control.find()) {
            String code = String.format("U+%04X", Integer.parseInt(control.group(1)));
            return m.contains("string value") ? "a control character (" + code + ") inside a string; write it"
                    + " escaped, e.g. \\u" + code.substring(2)
                    : "a control character (" + code + ") between values; only spaces, tabs and line breaks may"
                    + " separate JSON values (is this a binary file?)";
        }
        if (m.startsWith("Unrecognized token")) {
            return quoted(m) + " is not a JSON value (a string, a number, an object, an array, true, false or null)";
        }
        if (m.startsWith("Unrecognized character escape")) {
            return "'\\" + quoted(m).replace("'", "") + "' is not a JSON escape (write a backslash as \\\\)";
        }
        if (m.contains("hex-digit for character escape")) {
            return "a \\u escape needs four hex digits";
        }
        if (m.startsWith("Unexpected close marker")) {
            return "a '" + m.charAt("Unexpected close marker '".length()) + "' that does not close what is open";
        }
        Matcher c = CHARACTER.matcher(m);
        if (c.find()) {
            return unexpected(c.group(1).charAt(0), m);
        }
        return "unexpected input";
    }

    private static String unexpected(char ch, String m) {
        if (ch == '\'') {
            return "single quotes: JSON names and strings are in double quotes";
        }
        if (m.contains("start property name")) {
            return ch == '}' ? "a trailing comma before '}'"
                    : "a property name must be in double quotes, found '" + ch + "'";
        }
        if (m.endsWith("expected a value") && ch == ']') {
            return "a trailing comma before ']'";
        }
        if (m.contains("colon")) {
            return "a ':' is missing after a property name (found '" + ch + "')";
        }
        if (m.contains("comma to separate")) {
            return "a ',' is missing between two entries (found '" + ch + "')";
        }
        return "'" + ch + "' cannot start a JSON value";
    }

    private static String quoted(String m) {
        Matcher q = QUOTED.matcher(m);
        return q.find() ? "'" + q.group(1) + "'" : "";
    }

    private static Location location(String input, TokenStreamLocation at, String path) {
        int line = at == null ? 0 : Math.max(0, at.getLineNr());
        int column = at == null ? 0 : Math.max(0, at.getColumnNr());
        return Location.inInput(input, line, column, path);
    }
}
