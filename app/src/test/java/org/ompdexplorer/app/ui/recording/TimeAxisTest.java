package org.ompdexplorer.app.ui.recording;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The time axis' round steps and their labels. */
class TimeAxisTest {
    @Test
    void stepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(TimeAxis.step(0.3)).isEqualTo(1);
        assertThat(TimeAxis.step(3)).isEqualTo(5);
        assertThat(TimeAxis.step(1234)).isEqualTo(2000);
        assertThat(TimeAxis.step(2_000_001)).isEqualTo(5_000_000);
    }

    @Test
    void labelsReadInTheStepsUnit() {
        assertThat(TimeAxis.label(0, 500)).isEqualTo("0");
        assertThat(TimeAxis.label(1500, 500)).isEqualTo("1500 ns");
        assertThat(TimeAxis.label(250_000, 50_000)).isEqualTo("250 µs");
        assertThat(TimeAxis.label(1_500_000, 500_000)).isEqualTo("1500 µs");
        assertThat(TimeAxis.label(1_500_000, 1_000_000)).isEqualTo("1.5 ms");
        assertThat(TimeAxis.label(3_000_000_000L, 1_000_000_000L)).isEqualTo("3 s");
    }
}
