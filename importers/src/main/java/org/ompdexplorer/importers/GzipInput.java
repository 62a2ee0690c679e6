package org.ompdexplorer.importers;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.zip.ZipException;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * A gzip-compressed snapshot ({@code *.json.gz}), recognized by its first two bytes rather than by its name, read
 * as the JSON it holds. Members written one after the other ({@code cat a.gz b.gz}) read as one stream, from a
 * pipe as from a file, one after another in a loop ({@link GzipMembers}: the JDK's stream recursed once per empty
 * member). A damaged stream — truncated, a bad CRC, not deflate — ends the read with one located message
 * ({@link #damaged}) rather than an I/O error; so does a stream that decompresses to more than {@value #MAX_RATIO}
 * times the compressed bytes read (past the first {@value #FLOOR_MIB} MiB): no snapshot compresses that well, a
 * gzip bomb does. Bytes after the last member that are not one are a located error ({@link #trailingContent}).
 */
final class GzipInput {
    /**
     * The most decompressed bytes per compressed byte read. A snapshot compresses about 25 times (every task has
     * its own ids, addresses and creation order); deflate can reach 1,032 times, on runs of one byte.
     */
    static final int MAX_RATIO = 200;
    /** What any input may decompress to whatever its size: a small file is never stopped by the ratio. */
    static final int FLOOR_MIB = 64;

    private final GzipMembers members;

    private GzipInput(GzipMembers members) {
        this.members = members;
    }

    /** Whether {@code head} starts with gzip's magic bytes, 0x1f 0x8b. */
    static boolean isGzip(byte[] head) {
        return head.length >= 2 && head[0] == (byte) 0x1f && head[1] == (byte) 0x8b;
    }

    /** Starts decompressing {@code in}; reads the gzip header. */
    static GzipInput open(InputStream in, String input) throws IOException {
        return new GzipInput(GzipMembers.open(in, input, (long) FLOOR_MIB << 20, MAX_RATIO));
    }

    /** The decompressed bytes: the JSON. */
    InputStream json() {
        return members;
    }

    /**
     * Reads what is left after the JSON, so that the stream's own check (its CRC and length) is made: a parser
     * stops at the closing brace, before the end of the stream. Bounded like every read: by the ratio.
     */
    void checkToTheEnd() throws IOException {
        members.transferTo(java.io.OutputStream.nullOutputStream());
    }

    /**
     * Bytes after the last member that do not start another one, as a located error; {@code null} when there were
     * none, or the stream was not read to its end.
     */
    Diagnostic trailingContent() {
        long at = members.trailingAt();
        if (at < 0) {
            return null;
        }
        String input = members.input();
        return Diagnostic.error("trailing-content", input + " has content after the compressed snapshot, at"
                        + " compressed byte " + at + ", that is not gzip data (the tail of an older file, or"
                        + " something appended)", "the snapshot before it is read; to keep it alone: zcat " + input
                        + " | gzip > fixed.json.gz (zcat warns of what it ignores)",
                new Location(input, 0, 0, null, at, null, null));
    }

    /**
     * The failure to report for a syntax error in the decompressed JSON: damaged bytes can decompress into
     * nonsense before the stream's CRC says so, so the rest of the stream is checked first; a damaged stream is
     * the cause to name, else the syntax error, its line:column said to count in the decompressed JSON.
     */
    MalformedInputException damageBehind(MalformedInputException syntax) {
        try {
            checkToTheEnd();
        } catch (Damaged d) {
            return d.failure();
        } catch (IOException e) {
            // unreadable past the error: the syntax error is what is known
        }
        return inDecompressed(syntax);
    }

    /** A progress listener that counts the compressed bytes read, so that the total is the file's size. */
    ProgressListener countingCompressed(ProgressListener progress) {
        return new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
                progress.progress(phase, phase.startsWith("reading") ? members.compressedRead() : done, total);
            }

            @Override
            public boolean isCancelled() {
                return progress.isCancelled();
            }
        };
    }

    /** The load failure for a damaged stream, when {@code e} was caused by one, else {@code null}. */
    static MalformedInputException damaged(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof Damaged d) {
                return d.failure();
            }
        }
        return null;
    }

    /**
     * A syntax error found in the decompressed JSON: its line:column count in the JSON, not in the file, and
     * says so.
     */
    static MalformedInputException inDecompressed(MalformedInputException e) {
        List<Diagnostic> so = new java.util.ArrayList<>(e.diagnostics());
        so.add(inDecompressed(so.removeLast()));
        return new MalformedInputException(e.input(), so, e.getCause());
    }

    /** A diagnostic located by line:column in the decompressed JSON, saying so. */
    static Diagnostic inDecompressed(Diagnostic d) {
        return new Diagnostic(d.severity(), d.code(), d.message() + " (line:column count in the decompressed JSON)",
                d.fix(), d.location());
    }

    /**
     * A damaged gzip stream, or one past the ratio, carried through the JSON parser as an I/O error and turned into
     * a message.
     */
    static final class Damaged extends IOException {
        enum Kind { TRUNCATED, DAMAGED, RATIO }

        private final String input;
        private final long offset;
        private final Kind kind;
        private final long decompressed;

        Damaged(String input, long offset, IOException cause) {
            this(input, offset, cause instanceof EOFException ? Kind.TRUNCATED : Kind.DAMAGED, cause.getMessage(),
                    cause, 0);
        }

        private Damaged(String input, long offset, Kind kind, String message, IOException cause, long decompressed) {
            super(message, cause);
            this.input = input;
            this.offset = offset;
            this.kind = kind;
            this.decompressed = decompressed;
        }

        /** More than {@code ratio} decompressed bytes per compressed byte, {@code offset} compressed bytes in. */
        static Damaged pastRatio(String input, long offset, long decompressed) {
            return new Damaged(input, offset, Kind.RATIO, "decompresses past the ratio", null, decompressed);
        }

        static Damaged truncated(String input, long offset) {
            return new Damaged(input, offset, new EOFException("Unexpected end of ZLIB input stream"));
        }

        static Damaged damaged(String input, long offset, String why) {
            return new Damaged(input, offset, new ZipException(why));
        }

        MalformedInputException failure() {
            Location at = new Location(input, 0, 0, null, offset, null, null);
            Diagnostic d = switch (kind) {
                case TRUNCATED -> Diagnostic.error("gzip-truncated", input + " is gzip-compressed and ends in the"
                                + " middle of its compressed data (after " + offset + " compressed bytes)",
                        "the file was cut short (an interrupted copy or a full disk): copy it again, or recover what"
                                + " is left with: zcat " + input + " > partial.json", at);
                case DAMAGED -> Diagnostic.error("gzip-damaged", input + " is gzip-compressed and is damaged: "
                                + (getMessage() == null ? "not valid gzip data" : getMessage())
                                + " (found at compressed byte " + offset + ")",
                        "copy the file again; `gzip -t " + input + "` checks it", at);
                case RATIO -> Diagnostic.error("gzip-ratio", input + " decompresses to more than " + MAX_RATIO
                                + " times its compressed size (" + (decompressed >> 20) + " MiB from " + offset
                                + " compressed bytes, and not finished): no snapshot compresses that well (about 25"
                                + " times), so this is not one — a \"gzip bomb\", or a file of one repeated byte",
                        "see what it holds with: zcat " + input + " | head -c 2000", at);
            };
            return new MalformedInputException(input, List.of(d), this);
        }
    }
}
