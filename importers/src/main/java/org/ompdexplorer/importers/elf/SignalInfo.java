package org.ompdexplorer.importers.elf;

/**
 * A {@code siginfo_t} from an {@code NT_SIGINFO} note.
 *
 * @param signal  {@code si_signo} (0 if none, as gcore writes for threads that were merely stopped)
 * @param errno   {@code si_errno}
 * @param code    {@code si_code}
 * @param address {@code si_addr}: the faulting address for SIGSEGV, SIGBUS, SIGILL, SIGFPE (else the
 *                raw field, for example sender pid and uid)
 */
public record SignalInfo(int signal, int errno, int code, long address) {
}
