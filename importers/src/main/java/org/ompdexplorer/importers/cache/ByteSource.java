package org.ompdexplorer.importers.cache;

import java.nio.charset.StandardCharsets;

/**
 * Reads what a {@link ByteSink} wrote, from an array copied out of the mapped cache file in one go (plain array
 * reads are what a cold JVM runs fastest). Every read is bounds-checked, so a damaged file ends in an exception the
 * cache turns into a miss, never in a read past its end.
 */
final class ByteSource {
    private final byte[] bytes;
    private int at;

    ByteSource(byte[] bytes) {
        this.bytes = bytes;
    }

    int position() {
        return at;
    }

    int remaining() {
        return bytes.length - at;
    }

    int get() {
        if (at >= bytes.length) {
            throw new CacheFormatException("the data ends early");
        }
        return bytes[at++] & 0xFF;
    }

    byte[] get(int length) {
        if (length < 0 || length > remaining()) {
            throw new CacheFormatException("a length of " + length + " runs past the end");
        }
        byte[] b = new byte[length];
        System.arraycopy(bytes, at, b, 0, length);
        at += length;
        return b;
    }

    long varLong() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = get();
            v |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                return v;
            }
        }
        throw new CacheFormatException("a number longer than 10 bytes");
    }

    int varInt() {
        long v = varLong();
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new CacheFormatException("a count of " + v + " is out of range");
        }
        return (int) v;
    }

    long signedLong() {
        long v = varLong();
        return (v >>> 1) ^ -(v & 1);
    }

    long fixedLong() {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v |= (long) get() << (8 * i);
        }
        return v;
    }

    /** A string as {@link ByteSink#string} wrote it: UTF-8, or UTF-16 code units when the length's low bit is set. */
    String string() {
        long header = varLong();
        if ((header & 1) != 0) {
            char[] units = new char[checkedLength(header >>> 1, 2)];
            for (int i = 0; i < units.length; i++) {
                units[i] = (char) (get() | get() << 8);
            }
            return new String(units);
        }
        int length = checkedLength(header >>> 1, 1);
        String s = new String(bytes, at, length, StandardCharsets.UTF_8);
        at += length;
        return s;
    }

    private int checkedLength(long units, int bytesEach) {
        if (units < 0 || units * bytesEach > remaining()) {
            throw new CacheFormatException("a string of " + units + " runs past the end");
        }
        return (int) units;
    }
}
