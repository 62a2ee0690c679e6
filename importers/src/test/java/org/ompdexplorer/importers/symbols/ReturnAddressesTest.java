package org.ompdexplorer.importers.symbols;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.symbols.ReturnAddresses.Verdict;

/**
 * The instruction before a return address, decoded from bytes: a direct call, one through the GOT, an indirect one
 * through a register or memory, and no call; and the named target: the runtime's entry points, anything else.
 */
class ReturnAddressesTest {
    private static final long RA = 0x2000;

    /** A module whose bytes end at {@code RA} with {@code code}, and whose calls reach the named functions. */
    private static ReturnAddresses.Code module(int[] code, Map<Long, String> direct, Map<Long, String> slots) {
        byte[] bytes = new byte[16];
        for (int i = 0; i < code.length; i++) {
            bytes[16 - code.length + i] = (byte) code[i];
        }
        return new ReturnAddresses.Code() {
            @Override
            public Optional<byte[]> read(long vaddr, int length) {
                int from = (int) (vaddr - (RA - 16));
                return from < 0 || from + length > 16 ? Optional.empty()
                        : Optional.of(java.util.Arrays.copyOfRange(bytes, from, from + length));
            }

            @Override
            public Optional<String> direct(long target) {
                return Optional.ofNullable(direct.get(target));
            }

            @Override
            public Optional<String> slot(long slot) {
                return Optional.ofNullable(slots.get(slot));
            }
        };
    }

    private static Verdict direct(String name) {
        // call rel32 to RA + 0x100
        Map<Long, String> targets = new HashMap<>();
        if (name != null) {
            targets.put(RA + 0x100, name);
        }
        return ReturnAddresses.check(module(new int[]{0xe8, 0x00, 0x01, 0x00, 0x00}, targets, Map.of()), RA);
    }

    @Test
    void aDirectCallIsExactIntoTheRuntimeAndATailCallElsewhere() {
        assertThat(direct("__kmpc_omp_task")).isEqualTo(Verdict.RUNTIME_CALL);
        assertThat(direct("__kmpc_fork_call")).isEqualTo(Verdict.RUNTIME_CALL);
        assertThat(direct("GOMP_task")).isEqualTo(Verdict.RUNTIME_CALL);
        assertThat(direct("__tgt_target_kernel")).isEqualTo(Verdict.RUNTIME_CALL);
        assertThat(direct("calls_tail")).isEqualTo(Verdict.OTHER_CALL);
        assertThat(direct(null)).as("a target the file does not name").isEqualTo(Verdict.UNKNOWN);
        assertThat(Verdict.OTHER_CALL.possiblyInexact()).isTrue();
        assertThat(Verdict.RUNTIME_CALL.possiblyInexact()).isFalse();
        assertThat(Verdict.UNKNOWN.possiblyInexact()).isFalse();
    }

    @Test
    void aBackwardCallsDisplacementIsSigned() {
        // call rel32 -0x1000
        Verdict v = ReturnAddresses.check(module(new int[]{0xe8, 0x00, 0xf0, 0xff, 0xff},
                Map.of(RA - 0x1000, "__kmpc_omp_task"), Map.of()), RA);
        assertThat(v).isEqualTo(Verdict.RUNTIME_CALL);
    }

    @Test
    void aCallThroughTheGotIsNamedByItsSlot() {
        // call *0x20(%rip): ff 15 20 00 00 00, -fno-plt
        int[] code = {0xff, 0x15, 0x20, 0x00, 0x00, 0x00};
        assertThat(ReturnAddresses.check(module(code, Map.of(), Map.of(RA + 0x20, "__kmpc_omp_task")), RA))
                .isEqualTo(Verdict.RUNTIME_CALL);
        assertThat(ReturnAddresses.check(module(code, Map.of(), Map.of(RA + 0x20, "helper")), RA))
                .isEqualTo(Verdict.OTHER_CALL);
    }

    @Test
    void anIndirectCallSaysNothing() {
        assertThat(ReturnAddresses.check(module(new int[]{0xff, 0xd0}, Map.of(), Map.of()), RA)) // call *%rax
                .isEqualTo(Verdict.UNKNOWN);
        assertThat(ReturnAddresses.check(module(new int[]{0x41, 0xff, 0xd3}, Map.of(), Map.of()), RA)) // call *%r11
                .isEqualTo(Verdict.UNKNOWN);
        assertThat(ReturnAddresses.check(module(new int[]{0xff, 0x50, 0x08}, Map.of(), Map.of()), RA)) // *8(%rax)
                .isEqualTo(Verdict.UNKNOWN);
        assertThat(ReturnAddresses.check(module(new int[]{0xff, 0x14, 0x24}, Map.of(), Map.of()), RA)) // *(%rsp)
                .isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void noCallBeforeItIsInexactAndNoBytesUnknown() {
        // a function's first bytes (push %rbp; mov %rsp,%rbp): what libomp gives a deferred target's task
        assertThat(ReturnAddresses.check(module(new int[]{0x90, 0x90, 0x55, 0x48, 0x89, 0xe5}, Map.of(), Map.of()),
                RA)).isEqualTo(Verdict.NO_CALL);
        assertThat(ReturnAddresses.check(module(new int[]{}, Map.of(), Map.of()), 0x10)).isEqualTo(Verdict.UNKNOWN);
    }
}
