package org.ompdexplorer.model;

import java.util.Locale;

/**
 * Long text cut for reports, with its length said: {@code fib_with_a_very_long_na…(15,728,640 characters)}. A
 * snapshot may hold a name of 16 MiB that a report repeats on every row that names its entity (a thread's current
 * task on every thread), so reports show at most {@link #NAME} characters of a name and {@link #VALUE} of a value:
 * their size stays a small multiple of the input's. O(1) in the length of what is cut.
 */
public final class TextCut {
    /** Characters of a name (a symbol, an ICV's name, a label) a report shows. */
    public static final int NAME = 120;
    /** Characters of one value (a field's before or after, a place, a list of tasks) a report shows. */
    public static final int VALUE = 400;

    private TextCut() {
    }

    /** {@code text} when it has at most {@code max} characters, else its first ones and its length; null stays null. */
    public static String cut(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "…(" + String.format(Locale.ROOT, "%,d", text.length()) + " characters)";
    }

    /** A name cut to {@link #NAME} characters. */
    public static String name(String text) {
        return cut(text, NAME);
    }

    /** A value cut to {@link #VALUE} characters. */
    public static String value(String text) {
        return cut(text, VALUE);
    }

    /**
     * Parts joined by {@code separator} and cut to {@link #VALUE} characters, without building more than that: a
     * list of a million tasks costs its count, not a million names in one string.
     */
    public static String join(String separator, Iterable<String> parts) {
        StringBuilder b = new StringBuilder();
        long length = 0;
        for (String part : parts) {
            int add = (length == 0 ? 0 : separator.length()) + part.length();
            if (b.length() <= VALUE) {
                b.append(length == 0 ? "" : separator).append(part, 0, Math.min(part.length(), VALUE + 1));
            }
            length += add;
        }
        if (length <= VALUE) {
            return b.toString();
        }
        int end = Character.isHighSurrogate(b.charAt(VALUE - 1)) ? VALUE - 1 : VALUE;
        return b.substring(0, end) + "…(" + String.format(Locale.ROOT, "%,d", length) + " characters)";
    }
}
