package org.ompdexplorer.app.ui;

import java.util.Locale;

/**
 * The presentation zoom: the whole window's text and the sizes given in em grow by these steps, for a projector.
 * Stored in the preferences as its factor ({@code 1.5}); a stored value between steps snaps to the nearest.
 */
public final class UiScale {
    /** 100 %, 125 %, 150 %, 175 %, 200 %, 250 %. */
    static final double[] STEPS = {1.0, 1.25, 1.5, 1.75, 2.0, 2.5};
    public static final double ACTUAL_SIZE = 1.0;

    private UiScale() {
    }

    /** The step after {@code scale}, or the largest. */
    static double larger(double scale) {
        for (double s : STEPS) {
            if (s > scale + 1e-6) {
                return s;
            }
        }
        return STEPS[STEPS.length - 1];
    }

    /** The step before {@code scale}, or the smallest. */
    static double smaller(double scale) {
        for (int i = STEPS.length - 1; i >= 0; i--) {
            if (STEPS[i] < scale - 1e-6) {
                return STEPS[i];
            }
        }
        return STEPS[0];
    }

    /** A stored factor as a step: the nearest one, or actual size when it is not a number. */
    static double parse(String stored) {
        try {
            double v = Double.parseDouble(stored);
            double best = ACTUAL_SIZE;
            for (double s : STEPS) {
                if (Math.abs(s - v) < Math.abs(best - v)) {
                    best = s;
                }
            }
            return best;
        } catch (NumberFormatException | NullPointerException e) {
            return ACTUAL_SIZE;
        }
    }

    /** {@code 150 %}. */
    static String percent(double scale) {
        return String.format(Locale.ROOT, "%d %%", Math.round(scale * 100));
    }
}
