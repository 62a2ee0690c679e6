package org.ompdexplorer.importers.symbols;

import java.util.Optional;
import org.ompdexplorer.importers.elf.CallTargets;
import org.ompdexplorer.model.CodeNames;

/**
 * Whether a creation site (OMPT's {@code codeptr_ra}, a return address) is where the construct is: right after a
 * call into the OpenMP runtime. When the instruction before it is a call to another function, that function
 * entered the runtime by a tail call (a {@code jmp}), so the runtime returns to — and names — the caller's caller;
 * when it is no call at all, the runtime gave something else (a task's entry). x86-64 encodings only.
 */
final class ReturnAddresses {
    /** What the instruction before a return address is. */
    enum Verdict {
        /** a call into the OpenMP runtime (directly, through the PLT or the GOT): the site is exact */
        RUNTIME_CALL,
        /** a call to some other known function, which must have tail-called the runtime */
        OTHER_CALL,
        /** no call instruction ends there */
        NO_CALL,
        /** an indirect call, or bytes the file does not have: nothing can be said */
        UNKNOWN;

        boolean possiblyInexact() {
            return this == OTHER_CALL || this == NO_CALL;
        }
    }

    /** What the check reads of a module: its bytes and the names of call targets (CallTargets; tests fake it). */
    interface Code {
        /** {@code length} bytes at link-time address {@code vaddr}, or empty. */
        Optional<byte[]> read(long vaddr, int length);

        /** The function a direct call to {@code target} reaches, by name. */
        Optional<String> direct(long target);

        /** The function a call through the GOT slot at {@code slot} reaches, by name. */
        Optional<String> slot(long slot);
    }

    private ReturnAddresses() {
    }

    /** The verdict on link-time return address {@code ra} of the module {@code targets} reads. */
    static Verdict check(CallTargets targets, long ra) {
        return check(new Code() {
            @Override
            public Optional<byte[]> read(long vaddr, int length) {
                return targets.read(vaddr, length);
            }

            @Override
            public Optional<String> direct(long target) {
                return targets.direct(target);
            }

            @Override
            public Optional<String> slot(long slot) {
                return targets.slot(slot);
            }
        }, ra);
    }

    /** The verdict on link-time return address {@code ra} of {@code targets}. */
    static Verdict check(Code targets, long ra) {
        Optional<byte[]> read = targets.read(ra - 8, 8).or(() -> targets.read(ra - 5, 5));
        if (read.isEmpty()) {
            return Verdict.UNKNOWN;
        }
        byte[] b = read.get();
        int n = b.length;
        if (u8(b, n - 5) == 0xe8) { // call rel32
            return named(targets.direct(ra + rel32(b, n - 4)));
        }
        if (n >= 6 && u8(b, n - 6) == 0xff && u8(b, n - 5) == 0x15) { // call *disp32(%rip): -fno-plt
            return named(targets.slot(ra + rel32(b, n - 4)));
        }
        for (int length = 2; length <= n; length++) {
            int at = n - length;
            if (indirectCall(b, at, length) || (u8(b, at) & 0xf0) == 0x40 && indirectCall(b, at + 1, length - 1)) {
                return Verdict.UNKNOWN;
            }
        }
        return Verdict.NO_CALL;
    }

    private static Verdict named(Optional<String> name) {
        if (name.isEmpty()) {
            return Verdict.UNKNOWN;
        }
        return isRuntimeEntry(name.get()) ? Verdict.RUNTIME_CALL : Verdict.OTHER_CALL;
    }

    /** libomp's and libgomp's entry points, and libomptarget's for target constructs. */
    static boolean isRuntimeEntry(String name) {
        return CodeNames.isRuntime(name) || name.startsWith("__tgt_");
    }

    /** Whether {@code b[at…at+length)} is exactly one {@code ff /2} (call near, indirect) instruction. */
    private static boolean indirectCall(byte[] b, int at, int length) {
        if (length < 2 || u8(b, at) != 0xff) {
            return false;
        }
        int modrm = u8(b, at + 1);
        if ((modrm >> 3 & 7) != 2) {
            return false;
        }
        int mod = modrm >> 6;
        int rm = modrm & 7;
        int size = 2;
        if (mod != 3 && rm == 4) {
            size++; // SIB
            if (mod == 0 && at + 2 < b.length && (u8(b, at + 2) & 7) == 5) {
                size += 4; // SIB without base: disp32
            }
        }
        if (mod == 1) {
            size += 1;
        } else if (mod == 2 || mod == 0 && rm == 5) {
            size += 4;
        }
        return size == length;
    }

    private static int u8(byte[] b, int at) {
        return at < 0 ? -1 : b[at] & 0xff;
    }

    private static long rel32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (long) b[at + 3] << 24;
    }
}
