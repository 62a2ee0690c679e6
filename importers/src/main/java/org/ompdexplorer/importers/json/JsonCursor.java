package org.ompdexplorer.importers.json;

import java.math.BigInteger;
import java.util.List;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.FactInterner;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;

/**
 * A Jackson parser plus what reading a snapshot needs around it: located diagnostics and typed reads that report
 * a wrong type and go on. Warnings that would repeat per entity (unknown fields) are reported once per field
 * pattern, with a count ({@link ReadFindings}); the {@code unavailable} convention is {@link UnavailableMarker}'s.
 */
final class JsonCursor {
    private static final BigInteger MAX_ADDRESS = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    final JsonParser parser;
    final FactInterner interner;
    private final String input;
    private final ReadFindings findings = new ReadFindings();
    private final boolean strict;
    private final RepeatedStrings repeated = new RepeatedStrings();
    private boolean newerMinor;

    /** @param strict whether duplicate keys are errors rather than warnings */
    JsonCursor(JsonParser parser, String input, boolean strict) {
        this(parser, input, strict, 1024);
    }

    /** @param expectedTasks how many tasks the input probably holds, to size the interner once */
    JsonCursor(JsonParser parser, String input, boolean strict, int expectedTasks) {
        this.interner = new FactInterner(expectedTasks);
        this.parser = parser;
        this.input = input;
        this.strict = strict;
    }

    String input() {
        return input;
    }

    void setNewerMinor(boolean newer) {
        this.newerMinor = newer;
    }

    /** Every finding so far, in the order reported: {@link ReadFindings#all()}. */
    List<Diagnostic> diagnostics() {
        return findings.all();
    }

    /** How many findings were reported so far: cheap, unlike {@link #diagnostics()}. */
    int findingCount() {
        return findings.count();
    }

    /** The current token's location, with its JSON path. */
    Location here() {
        TokenStreamLocation at = parser.currentTokenLocation();
        return Location.inInput(input, at.getLineNr(), at.getColumnNr(), path());
    }

    /** A location at a remembered line:column with a JSON path. */
    Location at(int line, int column, String path) {
        return Location.inInput(input, line, column, path);
    }

    String path() {
        String pointer = parser.streamReadContext().pathAsPointer().toString();
        StringBuilder b = new StringBuilder("$");
        for (String part : pointer.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            if (!part.isEmpty() && part.chars().allMatch(Character::isDigit)) {
                b.append('[').append(part).append(']');
            } else {
                b.append('.').append(part.replace("~1", "/").replace("~0", "~"));
            }
        }
        return b.toString();
    }

    void error(String code, String message, String fix) {
        findings.add(Diagnostic.error(code, message, fix, here()));
    }

    void add(Diagnostic diagnostic) {
        findings.add(diagnostic);
    }

    /** Skips the value of an unknown field, with one warning per field pattern. */
    void unknownField(String name) {
        String pattern = path().replaceAll("\\[\\d+]", "[*]");
        String message = "unknown field '" + name + "' at " + pattern
                + (newerMinor ? " (written by a newer minor version of the format)" : "");
        if (findings.firstOf("unknown-field|" + message)) {
            findings.addCounted("unknown-field|" + message, Diagnostic.warning("unknown-field", message,
                    newerMinor ? "update OMPD Explorer to read this field; it was skipped"
                            : "check the spelling against docs/snapshot-format.md; it was skipped", here()));
        }
        skipValue();
    }

    /**
     * Marks field number {@code bit} of the object being read as seen, the parser on its name; a second sighting
     * is reported. A bit mask per object keeps this free on the hot path, where a set of names would not be.
     *
     * @return the mask with the field's bit set
     */
    long seen(long mask, int bit) {
        long b = 1L << bit;
        if ((mask & b) != 0) {
            duplicateKey("the last value is used");
        }
        return mask | b;
    }

