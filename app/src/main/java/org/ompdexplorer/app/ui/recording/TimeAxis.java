package org.ompdexplorer.app.ui.recording;

import java.math.BigDecimal;

/**
 * The timeline's time axis: ticks at round steps (1, 2 or 5 times a power of ten ns) at least a given number of ns
 * apart, labelled in the unit that reads best for the step ({@code 250 µs}, {@code 1.5 ms}, {@code 2 s}).
 */
final class TimeAxis {
    private TimeAxis() {
    }

    /** The smallest round step (1, 2, 5 × 10^k ns) of at least {@code least} ns. */
    static long step(double least) {
        long p = 1;
        while (true) {
            for (long m : new long[]{1, 2, 5}) {
                if (m * p >= least) {
                    return m * p;
                }
            }
            if (p > Long.MAX_VALUE / 100) {
                return p * 10;
            }
            p *= 10;
        }
    }

    /** Tick {@code t} labelled for ticks {@code step} ns apart: {@code 0}, {@code 250 µs}, {@code 1.5 ms}. */
    static String label(long t, long step) {
        if (t == 0) {
            return "0";
        }
        long unit;
        String name;
        if (step >= 1_000_000_000L || t >= 10_000_000_000L && step >= 100_000_000L) {
            unit = 1_000_000_000L;
            name = " s";
        } else if (step >= 1_000_000L) {
            unit = 1_000_000L;
            name = " ms";
        } else if (step >= 1_000L) {
            unit = 1_000L;
            name = " µs";
        } else {
            unit = 1;
            name = " ns";
        }
        return BigDecimal.valueOf(t).divide(BigDecimal.valueOf(unit)).stripTrailingZeros().toPlainString() + name;
    }
}
