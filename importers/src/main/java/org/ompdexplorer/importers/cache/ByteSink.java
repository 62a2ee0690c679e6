package org.ompdexplorer.importers.cache;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte array written with LEB128 variable-length integers: most numbers in a snapshot are small. */
final class ByteSink {
    private byte[] bytes;
    private int size;

    ByteSink(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    int size() {
        return size;
    }

    byte[] array() {
        return bytes;
    }

    void put(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    void put(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    /** An unsigned 64-bit value in 1–10 bytes. */
    void varLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    /** A signed value, zig-zag encoded so that small negative numbers stay short. */
    void signedLong(long v) {
        varLong((v << 1) ^ (v >> 63));
    }

    void fixedLong(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (v >>> (8 * i));
        }
    }

    /**
     * A string: UTF-8 when it is well-formed UTF-16, else its UTF-16 code units as they are (JSON may carry a lone
     * surrogate, which UTF-8 cannot) — the length's low bit says which.
     */
    void string(String s) {
        if (wellFormed(s)) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            varLong((long) utf8.length << 1);
            put(utf8);
            return;
        }
        varLong(((long) s.length() << 1) | 1);
        ensure(2 * s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            bytes[size++] = (byte) c;
            bytes[size++] = (byte) (c >>> 8);
        }
    }

    private static boolean wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            long wanted = Math.max((long) bytes.length * 2, (long) size + more);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("a reopen cache section may not exceed 2 GiB");
            }
            bytes = Arrays.copyOf(bytes, (int) wanted);
        }
    }
}
