package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Byte counts are unsigned 64-bit: never shown negative, sums saturate rather than wrap. */
class ByteCountTest {
    @Test
    void countsAtAndAbove2To63AreWrittenUnsigned() {
        assertThat(ByteCount.exact(-1L)).isEqualTo("18,446,744,073,709,551,615");
        assertThat(ByteCount.text(-1L)).isEqualTo("16.0 EiB (18,446,744,073,709,551,615 B)");
        assertThat(ByteCount.text(Long.MIN_VALUE)).isEqualTo("8.0 EiB (9,223,372,036,854,775,808 B)");
        assertThat(ByteCount.text(8000)).isEqualTo("7.8 KiB (8,000 B)");
        assertThat(ByteCount.text(1023)).isEqualTo("1,023 B");
    }

    @Test
    void sumsSaturateAt2To64MinusOne() {
        assertThat(ByteCount.add(-2L, 1)).isEqualTo(-1L);
        assertThat(ByteCount.add(-1L, 5)).isEqualTo(-1L);
        assertThat(ByteCount.add(Long.MAX_VALUE, 1)).isEqualTo(Long.MIN_VALUE); // 2^63 is a count, not an overflow
        assertThat(ByteCount.add(3, 4)).isEqualTo(7);
    }

    @Test
    void nothingMovedIsNoneAndAnyBytesOrOpsAreCounted() {
        assertThat(ByteCount.moved(0, 0, "op", "ops")).isEqualTo("none");
        assertThat(ByteCount.moved(8000, 1, "op", "ops")).isEqualTo("7.8 KiB (8,000 B) in 1 op");
        assertThat(ByteCount.moved(0, 2, "op", "ops")).isEqualTo("0 B in 2 ops");
    }
}
