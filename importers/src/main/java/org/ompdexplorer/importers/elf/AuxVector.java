package org.ompdexplorer.importers.elf;

import java.util.List;
import java.util.OptionalLong;

/**
 * The auxiliary vector from the {@code NT_AUXV} note: what the kernel told the program at exec.
 *
 * @param entries the (type, value) pairs in order, without the terminating {@code AT_NULL}
 */
public record AuxVector(List<Entry> entries) {
    /** Address of the executable's program headers. */
    public static final long AT_PHDR = 3;
    /** Page size. */
    public static final long AT_PAGESZ = 6;
    /** Load address of the dynamic loader. */
    public static final long AT_BASE = 7;
    /** The executable's entry point. */
    public static final long AT_ENTRY = 9;
    /** Address of 16 random bytes. */
    public static final long AT_RANDOM = 25;
    /** Address of the executable's path as passed to execve (a NUL-terminated string). */
    public static final long AT_EXECFN = 31;
    /** Address of the vDSO's ELF header. */
    public static final long AT_SYSINFO_EHDR = 33;

    public AuxVector {
        entries = List.copyOf(entries);
    }

    /** The value of the first entry of {@code type}. */
    public OptionalLong get(long type) {
        for (Entry e : entries) {
            if (e.type() == type) {
                return OptionalLong.of(e.value());
            }
        }
        return OptionalLong.empty();
    }

    /**
     * One auxiliary vector entry.
     *
     * @param type  {@code a_type}, for example {@link #AT_EXECFN}
     * @param value {@code a_val}
     */
    public record Entry(long type, long value) {
    }
}
