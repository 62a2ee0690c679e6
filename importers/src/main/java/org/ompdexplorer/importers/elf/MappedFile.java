package org.ompdexplorer.importers.elf;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A whole file mapped read-only into memory, with bounds-checked little-endian reads.
 *
 * <p>Cores reach gigabytes (mostly holes), so nothing is copied to the heap: the mapping lives in its
 * own shared {@link Arena} (shared, because readers may run on a background thread) and is released
 * by {@link #close()}. Every read checks its range first, so a truncated file yields an
 * {@link ElfFormatException} with the offset instead of an {@code IndexOutOfBoundsException}.
 *
 * <p>A file may also shrink after it was mapped (a core still being written, or truncated while read): the
 * kernel then answers a read of the lost pages with SIGBUS, which the JVM turns into an {@link InternalError}
 * in the reading thread. Every access is guarded so that this, too, becomes an {@link ElfFormatException}
 * naming the file and the offset; no view of the mapping is handed out, so no read escapes the guard.
 */
final class MappedFile implements AutoCloseable {
    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Path path;
    private final Arena arena;
    private final MemorySegment bytes;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Word used in "truncated ...": "core" or "ELF file"; set once the header says which. */
    private volatile String kind = "file";

    private MappedFile(Path path, Arena arena, MemorySegment bytes) {
        this.path = path;
        this.arena = arena;
        this.bytes = bytes;
    }

    /** Maps {@code path} read-only. */
    static MappedFile map(Path path) throws IOException {
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            return new MappedFile(path, arena, segment);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    Path path() {
        return path;
    }

    long size() {
        return bytes.byteSize();
    }

    void kind(String kind) {
        this.kind = kind;
    }

    /** Whether {@code [offset, offset + length)} lies inside the file. */
    boolean contains(long offset, long length) {
        return offset >= 0 && length >= 0 && offset <= size() && length <= size() - offset;
    }

    /** Throws unless {@code [offset, offset + length)} lies inside the file; {@code what} names the structure. */
    void check(long offset, long length, String what) throws ElfFormatException {
        if (!contains(offset, length)) {
            throw new ElfFormatException(path, offset, "truncated " + kind + ": " + what + " at offset "
                    + hex(offset) + (length > 0 ? " (" + length + " bytes)" : "")
                    + " extends past end of file (size " + size() + ")");
        }
    }

    int u8(long offset, String what) throws ElfFormatException {
        check(offset, 1, what);
        try {
            return Byte.toUnsignedInt(bytes.get(ValueLayout.JAVA_BYTE, offset));
        } catch (InternalError e) {
            throw lost(offset, what, e);
        }
    }

    int u16(long offset, String what) throws ElfFormatException {
        check(offset, 2, what);
        try {
            return Short.toUnsignedInt(bytes.get(U16, offset));
        } catch (InternalError e) {
            throw lost(offset, what, e);
        }
    }

    /** A 32-bit field; callers that need it unsigned use {@link Integer#toUnsignedLong}. */
    int u32(long offset, String what) throws ElfFormatException {
        check(offset, 4, what);
        try {
            return bytes.get(U32, offset);
        } catch (InternalError e) {
            throw lost(offset, what, e);
        }
    }

    long u64(long offset, String what) throws ElfFormatException {
        check(offset, 8, what);
        try {
            return bytes.get(U64, offset);
        } catch (InternalError e) {
            throw lost(offset, what, e);
        }
    }

    /** Copies a range to the heap; for small structures only. */
    byte[] bytes(long offset, int length, String what) throws ElfFormatException {
        check(offset, length, what);
        byte[] out = new byte[length];
        copyTo(offset, MemorySegment.ofArray(out), 0, length, what);
        return out;
    }

    /**
     * Copies {@code length} bytes at {@code offset} into {@code target} at {@code targetOffset}. The range must
     * lie in the file; the target must have room (both are the caller's bug otherwise, not the file's).
     */
    void copyTo(long offset, MemorySegment target, long targetOffset, long length, String what)
            throws ElfFormatException {
        check(offset, length, what);
        try {
            MemorySegment.copy(bytes, offset, target, targetOffset, length);
        } catch (InternalError e) {
            throw lost(offset, what, e);
        }
    }

    /**
     * The NUL-terminated string at {@code offset}, read at most up to {@code limit} (exclusive) and at most
     * {@code maxLength} bytes long. A string that runs into the limit without a NUL is a format error: string
     * tables end with one; one longer than {@code maxLength} is too (no real name is, and the bound keeps a
     * table of overlapping names from costing the square of its size).
     */
    String cString(long offset, long limit, int maxLength, String what) throws ElfFormatException {
        long length = stringLength(offset, limit, maxLength, what);
        return new String(bytes(offset, (int) length, what), StandardCharsets.UTF_8);
    }

    /** Length in bytes, without the NUL, of the string at {@code offset}; checked as {@link #cString}. */
    long stringLength(long offset, long limit, int maxLength, String what) throws ElfFormatException {
        long end = Math.min(limit, size());
        if (offset < 0 || offset >= end) {
            throw new ElfFormatException(path, offset, what + " at offset " + hex(offset)
                    + " lies outside its table (ends at " + hex(end) + ")");
        }
        long stop = Math.min(end, offset + maxLength + 1L);
        long nul = offset;
        try {
            while (nul < stop && bytes.get(ValueLayout.JAVA_BYTE, nul) != 0) {
                nul++;
            }
        } catch (InternalError e) {
            throw lost(nul, what, e);
        }
        if (nul == end) {
            throw new ElfFormatException(path, offset, what + " at offset " + hex(offset)
                    + " has no terminating NUL before " + hex(end));
        }
        if (nul == stop) {
            throw new ElfFormatException(path, offset, what + " at offset " + hex(offset) + " is longer than "
                    + maxLength + " bytes: the table is damaged");
        }
        return nul - offset;
    }

    /**
     * The error for a read the kernel could not serve (SIGBUS, turned into an {@link InternalError} by the JVM):
     * the file shrank since it was mapped, or the device failed.
     */
    ElfFormatException lost(long offset, String what, InternalError cause) {
        long now;
        try {
            now = Files.size(path);
        } catch (IOException | RuntimeException e) {
            now = -1;
        }
        String change = now >= 0 && now < size()
                ? "the file shrank from " + size() + " to " + now + " bytes while being read"
                : "the system could not read it (an I/O error, or the file changed while being read)";
        ElfFormatException error = new ElfFormatException(path, offset, "truncated " + kind + ": " + what
                + " at offset " + hex(offset) + " is gone: " + change + "; read it again once it is complete");
        error.initCause(cause);
        return error;
    }

    /** Releases the mapping; no read may follow. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            arena.close();
        }
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }
}
