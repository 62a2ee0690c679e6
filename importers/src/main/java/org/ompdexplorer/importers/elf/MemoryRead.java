package org.ompdexplorer.importers.elf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The result of reading process memory from a core: the bytes, or why they cannot be had.
 */
public sealed interface MemoryRead {

    /**
     * The bytes were read.
     *
     * @param address where they start
     * @param bytes   the bytes (a fresh copy)
     */
    record Bytes(long address, byte[] bytes) implements MemoryRead {
        /** The little-endian 8-byte value at {@code offset} in these bytes. */
        public long longAt(int offset) {
            return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(offset);
        }

        /** The little-endian 4-byte value at {@code offset} in these bytes. */
        public int intAt(int offset) {
            return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(offset);
        }
    }

    /**
     * The read failed at {@code address} (the first byte that could not be had, which may lie after the
     * requested start).
     *
     * @param address where the read failed
     * @param reason  why
     * @param detail  a message naming the address and the files involved
     */
    record Failure(long address, Reason reason, String detail) implements MemoryRead {
    }

    /** Why memory could not be read. */
    enum Reason {
        /** No segment of the core and no mapped file covers the address: the process had nothing there. */
        UNMAPPED,
        /** The process had memory there, but the core did not dump it and no file backs it. */
        NOT_DUMPED,
        /** The bytes should be in the core, but the core file is cut off before them. */
        TRUNCATED_CORE,
        /** The bytes are in a mapped file that was not found on this machine (see {@link PathResolver}). */
        FILE_NOT_FOUND,
        /** The mapped file found on this machine is not the one the process had (its headers differ). */
        FILE_MISMATCH,
        /** The mapped file found is shorter than the mapping needs, or cannot be read. */
        FILE_UNREADABLE
    }
}
