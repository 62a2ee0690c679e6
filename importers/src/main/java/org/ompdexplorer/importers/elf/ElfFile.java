package org.ompdexplorer.importers.elf;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An ELF64 little-endian file (executable, shared object or core), mapped read-only.
 *
 * <p>Opening reads and checks the header, the program header table and the section header table, so a
 * file cut short there fails at once with an {@link ElfFormatException} naming the offset. Everything
 * else (notes, symbols, segment bytes) is read on demand from the mapping, never copied whole to the
 * heap. The mapping is released by {@link #close()}; views returned before then become unusable.
 */
public final class ElfFile implements AutoCloseable {
    /** Longest section name or debug link name taken; real ones are a few dozen bytes. */
    static final int MAX_NAME = 4096;
    /** Longest build-id taken: GNU ld writes 20 bytes (SHA-1), 16 (MD5) or up to 64 with --build-id=0x. */
    private static final int MAX_BUILD_ID = 1024;

    private final MappedFile file;
    private final ElfHeader header;
    private final List<ProgramHeader> programHeaders;
    private final List<SectionHeader> sections;
    private final List<ElfFormatException> problems;
    private volatile SymbolTable symbols;

    private ElfFile(MappedFile file, ElfHeader header, List<ProgramHeader> programHeaders,
                    List<SectionHeader> sections, List<ElfFormatException> problems) {
        this.file = file;
        this.header = header;
        this.programHeaders = programHeaders;
        this.sections = sections;
        this.problems = problems;
    }

    /**
     * Maps and checks {@code path}.
     *
     * @throws IOException         if the file cannot be opened or mapped
     * @throws ElfFormatException  if it is not a well-formed ELF64 little-endian file
     */
    public static ElfFile open(Path path) throws IOException, ElfFormatException {
        MappedFile file = MappedFile.map(path);
        try {
            return read(file);
        } catch (ElfFormatException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    private static ElfFile read(MappedFile file) throws ElfFormatException {
        ElfHeader header = ElfHeader.read(file);
        // Room only for what the file can hold: a damaged count fails at the first missing entry, not in an allocation.
        List<ProgramHeader> programHeaders = new ArrayList<>(capacity(file, header.phCount(),
                ElfHeader.PROGRAM_HEADER_SIZE));
        for (int i = 0; i < header.phCount(); i++) {
            programHeaders.add(ProgramHeader.read(file, header.phOffset() + (long) i * header.phEntrySize(), i));
        }
        List<SectionHeader> sections;
        List<ElfFormatException> problems = List.of();
        try {
            sections = readSections(file, header);
        } catch (ElfFormatException e) {
            // A core's sections (gcore writes some, after the notes) only mirror its segments: a core cut
            // short there is still readable, and the error that matters is the one about its notes.
            if (header.type() != ElfHeader.ET_CORE) {
                throw e;
            }
            sections = List.of();
            problems = List.of(e);
        }
        return new ElfFile(file, header, List.copyOf(programHeaders), sections, problems);
    }

    private static List<SectionHeader> readSections(MappedFile file, ElfHeader header) throws ElfFormatException {
        int count = header.shCount();
        List<long[]> raw = new ArrayList<>(capacity(file, count, ElfHeader.SECTION_HEADER_SIZE));
        for (int i = 0; i < count; i++) {
            long at = header.shOffset() + (long) i * ElfHeader.SECTION_HEADER_SIZE;
            file.check(at, ElfHeader.SECTION_HEADER_SIZE, "section header " + i);
            raw.add(new long[] {
                Integer.toUnsignedLong(file.u32(at, "sh_name")), file.u32(at + 4, "sh_type"),
                file.u64(at + 8, "sh_flags"), file.u64(at + 16, "sh_addr"), file.u64(at + 24, "sh_offset"),
                file.u64(at + 32, "sh_size"), file.u32(at + 40, "sh_link"), file.u32(at + 44, "sh_info"),
                file.u64(at + 48, "sh_addralign"), file.u64(at + 56, "sh_entsize")});
        }
        // Names come from the section-name string table, which is itself one of the sections.
        int names = header.shStringIndex();
        boolean haveNames = names > 0 && names < count;
        long namesOffset = haveNames ? raw.get(names)[4] : 0;
        long namesSize = haveNames ? raw.get(names)[5] : 0;
        if (haveNames) {
            file.check(namesOffset, namesSize, "section name table (section " + names + ")");
        }
        List<SectionHeader> sections = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long[] r = raw.get(i);
            String name = haveNames && r[0] < namesSize
                    ? file.cString(namesOffset + r[0], namesOffset + namesSize, MAX_NAME, "name of section " + i)
                    : "";
            sections.add(new SectionHeader(i, name, (int) r[1], r[2], r[3], r[4], r[5], (int) r[6], (int) r[7],
                    r[8], r[9]));
        }
        return List.copyOf(sections);
    }

    /** How many entries of {@code size} bytes to make room for: {@code count}, unless the file is shorter. */
    private static int capacity(MappedFile file, int count, int size) {
        return (int) Math.max(0, Math.min(count, file.size() / size));
    }

    /** The path this file was opened from. */
    public Path path() {
        return file.path();
    }

    /** The file's size in bytes. */
    public long size() {
        return file.size();
    }

    public ElfHeader header() {
        return header;
    }

    /** All program headers, in table order. */
    public List<ProgramHeader> programHeaders() {
        return programHeaders;
    }

    /** All section headers, in table order (empty for cores and fully stripped files). */
    public List<SectionHeader> sections() {
        return sections;
    }

    /** Damage that did not stop reading: a core's section header table cut off. */
    public List<ElfFormatException> problems() {
        return problems;
    }

    /** The first section named {@code name}. */
    public Optional<SectionHeader> section(String name) {
        return sections.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * All notes: from the {@code PT_NOTE} segments if there are any (cores, linked files), else from the
     * {@code SHT_NOTE} sections (relocatable objects).
     */
    public List<ElfNote> notes() throws ElfFormatException {
        return guarded("notes", this::readNotes);
    }

    private List<ElfNote> readNotes() throws ElfFormatException {
        List<ElfNote> notes = new ArrayList<>();
        boolean anySegment = false;
        for (ProgramHeader ph : programHeaders) {
            if (ph.type() == ProgramHeader.PT_NOTE) {
                anySegment = true;
                notes.addAll(ElfNotes.read(file, ph.offset(), ph.fileSize(), ph.align(), "note segment " + ph.index()));
            }
        }
        if (!anySegment) {
            for (SectionHeader sh : sections) {
                if (sh.type() == SectionHeader.SHT_NOTE) {
                    notes.addAll(notes(sh));
                }
            }
        }
        return List.copyOf(notes);
    }

    /** The notes of one {@code SHT_NOTE} section. */
    public List<ElfNote> notes(SectionHeader section) throws ElfFormatException {
        return guarded("note section " + section.name(), () -> ElfNotes.read(file, section.offset(), section.size(), section.alignment(),
                "note section " + section.name()));
    }

    /** The symbol tables ({@code .symtab} and {@code .dynsym}), indexed on first use. */
    public SymbolTable symbols() throws ElfFormatException {
        return guarded("symbol tables", this::readSymbols);
    }

    private SymbolTable readSymbols() throws ElfFormatException {
        SymbolTable table = symbols;
        if (table == null) {
            synchronized (this) {
                table = symbols;
                if (table == null) {
                    table = SymbolTable.read(file, sections);
                    symbols = table;
                }
            }
        }
        return table;
    }

    /** The GNU build-id as lowercase hex, from {@code .note.gnu.build-id} or any GNU build-id note. */
    public Optional<String> buildId() throws ElfFormatException {
        Optional<SectionHeader> section = section(".note.gnu.build-id");
        List<ElfNote> candidates = section.isPresent() ? notes(section.get()) : notes();
        for (ElfNote note : candidates) {
            if (note.is("GNU", ElfNote.NT_GNU_BUILD_ID)) {
                if (note.descSize() > MAX_BUILD_ID) {
                    throw new ElfFormatException(file.path(), note.offset(), "build-id note at offset "
                            + MappedFile.hex(note.offset()) + " is " + note.descSize() + " bytes long, more than any"
                            + " linker writes (" + MAX_BUILD_ID + "): the note is damaged");
                }
                byte[] id = file.bytes(note.descOffset(), (int) note.descSize(), "build-id");
                return Optional.of(HexFormat.of().formatHex(id));
            }
        }
        return Optional.empty();
    }

    /** The separate debug file named by {@code .gnu_debuglink}: its file name and CRC-32. */
    public Optional<DebugLink> debugLink() throws ElfFormatException {
        Optional<SectionHeader> section = section(".gnu_debuglink");
        if (section.isEmpty()) {
            return Optional.empty();
        }
        SectionHeader sh = section.get();
        long end = sh.offset() + sh.size();
        String name = file.cString(sh.offset(), end, MAX_NAME, ".gnu_debuglink name");
        // The CRC follows the name, its NUL and padding to a 4-byte boundary.
        long crcAt = sh.offset() + ((name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1 + 3) & ~3L);
        if (crcAt + 4 > end) {
            throw new ElfFormatException(file.path(), crcAt, ".gnu_debuglink CRC lies past the section's end");
        }
        return Optional.of(new DebugLink(name, Integer.toUnsignedLong(file.u32(crcAt, ".gnu_debuglink CRC"))));
    }

    /** The file offset holding virtual address {@code vaddr}, if a {@code PT_LOAD} segment has it in the file. */
    public OptionalLong fileOffsetOf(long vaddr) {
        for (ProgramHeader ph : programHeaders) {
            if (ph.isLoad() && ph.containsAddress(vaddr) && Long.compareUnsigned(vaddr - ph.vaddr(), ph.fileSize()) < 0) {
                return OptionalLong.of(ph.offset() + (vaddr - ph.vaddr()));
            }
        }
        return OptionalLong.empty();
    }

    /**
     * Bytes at a virtual address of this file as linked (no load bias), for reading constants from
     * {@code .rodata}: empty if no segment has all of them in the file.
     */
    public Optional<byte[]> readVirtual(long vaddr, int length) throws ElfFormatException {
        if (length < 0) {
            return Optional.empty();
        }
        OptionalLong start = fileOffsetOf(vaddr);
        OptionalLong last = length == 0 ? start : fileOffsetOf(vaddr + length - 1);
        if (start.isEmpty() || last.isEmpty() || last.getAsLong() - start.getAsLong() != Math.max(0, length - 1)) {
            return Optional.empty();
        }
        return Optional.of(file.bytes(start.getAsLong(), length, "bytes at address " + MappedFile.hex(vaddr)));
    }

    /**
     * A copy of {@code length} bytes at file offset {@code offset}, as a heap segment: never a view of the
     * mapping, which would fault if the file shrank while the view is in use.
     */
    public MemorySegment slice(long offset, long length) throws ElfFormatException {
        if (length > Integer.MAX_VALUE) {
            throw new ElfFormatException(file.path(), offset, "cannot copy " + length + " bytes at offset "
                    + MappedFile.hex(offset) + " to memory: read it in parts");
        }
        return MemorySegment.ofArray(readBytes(offset, (int) length));
    }

    /** A copy of {@code length} bytes at file offset {@code offset}. */
    public byte[] readBytes(long offset, int length) throws ElfFormatException {
        try {
            return file.bytes(offset, length, "range");
        } catch (InternalError e) {
            // a fault in a bulk copy from a shrunk file may surface only after the copy returned (HotSpot delivers
            // it asynchronously), past MappedFile's own catch
            throw file.lost(offset, "range", e);
        }
    }

    MappedFile mapped() {
        return file;
    }

    /** Releases the mapping. */
    @Override
    public void close() {
        file.close();
    }

    /** A read of the mapping. */
    private interface Read<T> {
        T run() throws ElfFormatException;
    }

    /**
     * Runs {@code read}, turning a SIGBUS the JVM reports late (after MappedFile's own guard, at a safepoint of
     * compiled code that inlined the access) into the same error: the file shrank while being read.
     */
    private <T> T guarded(String what, Read<T> read) throws ElfFormatException {
        try {
            return read.run();
        } catch (InternalError e) {
            ElfFormatException error = new ElfFormatException(file.path(), -1, "truncated " + (header.type()
                    == ElfHeader.ET_CORE ? "core" : "ELF file") + ": reading its " + what + " failed: the file shrank"
                    + " or could not be read while being read (size when opened " + file.size() + "); read it again"
                    + " once it is complete");
            error.initCause(e);
            throw error;
        }
    }

    /**
     * A {@code .gnu_debuglink}: the separate debug file's name and the CRC-32 of its contents.
     *
     * @param fileName the debug file's name (no directory)
     * @param crc32    the CRC-32 of that file
     */
    public record DebugLink(String fileName, long crc32) {
    }
}
