package org.ompdexplorer.importers.elf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The device images clang embeds in a program built with {@code -fopenmp-targets=…}: its {@code .llvm.offloading}
 * section, a sequence of clang's offload binaries. Each binary is a 32-byte header (magic {@code 10 ff 10 ad},
 * version 1, its size, where its entry is), one 40-byte entry (image kind, offload kind, flags, a string table of
 * key/value offsets, the image's place) and the strings and image bytes, all offsets counted from the binary's
 * start; binaries follow each other at 8-byte alignment. The strings say what the image is for ({@code triple},
 * {@code arch}).
 *
 * <p>Lenient: a malformed binary ends the walk with a {@link Problem} naming its offset; what was read before it
 * is kept. Never throws for bad bytes.
 */
public final class OffloadSection {
    /** The section's name, and its type ({@code SHT_LLVM_OFFLOADING}). */
    public static final String NAME = ".llvm.offloading";
    public static final int SHT_LLVM_OFFLOADING = 0x6fff4c0b;
    /** The magic as a little-endian 32-bit word (bytes {@code 10 ff 10 ad}). */
    static final int MAGIC = 0xad10ff10;
    static final int VERSION = 1;
    static final int HEADER_SIZE = 32;
    static final int ENTRY_SIZE = 40;
    private static final int STRING_ENTRY_SIZE = 16;
    /** Limits against a damaged section: no compiler writes anywhere near these. */
    private static final int MAX_BINARIES = 4096;
    private static final int MAX_STRINGS = 1024;
    private static final int MAX_STRING = 4096;

    /** Reads {@code length} bytes at {@code offset} of the section (offsets are checked against its size first). */
    @FunctionalInterface
    public interface Source {
        byte[] read(long offset, int length) throws ElfFormatException;
    }

    /**
     * One offload binary.
     *
     * @param offset      where it starts in the section
     * @param imageKind   {@code ImageKind} (1 object, 2 bitcode, 3 cubin, 4 fatbinary, 5 PTX)
     * @param offloadKind {@code OffloadKind} (1 OpenMP, 2 CUDA, 3 HIP)
     * @param flags       the entry's flags
     * @param strings     its string table, in order (keys such as {@code triple}, {@code arch})
     * @param imageOffset where the image it carries starts in the section
     * @param imageSize   the image's size
     */
    public record Binary(long offset, int imageKind, int offloadKind, int flags, Map<String, String> strings,
                         long imageOffset, long imageSize) {
        public Binary {
            strings = Collections.unmodifiableMap(new LinkedHashMap<>(strings));
        }

        /** The target triple the image was built for, if the string table names one. */
        public Optional<String> triple() {
            return Optional.ofNullable(strings.get("triple")).filter(s -> !s.isEmpty());
        }
    }

    /**
     * Why the walk stopped early.
     *
     * @param offset where in the section
     * @param detail what was expected there and what was found
     */
    public record Problem(long offset, String detail) {
    }

    /** What the section holds: the binaries read, and the problem that stopped the walk, if any. */
    public record Contents(List<Binary> binaries, Optional<Problem> problem) {
        public static final Contents NONE = new Contents(List.of(), Optional.empty());

        public Contents {
            binaries = List.copyOf(binaries);
        }

        /** The distinct triples of the images, in section order. */
        public List<String> triples() {
            LinkedHashSet<String> triples = new LinkedHashSet<>();
            binaries.forEach(b -> b.triple().ifPresent(triples::add));
            return List.copyOf(triples);
        }
    }

    private final Source source;
    private final long size;

    private OffloadSection(Source source, long size) {
        this.source = source;
        this.size = size;
    }

    /** The section of {@code file}: by name, else by type; empty when the program carries no device images. */
    public static Optional<SectionHeader> find(ElfFile file) {
        Optional<SectionHeader> byName = file.section(NAME).filter(SectionHeader::hasFileBytes);
        return byName.isPresent() ? byName
                : file.sections().stream().filter(s -> s.type() == SHT_LLVM_OFFLOADING).findFirst();
    }

    /** The contents of {@code section} of {@code file}; problems carry offsets within the section. */
    public static Contents read(ElfFile file, SectionHeader section) {
        long start = section.offset();
        long length = section.size();
        if (start < 0 || length < 0 || start > file.size() || length > file.size() - start) {
            return new Contents(List.of(), Optional.of(new Problem(0, "the section header says " + length
                    + " bytes at file offset " + MappedFile.hex(start) + ", past the end of " + file.path()
                    + " (size " + file.size() + ")")));
        }
        return parse((offset, n) -> file.readBytes(start + offset, n), length);
    }

    /** The contents of a section given as bytes. */
    public static Contents parse(byte[] section) {
        return parse((offset, n) -> {
            byte[] out = new byte[n];
            System.arraycopy(section, (int) offset, out, 0, n);
            return out;
        }, section.length);
    }

    /** The contents of a section of {@code size} bytes read through {@code source}. */
    public static Contents parse(Source source, long size) {
        return new OffloadSection(source, size).walk();
    }

    private Contents walk() {
        List<Binary> binaries = new ArrayList<>();
        long at = 0;
        try {
            while (at < size) {
                if (binaries.size() >= MAX_BINARIES) {
                    return stop(binaries, at, "more than " + MAX_BINARIES + " offload binaries: the section is damaged");
                }
                if (size - at < HEADER_SIZE) {
                    return zeros(at, size - at) ? done(binaries)
                            : stop(binaries, at, (size - at) + " bytes left, too few for an offload binary header ("
                            + HEADER_SIZE + ")");
                }
                ByteBuffer header = bytes(at, HEADER_SIZE);
                int magic = header.getInt(0);
                if (magic != MAGIC) {
                    if (magic == 0 && zeros(at, size - at)) {
                        return done(binaries); // padding after the last binary
                    }
                    return stop(binaries, at, "no offload binary here: magic " + hex32(magic) + ", expected 10 ff 10 ad");
                }
                int version = header.getInt(4);
                if (version != VERSION) {
                    return stop(binaries, at, "offload binary version " + Integer.toUnsignedString(version)
                            + "; this reader knows version " + VERSION);
                }
                long binarySize = header.getLong(8);
                if (binarySize < HEADER_SIZE || Long.compareUnsigned(binarySize, size - at) > 0) {
                    return stop(binaries, at, "offload binary size " + Long.toUnsignedString(binarySize) + " does not fit"
                            + " in the " + (size - at) + " bytes left of the section");
                }
                Optional<String> bad = entry(at, binarySize, header.getLong(16), header.getLong(24), binaries);
                if (bad.isPresent()) {
                    return stop(binaries, at, bad.get());
                }
                at = align8(at + binarySize);
            }
        } catch (ElfFormatException e) {
            return stop(binaries, at, e.detail());
        }
        return done(binaries);
    }

    /** Reads the binary's entry and strings into {@code out}; the reason it cannot, if it cannot. */
    private Optional<String> entry(long at, long binarySize, long entryOffset, long entrySize, List<Binary> out)
            throws ElfFormatException {
        if (Long.compareUnsigned(entrySize, ENTRY_SIZE) < 0 || !within(entryOffset, entrySize, binarySize)) {
            return Optional.of("its entry (" + Long.toUnsignedString(entrySize) + " bytes at offset "
                    + MappedFile.hex(entryOffset) + ") does not fit in its " + binarySize + " bytes");
        }
        ByteBuffer entry = bytes(at + entryOffset, ENTRY_SIZE);
        int imageKind = Short.toUnsignedInt(entry.getShort(0));
        int offloadKind = Short.toUnsignedInt(entry.getShort(2));
        int flags = entry.getInt(4);
        long stringOffset = entry.getLong(8);
        long stringCount = entry.getLong(16);
        long imageOffset = entry.getLong(24);
        long imageSize = entry.getLong(32);
        if (Long.compareUnsigned(stringCount, MAX_STRINGS) > 0
                || !within(stringOffset, stringCount * STRING_ENTRY_SIZE, binarySize)) {
            return Optional.of("its string table (" + Long.toUnsignedString(stringCount) + " entries at offset "
                    + MappedFile.hex(stringOffset) + ") does not fit in its " + binarySize + " bytes");
        }
        if (!within(imageOffset, imageSize, binarySize)) {
            return Optional.of("its image (" + Long.toUnsignedString(imageSize) + " bytes at offset "
                    + MappedFile.hex(imageOffset) + ") does not fit in its " + binarySize + " bytes");
        }
        Map<String, String> strings = new LinkedHashMap<>();
        if (stringCount > 0) {
            ByteBuffer table = bytes(at + stringOffset, (int) stringCount * STRING_ENTRY_SIZE);
            for (int i = 0; i < stringCount; i++) {
                Optional<String> key = string(at, binarySize, table.getLong(i * STRING_ENTRY_SIZE));
                Optional<String> value = string(at, binarySize, table.getLong(i * STRING_ENTRY_SIZE + 8));
                if (key.isEmpty() || value.isEmpty()) {
                    return Optional.of("string " + i + " of its string table lies outside its " + binarySize
                            + " bytes or has no terminating NUL");
                }
                strings.putIfAbsent(key.get(), value.get());
            }
        }
        out.add(new Binary(at, imageKind, offloadKind, flags, strings, at + imageOffset, imageSize));
        return Optional.empty();
    }

    /** The NUL-terminated string at {@code offset} of the binary at {@code at}; empty if it runs out of the binary. */
    private Optional<String> string(long at, long binarySize, long offset) throws ElfFormatException {
        if (Long.compareUnsigned(offset, binarySize) >= 0) {
            return Optional.empty();
        }
        int n = (int) Math.min(binarySize - offset, MAX_STRING);
        byte[] b = source.read(at + offset, n);
        for (int i = 0; i < n; i++) {
            if (b[i] == 0) {
                return Optional.of(new String(b, 0, i, StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    /** Whether {@code length} bytes at {@code offset} lie within {@code limit} bytes (unsigned, no overflow). */
    private static boolean within(long offset, long length, long limit) {
        return Long.compareUnsigned(offset, limit) <= 0 && Long.compareUnsigned(length, limit - offset) <= 0;
    }

    private boolean zeros(long at, long length) throws ElfFormatException {
        for (long done = 0; done < length; done += MAX_STRING) {
            for (byte b : source.read(at + done, (int) Math.min(MAX_STRING, length - done))) {
                if (b != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    private ByteBuffer bytes(long offset, int length) throws ElfFormatException {
        return ByteBuffer.wrap(source.read(offset, length)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static long align8(long offset) {
        return (offset + 7) & ~7L;
    }

    private static String hex32(int value) {
        return String.format("%02x %02x %02x %02x", value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff,
                value >>> 24);
    }

    private static Contents done(List<Binary> binaries) {
        return new Contents(binaries, Optional.empty());
    }

    private static Contents stop(List<Binary> binaries, long at, String detail) {
        return new Contents(binaries, Optional.of(new Problem(at, detail)));
    }
}
