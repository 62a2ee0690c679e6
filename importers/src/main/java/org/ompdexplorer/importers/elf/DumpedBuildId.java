package org.ompdexplorer.importers.elf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The GNU build-id of a mapped module as the process had it, read from the bytes the core dumped (the kernel
 * and gdb's {@code gcore} both dump the first page of every mapped ELF file, which holds its headers and
 * build-id note), never from a file on this machine. Comparing it with the build-id of the file found on disk
 * tells whether that file is the one the process ran.
 */
public final class DumpedBuildId {
    private static final int ELF_MAGIC = 0x464c457f;
    private static final int PT_LOAD = 1;
    private static final int PT_NOTE = 4;
    private static final int MAX_NOTES = 64 * 1024;

    private DumpedBuildId() {
    }

    /**
     * The build-id of {@code module} as lowercase hex, if the core dumped its ELF headers and build-id note;
     * empty when the core lacks them (then nothing can be compared).
     */
    public static Optional<String> of(MemoryImage memory, LoadedModule module) {
        return of((address, length) -> memory.readDumped(address, length), module);
    }

    /** What the core itself holds at an address: the bytes, or empty when it does not hold them all. */
    @FunctionalInterface
    public interface Dumped {
        Optional<byte[]> read(long address, int length);
    }

    /** {@link #of(MemoryImage, LoadedModule)} reading only through {@code memory}. */
    public static Optional<String> of(Dumped memory, LoadedModule module) {
        long base = module.mappings().stream().filter(m -> m.fileOffset() == 0).mapToLong(FileMapping::start)
                .findFirst().orElse(-1);
        if (base == -1) {
            return Optional.empty();
        }
        Optional<ByteBuffer> header = dumped(memory, base, ElfHeader.SIZE);
        if (header.isEmpty() || header.get().getInt(0) != ELF_MAGIC) {
            return Optional.empty();
        }
        long phOffset = header.get().getLong(32);
        int phSize = Short.toUnsignedInt(header.get().getShort(54));
        int phCount = Short.toUnsignedInt(header.get().getShort(56));
        if (phSize != ElfHeader.PROGRAM_HEADER_SIZE || phCount == 0 || phCount > 4096) {
            return Optional.empty();
        }
        Optional<ByteBuffer> table = dumped(memory, base + phOffset, phSize * phCount);
        if (table.isEmpty()) {
            return Optional.empty();
        }
        ByteBuffer ph = table.get();
        long firstLoad = Long.MIN_VALUE;
        for (int i = 0; i < phCount; i++) {
            if (ph.getInt(i * phSize) == PT_LOAD) {
                firstLoad = ph.getLong(i * phSize + 16) - ph.getLong(i * phSize + 8); // p_vaddr - p_offset
                break;
            }
        }
        if (firstLoad == Long.MIN_VALUE) {
            return Optional.empty();
        }
        long bias = base - firstLoad;
        for (int i = 0; i < phCount; i++) {
            int at = i * phSize;
            long size = ph.getLong(at + 32);
            if (ph.getInt(at) == PT_NOTE && size > 0 && size <= MAX_NOTES) {
                Optional<ByteBuffer> notes = dumped(memory, bias + ph.getLong(at + 16), (int) size);
                Optional<String> id = notes.flatMap(DumpedBuildId::buildIdNote);
                if (id.isPresent()) {
                    return id;
                }
            }
        }
        return Optional.empty();
    }

    /** The GNU build-id among the notes in {@code notes} (4-byte aligned, as in every build-id segment). */
    private static Optional<String> buildIdNote(ByteBuffer notes) {
        long at = 0;
        while (at + 12 <= notes.limit()) {
            int base = (int) at;
            long nameSize = Integer.toUnsignedLong(notes.getInt(base));
            long descSize = Integer.toUnsignedLong(notes.getInt(base + 4));
            int type = notes.getInt(base + 8);
            long nameAt = at + 12;
            long descAt = nameAt + align4(nameSize);
            if (descAt + descSize > notes.limit()) {
                return Optional.empty();
            }
            if (type == ElfNote.NT_GNU_BUILD_ID && nameSize == 4) {
                byte[] name = new byte[3];
                notes.get((int) nameAt, name);
                if (new String(name, StandardCharsets.US_ASCII).equals("GNU")) {
                    byte[] desc = new byte[(int) descSize];
                    notes.get((int) descAt, desc);
                    return Optional.of(HexFormat.of().formatHex(desc));
                }
            }
            at = descAt + align4(descSize);
        }
        return Optional.empty();
    }

    private static long align4(long n) {
        return (n + 3) & ~3;
    }

    private static Optional<ByteBuffer> dumped(Dumped memory, long address, int length) {
        return memory.read(address, length).map(b -> ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN));
    }
}
