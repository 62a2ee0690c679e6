package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FactAndOpenEnumTest {
    @Test
    void unknownVocabularyIsCarriedNotRejected() {
        TaskKind kind = TaskKind.of("detached-teams");
        assertThat(kind.isKnown()).isFalse();
        assertThat(kind.name()).isEqualTo("detached-teams");
        assertThat(TaskKind.of("explicit")).isSameAs(TaskKind.EXPLICIT);
        assertThat(ReturnCode.ofCode(6)).isEqualTo(ReturnCode.NEEDS_STATE_TRACKING);
        assertThat(ReturnCode.ofCode(99).name()).isEqualTo("rc_99");
    }

    @Test
    void unavailableFactsKeepTheirReturnCodeAndAdvice() {
        Fact<ThreadState> state = Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_state");
        assertThat(state.isKnown()).isFalse();
        assertThat(state.toString()).isEqualTo("unavailable (needs_state_tracking: ompd_get_state)");
        assertThat(ReturnCode.NEEDS_STATE_TRACKING.advice()).contains("OMP_DEBUG=enabled");
        assertThat(state.map(ThreadState::name)).isSameAs(state);
        assertThatThrownBy(state::get).hasMessageContaining("no known value");
    }

    @Test
    void addressesAreUnsigned64Bit() {
        assertThat(Address.parse("0xffffffffffffffff")).isEqualTo(-1L);
        assertThat(Address.hex(-1L)).isEqualTo("0xffffffffffffffff");
        assertThat(Address.parse("18446744073709551615")).isEqualTo(-1L);
        assertThatThrownBy(() -> Address.parse("0x10000000000000000")).hasMessageContaining("not a 64-bit address");
    }

    @Test
    void threadStatesAndFrameFlagsSpeakTheSpecsWords() {
        assertThat(ThreadState.ofValue(0x20).shortName()).isEqualTo("wait_taskwait");
        assertThat(ThreadState.ofValue(0x20).isWait()).isTrue();
        assertThat(ThreadState.ofValue(0x1).isWait()).isFalse();
        assertThat(ThreadState.ofValue(0x777).name()).isEqualTo("state_0x777");
        assertThat(new FrameInfo(0x7ffd0000L, 0x21).flagNames()).isEqualTo("application|framepointer");
        assertThat(new FrameInfo(0, 0).toString()).isEqualTo("none");
        assertThat(new IcvDefinition(new IcvId(1), "ompd-team-size-var", IcvScope.PARALLEL).ompName())
                .isEqualTo("team-size-var");
    }
}
