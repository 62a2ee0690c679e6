package org.ompdexplorer.importers.elf;

/**
 * One ELF64 section header, with its name resolved.
 *
 * @param index     position in the section header table
 * @param name      name from the section name string table ("" if it has none)
 * @param type      {@code sh_type}, for example {@link #SHT_SYMTAB}
 * @param flags     {@code sh_flags}
 * @param address   virtual address when loaded (0 if not loaded)
 * @param offset    file offset of the section's bytes
 * @param size      size in bytes (in the file, unless {@link #SHT_NOBITS})
 * @param link      {@code sh_link}: for symbol tables, the index of their string table
 * @param info      {@code sh_info}
 * @param alignment {@code sh_addralign}
 * @param entrySize size of one entry for tables
 */
public record SectionHeader(int index, String name, int type, long flags, long address, long offset, long size,
                            int link, int info, long alignment, long entrySize) {
    public static final int SHT_PROGBITS = 1;
    public static final int SHT_SYMTAB = 2;
    public static final int SHT_STRTAB = 3;
    public static final int SHT_NOTE = 7;
    public static final int SHT_NOBITS = 8;
    public static final int SHT_DYNSYM = 11;

    /** Whether the section has bytes in the file. */
    public boolean hasFileBytes() {
        return type != SHT_NOBITS && type != 0;
    }
}