    /** {@link #seen(long, int)} for an object read by name: {@code fields} are its known names; others are left. */
    long seen(long mask, String name, String[] fields) {
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].equals(name)) {
                return seen(mask, i);
            }
        }
        return mask;
    }

    /** Reports the key the parser is on as given twice in its object; {@code outcome} says which value counts. */
    void duplicateKey(String outcome) {
        String name = parser.currentName();
        String path = path();
        String object = path.endsWith("." + name) ? path.substring(0, path.length() - name.length() - 1) : path;
        String message = "duplicate key '" + name + "' in " + object + "; " + outcome;
        String pattern = "duplicate-key|" + name + "|" + object.replaceAll("\\[\\d+]", "[*]");
        if (findings.firstOf(pattern)) {
            String fix = "give each key once per object";
            findings.addCounted(pattern, strict ? Diagnostic.error("duplicate-key", message, fix, here())
                    : Diagnostic.warning("duplicate-key", message, fix, here()));
        }
    }

    /** Skips the value of the field at hand, whether the parser is on its name or already on its value. */
    void skipValue() {
        if (parser.currentToken() == JsonToken.PROPERTY_NAME) {
            parser.nextToken();
        }
        parser.skipChildren();
    }

    /** Reports that the current value has the wrong type, and skips it. */
    void wrongType(String expected) {
        JsonToken token = parser.currentToken();
        error("wrong-type", "expected " + expected + " but found " + describe(token),
                "write " + expected + " here (docs/snapshot-format.md)");
        parser.skipChildren();
    }

    private String describe(JsonToken token) {
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "the string \"" + abbreviate(parser.getString()) + "\"";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + abbreviate(parser.getString());
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> String.valueOf(token);
        };
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "…" : s;
    }

    /** Moves to the value of the field just named; true when the value is null (absent). */
    boolean nextIsNull() {
        return parser.nextToken() == JsonToken.VALUE_NULL;
    }

    /** Reads a non-negative integer id at the current token; −1 (reported) when it is not one. */
    long id(String what) {
        JsonToken t = parser.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            long v = parser.getLongValue();
            if (v >= 0) {
                return v;
            }
        }
        if (t == JsonToken.VALUE_NUMBER_INT) {
            error("bad-id", what + " must be an integer from 0 to 2^63 − 1, was " + parser.getString(),
                    "use a non-negative integer id");
            return -1;
        }
        wrongType(what + " (a non-negative integer)");
        return -1;
    }

    /** Reads an int in [min, max] at the current token, or reports it and returns {@code null}. */
    Integer integer(String what, int min, int max) {
        if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
            if (parser.getNumberType() == JsonParser.NumberType.INT) {
                int v = parser.getIntValue();
                if (v >= min && v <= max) {
                    return v;
                }
            }
            error("out-of-range", what + " must be from " + min + " to " + max + ", was " + parser.getString(),
                    "correct the value");
            return null;
        }
        wrongType(what + " (an integer)");
        return null;
    }

    /** Reads a long at the current token, or reports it and returns {@code null}. */
    Long longValue(String what) {
        if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
            if (parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                return parser.getLongValue();
            }
            error("out-of-range", what + " does not fit in 64 bits: " + parser.getString(), "correct the value");
            return null;
        }
        wrongType(what + " (an integer)");
        return null;
    }

    /** Reads a count (bytes moved, operations, kernels) from 0 to 2^63 − 1, or reports it and returns {@code null}. */
    Long count(String what) {
        if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
            if (parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER && parser.getLongValue() >= 0) {
                return parser.getLongValue();
            }
            error("out-of-range", what + " must be from 0 to 2^63 − 1, was " + abbreviate(parser.getString()),
                    "correct the value");
            return null;
        }
        wrongType(what + " (a non-negative integer)");
        return null;
    }

    /** Reads {@code true} or {@code false} at the current token, or reports it and returns {@code null}. */
    Boolean bool(String what) {
        JsonToken t = parser.currentToken();
        if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
            return t == JsonToken.VALUE_TRUE;
        }
        wrongType(what + " (true or false)");
        return null;
    }

    /** Reads a string at the current token, or reports it and returns {@code null}. */
    String string(String what) {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getString();
        }
        wrongType(what + " (a string)");
        return null;
    }

    /** Reads a string that repeats across entities (a symbol, a kind), sharing one instance per text. */
    String repeatedString(String what) {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return repeated.of(parser.getStringCharacters(), parser.getStringOffset(), parser.getStringLength());
        }
        wrongType(what + " (a string)");
        return null;
    }

    /**
     * Reads a name of an open vocabulary (a kind, a flag, a scope, a return code): any non-blank string, shared
     * per text; {@code null} (reported) when it is blank or not a string.
     */
    String name(String what) {
        String s = repeatedString(what);
        if (s != null && s.isBlank()) {
            error("empty-name", what + " is an empty string", "write the name, or leave the field out");
            return null;
        }
        return s;
    }

    /** Reads an unsigned 64-bit address (hex string or integer); {@code null} (reported) when it is not one. */
    Long address(String what) {
        JsonToken t = parser.currentToken();
        if (t == JsonToken.VALUE_STRING) {
            return hexString(what);
        }
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return unsignedInteger(what, "bad-address", "is not a 64-bit address (0 to 2^64 − 1)",
                    "write an address as \"0x…\" hex, at most 0xffffffffffffffff");
        }
        wrongType(what + " (an address: \"0x…\" hex)");
        return null;
    }

    /**
     * Reads an unsigned 64-bit integer that is not an address (an LWP, a device kind, a tool data value): a JSON
     * integer from 0 to 2^64 − 1, or {@code "0x…"} hex; {@code null} (reported) when it is not one.
     */
    Long unsigned(String what) {
        JsonToken t = parser.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return unsignedInteger(what, "out-of-range", "is outside 0 to 2^64 − 1 (an unsigned 64-bit value)",
                    "write an integer from 0 to 18446744073709551615");
        }
        if (t == JsonToken.VALUE_STRING) {
            return hexString(what);
        }
        wrongType(what + " (an unsigned integer)");
        return null;
    }

    /** Java has no unsigned long: 2^63 to 2^64 − 1 are kept as the negative longs of the same 64 bits. */
    private Long unsignedInteger(String what, String code, String outside, String fix) {
        if (parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            long v = parser.getLongValue();
            if (v >= 0) {
                return v;
            }
        } else {
            BigInteger big = parser.getBigIntegerValue();
            if (big.signum() >= 0 && big.compareTo(MAX_ADDRESS) <= 0) {
                return big.longValue();
            }
        }
        error(code, what + " " + abbreviate(parser.getString()) + " " + outside, fix);
        return null;
    }

    private Long hexString(String what) {
        long fast = hex(parser.getStringCharacters(), parser.getStringOffset(), parser.getStringLength());
        if (fast != NOT_HEX) {
            return fast;
        }
        try {
            return Address.parse(parser.getString());
        } catch (NumberFormatException e) {
            error("bad-address", what + ": " + e.getMessage(), "write it as \"0x…\" hex");
            return null;
        }
    }

    private static final long NOT_HEX = 0x5a5a5a5a_5a5a5a5aL; // never a canonical address in a snapshot

    /** {@code 0x…} of 1 to 16 hex digits straight from the parser's buffer; {@link #NOT_HEX} for anything else. */
    private static long hex(char[] chars, int offset, int length) {
        if (length < 3 || length > 18 || chars[offset] != '0' || (chars[offset + 1] | 0x20) != 'x') {
            return NOT_HEX;
        }
        long value = 0;
        for (int i = offset + 2; i < offset + length; i++) {
            int d = Character.digit(chars[i], 16);
            if (d < 0) {
                return NOT_HEX;
            }
            value = (value << 4) | d;
        }
        return value; // a value equal to NOT_HEX just takes the slow path
    }
}
