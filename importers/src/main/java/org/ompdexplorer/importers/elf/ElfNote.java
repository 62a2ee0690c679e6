package org.ompdexplorer.importers.elf;

/**
 * One note (from a {@code PT_NOTE} segment or an {@code SHT_NOTE} section).
 *
 * @param name       the owner, without the trailing NUL: "CORE", "LINUX", "GNU", ...
 * @param type       {@code n_type}; its meaning depends on the owner
 * @param offset     file offset of the note's header
 * @param descOffset file offset of the descriptor
 * @param descSize   size of the descriptor in bytes
 */
public record ElfNote(String name, int type, long offset, long descOffset, long descSize) {
    /** {@code NT_PRSTATUS} (owner CORE): one per thread. */
    public static final int NT_PRSTATUS = 1;
    /** {@code NT_PRFPREG} (owner CORE). */
    public static final int NT_PRFPREG = 2;
    /** {@code NT_PRPSINFO} (owner CORE): the process. */
    public static final int NT_PRPSINFO = 3;
    /** {@code NT_AUXV} (owner CORE): the auxiliary vector. */
    public static final int NT_AUXV = 6;
    /** {@code NT_FILE} (owner CORE): mapped files. */
    public static final int NT_FILE = 0x46494c45;
    /** {@code NT_SIGINFO} (owner CORE): the signal. */
    public static final int NT_SIGINFO = 0x53494749;
    /** {@code NT_GNU_BUILD_ID} (owner GNU). */
    public static final int NT_GNU_BUILD_ID = 3;

    /** Whether this note has the given owner and type. */
    public boolean is(String owner, int noteType) {
        return type == noteType && name.equals(owner);
    }
}
