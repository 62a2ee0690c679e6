package org.ompdexplorer.importers.elf;

/**
 * One ELF64 program header (segment).
 *
 * @param index    position in the program header table
 * @param type     {@code p_type}, for example {@link #PT_LOAD}
 * @param flags    {@code p_flags}: {@link #PF_X}, {@link #PF_W}, {@link #PF_R}
 * @param offset   file offset of the segment's bytes
 * @param vaddr    virtual address
 * @param fileSize bytes present in the file (in a core: bytes dumped; 0 for file-backed text)
 * @param memSize  bytes the segment occupies in memory
 * @param align    {@code p_align}
 */
public record ProgramHeader(int index, int type, int flags, long offset, long vaddr, long fileSize,
                            long memSize, long align) {
    public static final int PT_LOAD = 1;
    public static final int PT_DYNAMIC = 2;
    public static final int PT_INTERP = 3;
    public static final int PT_NOTE = 4;
    public static final int PT_TLS = 7;
    public static final int PF_X = 1;
    public static final int PF_W = 2;
    public static final int PF_R = 4;

    static ProgramHeader read(MappedFile file, long at, int index) throws ElfFormatException {
        file.check(at, ElfHeader.PROGRAM_HEADER_SIZE, "program header " + index);
        return new ProgramHeader(index, file.u32(at, "p_type"), file.u32(at + 4, "p_flags"),
                file.u64(at + 8, "p_offset"), file.u64(at + 16, "p_vaddr"), file.u64(at + 32, "p_filesz"),
                file.u64(at + 40, "p_memsz"), file.u64(at + 48, "p_align"));
    }

    /** Whether this is a loadable segment. */
    public boolean isLoad() {
        return type == PT_LOAD;
    }

    /** Whether {@code address} falls in {@code [vaddr, vaddr + memSize)}. */
    public boolean containsAddress(long address) {
        return Long.compareUnsigned(address, vaddr) >= 0 && Long.compareUnsigned(address - vaddr, memSize) < 0;
    }
}
