package org.ompdexplorer.importers.elf;

/**
 * The ELF64 file header, with the extended numbering (more than 0xfff0 program headers or sections)
 * already resolved from section header 0.
 *
 * @param type          {@code e_type}: {@link #ET_EXEC}, {@link #ET_DYN}, {@link #ET_CORE}, ...
 * @param machine       {@code e_machine}, for example {@link #EM_X86_64}
 * @param entry         {@code e_entry}
 * @param phOffset      file offset of the program header table
 * @param phEntrySize   size of one program header
 * @param phCount       number of program headers
 * @param shOffset      file offset of the section header table (0 if none)
 * @param shEntrySize   size of one section header
 * @param shCount       number of section headers
 * @param shStringIndex index of the section holding section names
 */
public record ElfHeader(int type, int machine, long entry, long phOffset, int phEntrySize, int phCount,
                        long shOffset, int shEntrySize, int shCount, int shStringIndex) {
    /** Relocatable object. */
    public static final int ET_REL = 1;
    /** Executable with fixed addresses. */
    public static final int ET_EXEC = 2;
    /** Shared object or position-independent executable. */
    public static final int ET_DYN = 3;
    /** Core file. */
    public static final int ET_CORE = 4;
    /** AMD x86-64. */
    public static final int EM_X86_64 = 62;

    /** Size of the identification at the start of every ELF file. */
    static final int EI_NIDENT = 16;
    /** Size of the ELF64 header. */
    static final int SIZE = 64;
    static final int PROGRAM_HEADER_SIZE = 56;
    static final int SECTION_HEADER_SIZE = 64;

    private static final int PN_XNUM = 0xffff;
    private static final int SHN_XINDEX = 0xffff;

    /** Reads and checks the header: ELF magic, 64-bit, little-endian, version 1, sane table entry sizes. */
    static ElfHeader read(MappedFile file) throws ElfFormatException {
        // the identification first: a 32-bit file is shorter than a 64-bit header, and is not "truncated"
        file.check(0, EI_NIDENT, "ELF identification");
        int magic = file.u32(0, "ELF magic");
        if (magic != 0x464c457f) {
            throw new ElfFormatException(file.path(), 0, "not an ELF file: expected magic 7f 45 4c 46, found "
                    + String.format("%02x %02x %02x %02x", magic & 0xff, (magic >>> 8) & 0xff,
                            (magic >>> 16) & 0xff, magic >>> 24));
        }
        int elfClass = file.u8(4, "EI_CLASS");
        if (elfClass == 1) {
            throw new ElfFormatException(file.path(), 4, "a 32-bit ELF file (EI_CLASS 1): only 64-bit (x86-64) cores"
                    + " and programs are read");
        }
        if (elfClass != 2) {
            throw new ElfFormatException(file.path(), 4, "expected a 64-bit ELF file (EI_CLASS 2), found class " + elfClass);
        }
        int data = file.u8(5, "EI_DATA");
        if (data != 1) {
            throw new ElfFormatException(file.path(), 5, "expected a little-endian ELF file (EI_DATA 1), found " + data);
        }
        file.check(0, SIZE, "ELF header");
        int type = file.u16(16, "e_type");
        file.kind(type == ET_CORE ? "core" : "ELF file");
        int machine = file.u16(18, "e_machine");
        long entry = file.u64(24, "e_entry");
        long phOffset = file.u64(32, "e_phoff");
        long shOffset = file.u64(40, "e_shoff");
        int phEntrySize = file.u16(54, "e_phentsize");
        int phCount = file.u16(56, "e_phnum");
        int shEntrySize = file.u16(58, "e_shentsize");
        int shCount = file.u16(60, "e_shnum");
        int shStringIndex = file.u16(62, "e_shstrndx");

        if (shOffset != 0 && shEntrySize != SECTION_HEADER_SIZE) {
            throw new ElfFormatException(file.path(), 58, "expected section header size " + SECTION_HEADER_SIZE
                    + ", found " + shEntrySize);
        }
        // Extended numbering: the real counts live in section header 0.
        if (shOffset != 0 && (phCount == PN_XNUM || shCount == 0 || shStringIndex == SHN_XINDEX)) {
            if (phCount == PN_XNUM) {
                long count = Integer.toUnsignedLong(file.u32(shOffset + 44, "section header 0 (sh_info: program header count)"));
                if (count > (file.size() / PROGRAM_HEADER_SIZE)) {
                    throw new ElfFormatException(file.path(), shOffset + 44, "section header 0 claims " + count
                            + " program headers, more than the file's " + file.size() + " bytes can hold");
                }
                phCount = (int) count;
            }
            if (shCount == 0) {
                long count = file.u64(shOffset + 32, "section header 0 (sh_size: section count)");
                if (count < 0 || count > file.size() / SECTION_HEADER_SIZE) {
                    throw new ElfFormatException(file.path(), shOffset + 32, "section header 0 claims "
                            + Long.toUnsignedString(count) + " sections, more than the file's " + file.size()
                            + " bytes can hold");
                }
                shCount = (int) count;
            }
            if (shStringIndex == SHN_XINDEX) {
                shStringIndex = file.u32(shOffset + 40, "section header 0 (sh_link)");
            }
        }
        if (phCount > 0 && phEntrySize != PROGRAM_HEADER_SIZE) {
            throw new ElfFormatException(file.path(), 54, "expected program header size " + PROGRAM_HEADER_SIZE
                    + ", found " + phEntrySize);
        }
        if (shOffset == 0) {
            shCount = 0;
        }
        return new ElfHeader(type, machine, entry, phOffset, phEntrySize, phCount, shOffset, shEntrySize,
                shCount, shStringIndex);
    }

    /** A short name for {@link #type()}, for messages. */
    public String typeName() {
        return switch (type) {
            case ET_REL -> "ET_REL";
            case ET_EXEC -> "ET_EXEC";
            case ET_DYN -> "ET_DYN";
            case ET_CORE -> "ET_CORE";
            default -> "type " + type;
        };
    }
}
