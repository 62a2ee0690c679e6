package org.ompdexplorer.importers.elf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Splits a note area into notes. */
final class ElfNotes {
    /** Real owner names are a few bytes ("CORE", "LINUX", "GNU"); a huge one means a corrupt header. */
    private static final long MAX_NAME = 256;
    /**
     * More notes than any core has (a kernel core writes about six per thread): an area of empty 12-byte notes
     * must not become millions of objects.
     */
    static final int MAX_NOTES = 1 << 20;

    private ElfNotes() {
    }

    /**
     * Reads the notes in {@code [offset, offset + size)}. Names and descriptors are padded to 4 bytes,
     * or to 8 in areas aligned to 8 (GNU property notes); cores use 4 whatever their {@code p_align}
     * says (gcore writes 1).
     */
    static List<ElfNote> read(MappedFile file, long offset, long size, long align, String what)
            throws ElfFormatException {
        file.check(offset, size, what);
        long pad = align == 8 ? 8 : 4;
        long end = offset + size;
        List<ElfNote> notes = new ArrayList<>();
        long at = offset;
        while (end - at >= 12) {
            if (notes.size() == MAX_NOTES) {
                throw new ElfFormatException(file.path(), at, what + " holds more than " + MAX_NOTES
                        + " notes (at offset " + MappedFile.hex(at) + "): the area is damaged");
            }
            long nameSize = Integer.toUnsignedLong(file.u32(at, "note n_namesz"));
            long descSize = Integer.toUnsignedLong(file.u32(at + 4, "note n_descsz"));
            int type = file.u32(at + 8, "note n_type");
            long nameAt = at + 12;
            // Padding is relative to the note's start: with 8-byte alignment the 12-byte header plus a
            // 4-byte name already ends on a boundary.
            long descAt = at + align(12 + nameSize, pad);
            long next = descAt + align(descSize, pad);
            // The last descriptor's padding may be missing; the descriptor itself may not.
            if (descAt + descSize > end) {
                throw new ElfFormatException(file.path(), at, "note at offset " + MappedFile.hex(at) + " in " + what
                        + " (name " + nameSize + " bytes, descriptor " + descSize + " bytes) runs past the area's end at "
                        + MappedFile.hex(end));
            }
            if (nameSize > MAX_NAME) {
                throw new ElfFormatException(file.path(), at, "note at offset " + MappedFile.hex(at) + " in " + what
                        + " has an implausible name size " + nameSize);
            }
            String name = name(file.bytes(nameAt, (int) nameSize, "note name"));
            notes.add(new ElfNote(name, type, at, descAt, descSize));
            at = Math.min(next, end);
        }
        return notes;
    }

    /** The owner name without its NUL padding; some producers leave the NUL out. */
    private static String name(byte[] raw) {
        int length = raw.length;
        while (length > 0 && raw[length - 1] == 0) {
            length--;
        }
        String name = new String(raw, 0, length, StandardCharsets.US_ASCII);
        // One shared copy of the common owners: a core has thousands of notes.
        return switch (name) {
            case "CORE" -> "CORE";
            case "LINUX" -> "LINUX";
            case "GNU" -> "GNU";
            default -> name;
        };
    }

    private static long align(long value, long to) {
        return (value + to - 1) & -to;
    }
}
