package org.ompdexplorer.model;

import java.math.BigInteger;
import java.util.Locale;

/**
 * Byte counts as the format holds them: unsigned 64-bit. One way to add and to write them, for the window, the
 * explanations, the diff and the command line, so that a count above 2^63 is never shown negative.
 */
public final class ByteCount {
    private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private ByteCount() {
    }

    /** The unsigned sum, saturating at 2^64 − 1 (written {@code -1} as a long). */
    public static long add(long a, long b) {
        long sum = a + b;
        return Long.compareUnsigned(sum, a) < 0 ? -1L : sum;
    }

    /** {@code 8,000}: the exact unsigned count with thousands separators. */
    public static String exact(long n) {
        return String.format(Locale.ROOT, "%,d", new BigInteger(Long.toUnsignedString(n)));
    }

    /** {@code 8,000 B}, or {@code 7.8 KiB (8,000 B)} from 1 KiB up: exact bytes always, a binary unit beside. */
    public static String text(long n) {
        String exact = exact(n) + " B";
        if (Long.compareUnsigned(n, 1024) < 0) {
            return exact;
        }
        double v = n < 0 ? 0x1p64 + n : n;
        int u = -1;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s (%s)", v, UNITS[u], exact);
    }

    /** Transfers one way: {@code none}, or {@code 8,000 B in 1 op}. */
    public static String moved(long bytes, long ops, String op, String ops2) {
        return bytes == 0 && ops == 0 ? "none" : text(bytes) + " in " + ops + " " + (ops == 1 ? op : ops2);
    }
}
