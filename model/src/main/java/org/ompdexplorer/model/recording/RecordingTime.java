package org.ompdexplorer.model.recording;

import java.util.Locale;

/** Times in a recording: nanoseconds since its start, written and read as {@code 1.5ms}, {@code 2s}, {@code 50%}. */
public final class RecordingTime {
    private RecordingTime() {
    }

    /** {@code 1.500 ms}, {@code 2.000 s}, {@code 750 ns}: what a message shows. */
    public static String format(long ns) {
        if (ns < 1_000) {
            return ns + " ns";
        }
        if (ns < 1_000_000) {
            return String.format(Locale.ROOT, "%.3f µs", ns / 1e3);
        }
        if (ns < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
        }
        return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
    }

    /**
     * A moment given as a time from the start ({@code 1.5ms}, {@code 200us}, {@code 2s}, {@code 300ns}) or a share
     * of the run ({@code 50%}), in ns since the start.
     *
     * @throws IllegalArgumentException naming the text and the forms it may take
     */
    public static long parse(String text, long duration) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (s.endsWith("%")) {
                double p = Double.parseDouble(s.substring(0, s.length() - 1));
                if (p < 0 || p > 100) {
                    throw new NumberFormatException();
                }
                return Math.round(duration * p / 100);
            }
            String[][] units = {{"ns", "1"}, {"us", "1e3"}, {"µs", "1e3"}, {"ms", "1e6"}, {"s", "1e9"}};
            for (String[] u : units) {
                if (s.endsWith(u[0])) {
                    double v = Double.parseDouble(s.substring(0, s.length() - u[0].length()).strip());
                    if (v < 0) {
                        throw new NumberFormatException();
                    }
                    return Math.round(v * Double.parseDouble(u[1]));
                }
            }
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("\"" + text + "\" is no moment of a recording: write a time from the start"
                + " like 1.5ms, 200us, 2s or a share of the run like 50%");
    }
}
