package org.ompdexplorer.importers;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The decompressed bytes of a gzip stream (RFC 1952) of any number of members, read in a loop: the JDK's
 * {@code GZIPInputStream} calls itself once per member that gives no bytes, so 10,000 empty members overflowed
 * the stack. Each member's header, CRC and length are checked; every failure is a {@link GzipInput.Damaged} that
 * says where, in compressed bytes. What it decompresses is bounded: past {@code floor} bytes, at most
 * {@code ratio} decompressed bytes per compressed byte read. The end of a member is followed by the end of the
 * input, another member, or bytes that are neither: they end the stream, and {@link #trailingAt} says where.
 */
final class GzipMembers extends InputStream {
    private static final int BUFFER = 1 << 16;
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final InputStream in;
    private final String input;
    private final long floor;
    private final int ratio;
    private final byte[] buffer = new byte[BUFFER];
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final CRC32 headerCrc = new CRC32();
    private int pos;
    private int limit;
    private long read; // compressed bytes taken from the input
    private long decompressed;
    private long memberSize;
    private boolean inMember;
    private boolean ended;
    private long trailingAt = -1;

    private GzipMembers(InputStream in, String input, long floor, int ratio) {
        this.in = in;
        this.input = input;
        this.floor = floor;
        this.ratio = ratio;
    }

    /** Reads the first member's header: a stream that does not start like gzip is damaged. */
    static GzipMembers open(InputStream in, String input, long floor, int ratio) throws IOException {
        GzipMembers members = new GzipMembers(in, input, floor, ratio);
        if (!members.header(true)) {
            throw GzipInput.Damaged.damaged(input, 0, "Not in GZIP format");
        }
        return members;
    }

    String input() {
        return input;
    }

    /** The compressed bytes read so far (some may wait in the buffer). */
    long compressedRead() {
        return read;
    }

    /** The offset of the bytes after the last member that were not a member, or −1. */
    long trailingAt() {
        return trailingAt;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        while (!ended) {
            if (!inMember) {
                if (!header(false)) {
                    ended = true;
                }
                continue;
            }
            if (inflater.needsInput()) {
                if (pos == limit && !fill()) {
                    throw GzipInput.Damaged.truncated(input, read);
                }
                inflater.setInput(buffer, pos, limit - pos);
            }
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw GzipInput.Damaged.damaged(input, read - inflater.getRemaining(),
                        e.getMessage() == null ? "not deflate data" : e.getMessage());
            }
            pos = limit - inflater.getRemaining();
            if (n > 0) {
                crc.update(b, off, n);
                memberSize += n;
                decompressed += n;
                if (decompressed > floor && decompressed / ratio > read) {
                    throw GzipInput.Damaged.pastRatio(input, read, decompressed);
                }
                return n;
            }
            if (inflater.finished()) {
                trailer();
            } else if (inflater.needsDictionary()) {
                throw GzipInput.Damaged.damaged(input, offset(), "a preset dictionary, which gzip never uses");
            }
        }
        return -1;
    }

    @Override
    public void close() {
        inflater.end();
    }

    /** The offset of the next compressed byte not yet used. */
    private long offset() {
        return read - (limit - pos);
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        read += n;
        return true;
    }

    /** The next compressed byte, or −1 at the end of the input. */
    private int next() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buffer[pos++] & 0xff;
    }

    /** The next byte of a header or trailer: the input must not end there. */
    private int needed() throws IOException {
        int b = next();
        if (b < 0) {
            throw GzipInput.Damaged.truncated(input, read);
        }
        headerCrc.update(b);
        return b;
    }

    /**
     * Reads a member's header; {@code false} at the end of the input or, after the first member, at bytes that
     * do not start one (noted in {@link #trailingAt}).
     */
    private boolean header(boolean first) throws IOException {
        long at = offset();
        int id1 = next();
        if (id1 < 0) {
            return false;
        }
        int id2 = next();
        if (id1 != 0x1f || id2 != 0x8b) {
            if (first) {
                throw GzipInput.Damaged.damaged(input, at, "Not in GZIP format");
            }
            trailingAt = at;
            return false;
        }
        headerCrc.reset();
        headerCrc.update(id1);
        headerCrc.update(id2);
        if (needed() != 8) {
            throw GzipInput.Damaged.damaged(input, offset() - 1, "Unsupported compression method");
        }
        int flags = needed();
        for (int i = 0; i < 6; i++) { // modification time, extra flags, operating system
            needed();
        }
        if ((flags & FEXTRA) != 0) {
            int length = needed() | needed() << 8;
            for (int i = 0; i < length; i++) {
                needed();
            }
        }
        for (int field : new int[] {FNAME, FCOMMENT}) {
            if ((flags & field) != 0) {
                while (needed() != 0) {
                    // a zero-terminated name or comment
                }
            }
        }
        if ((flags & FHCRC) != 0) {
            int expected = (int) headerCrc.getValue() & 0xffff;
            if ((needed() | needed() << 8) != expected) {
                throw GzipInput.Damaged.damaged(input, offset() - 2, "Corrupt GZIP header");
            }
        }
        inflater.reset();
        crc.reset();
        memberSize = 0;
        inMember = true;
        return true;
    }

    /** Checks a member's CRC and length (modulo 2^32), which follow its deflate data. */
    private void trailer() throws IOException {
        long at = offset();
        long expectedCrc = word();
        long expectedSize = word();
        if (expectedCrc != crc.getValue() || expectedSize != (memberSize & 0xffffffffL)) {
            throw GzipInput.Damaged.damaged(input, at, "Corrupt GZIP trailer");
        }
        inMember = false;
    }

    private long word() throws IOException {
        return needed() | (long) needed() << 8 | (long) needed() << 16 | (long) needed() << 24;
    }
}
