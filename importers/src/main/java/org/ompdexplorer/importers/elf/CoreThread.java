package org.ompdexplorer.importers.elf;

import java.util.Arrays;
import java.util.Optional;

/**
 * One thread of a core, from its {@code NT_PRSTATUS} note (x86-64 layout).
 *
 * <p>Registers are in {@code struct user_regs_struct} order; the named accessors cover what a debugger
 * needs. On x86-64 glibc, {@link #fsBase()} is also the thread's {@code pthread_t}.
 */
public final class CoreThread {
    /** Index of {@code rbp} in {@link #register(int)}. */
    public static final int RBP = 4;
    /** Index of {@code rip}. */
    public static final int RIP = 16;
    /** Index of {@code rsp}. */
    public static final int RSP = 19;
    /** Index of {@code fs_base}: the thread pointer. */
    public static final int FS_BASE = 21;
    /** Number of general registers in {@code user_regs_struct}. */
    public static final int REGISTER_COUNT = 27;

    private final int lwp;
    private final int currentSignal;
    private final long[] registers;
    private final SignalInfo signalInfo;

    CoreThread(int lwp, int currentSignal, long[] registers, SignalInfo signalInfo) {
        this.lwp = lwp;
        this.currentSignal = currentSignal;
        this.registers = registers.clone();
        this.signalInfo = signalInfo;
    }

    CoreThread withSignalInfo(SignalInfo info) {
        return new CoreThread(lwp, currentSignal, registers, info);
    }

    /** The kernel's thread id ({@code pr_pid}: the LWP). */
    public int lwp() {
        return lwp;
    }

    /** The signal being delivered when the core was written ({@code pr_cursig}), 0 if none. */
    public int currentSignal() {
        return currentSignal;
    }

    /** General register {@code index} (0 to {@link #REGISTER_COUNT} - 1). */
    public long register(int index) {
        return registers[index];
    }

    /** The instruction pointer. */
    public long rip() {
        return registers[RIP];
    }

    /** The stack pointer. */
    public long rsp() {
        return registers[RSP];
    }

    /** The frame pointer. */
    public long rbp() {
        return registers[RBP];
    }

    /** The FS segment base: the thread pointer, equal to {@code pthread_self()} on x86-64 glibc. */
    public long fsBase() {
        return registers[FS_BASE];
    }

    /** The thread's own {@code NT_SIGINFO}, if the core has one for it (gcore writes one per thread). */
    public Optional<SignalInfo> signalInfo() {
        return Optional.ofNullable(signalInfo);
    }

    @Override
    public String toString() {
        return "CoreThread[lwp=" + lwp + ", signal=" + currentSignal + ", rip=0x" + Long.toHexString(rip())
                + ", fs_base=0x" + Long.toHexString(fsBase()) + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CoreThread t && t.lwp == lwp && t.currentSignal == currentSignal
                && Arrays.equals(t.registers, registers) && java.util.Objects.equals(t.signalInfo, signalInfo);
    }

    @Override
    public int hashCode() {
        return lwp * 31 + Arrays.hashCode(registers);
    }
}
