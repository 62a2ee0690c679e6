package org.ompdexplorer.importers;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * A gzip-compressed snapshot ({@code *.json.gz}), recognized by its first two bytes rather than by its name, read
 * as the JSON it holds. Members written one after the other ({@code cat a.gz b.gz}) read as one stream, from a
 * pipe as from a file. A damaged stream — truncated, a bad CRC, not deflate — ends the read with one located
 * message ({@link #damaged}) rather than an I/O error.
 */
final class GzipInput {
    private static final int BUFFER = 1 << 16;

    private final Counting compressed;
    private final InputStream json;

    private GzipInput(InputStream in, String input) throws IOException {
        this.compressed = new Counting(in);
        Gunzip gz;
        try {
            gz = new Gunzip(compressed);
        } catch (ZipException | EOFException e) {
            throw new Damaged(input, compressed.count, e);
        }
        this.json = new Translating(gz, input, compressed);
    }

    /** Whether {@code head} starts with gzip's magic bytes, 0x1f 0x8b. */
    static boolean isGzip(byte[] head) {
        return head.length >= 2 && head[0] == (byte) 0x1f && head[1] == (byte) 0x8b;
    }

    /** Starts decompressing {@code in}; reads the gzip header. */
    static GzipInput open(InputStream in, String input) throws IOException {
        return new GzipInput(in, input);
    }

    /** The decompressed bytes: the JSON. */
    InputStream json() {
        return json;
    }

    /**
     * Reads what is left after the JSON, so that the stream's own check (its CRC and length) is made: a parser
     * stops at the closing brace, before the end of the stream.
     */
    void checkToTheEnd() throws IOException {
        json.transferTo(java.io.OutputStream.nullOutputStream());
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
                progress.progress(phase, phase.startsWith("reading") ? compressed.count : done, total);
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
        Diagnostic last = so.removeLast();
        so.add(new Diagnostic(last.severity(), last.code(), last.message()
                + " (line:column count in the decompressed JSON)", last.fix(), last.location()));
        return new MalformedInputException(e.input(), so, e.getCause());
    }

    /** A damaged gzip stream, carried through the JSON parser as an I/O error and turned into a message. */
    static final class Damaged extends IOException {
        private final String input;
        private final long offset;

        Damaged(String input, long offset, IOException cause) {
            super(cause.getMessage(), cause);
            this.input = input;
            this.offset = offset;
        }

        MalformedInputException failure() {
            boolean truncated = getCause() instanceof EOFException;
            String what = truncated ? "ends in the middle of its compressed data"
                    : "is damaged: " + (getMessage() == null ? "not valid gzip data" : getMessage());
            Diagnostic d = Diagnostic.error(truncated ? "gzip-truncated" : "gzip-damaged",
                    input + " is gzip-compressed and " + what + (truncated ? " (after " + offset
                            + " compressed bytes)" : " (found at compressed byte " + offset + ")"),
                    truncated ? "the file was cut short (an interrupted copy or a full disk): copy it again,"
                            + " or recover what is left with: zcat " + input + " > partial.json"
                            : "copy the file again; `gzip -t " + input + "` checks it",
                    new Location(input, 0, 0, null, offset, null, null));
            return new MalformedInputException(input, List.of(d), this);
        }
    }

    /** Counts the compressed bytes read. */
    private static final class Counting extends FilterInputStream {
        private long count;
        private boolean ended;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b < 0) {
                ended = true;
            } else {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n < 0) {
                ended = true;
            } else {
                count += n;
            }
            return n;
        }

        /**
         * Never 0 before the end: {@link GZIPInputStream} looks for a next member only when bytes are available,
         * and a pipe may have none at hand between two members.
         */
        @Override
        public int available() throws IOException {
            return ended ? 0 : Math.max(1, in.available());
        }
    }

    /** Says how far into the compressed bytes the decompressor got: what it read less what it holds unused. */
    private static final class Gunzip extends GZIPInputStream {
        Gunzip(Counting in) throws IOException {
            super(in, BUFFER);
        }

        long unused() {
            return inf.getRemaining();
        }
    }

    /** Turns the decompressor's errors into {@link Damaged}, with where they were found. */
    private static final class Translating extends FilterInputStream {
        private final String input;
        private final Counting compressed;

        Translating(Gunzip in, String input, Counting compressed) {
            super(in);
            this.input = input;
            this.compressed = compressed;
        }

        @Override
        public int read() throws IOException {
            try {
                return in.read();
            } catch (ZipException | EOFException e) {
                throw damaged(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return in.read(b, off, len);
            } catch (ZipException | EOFException e) {
                throw damaged(e);
            }
        }

        private Damaged damaged(IOException e) {
            return new Damaged(input, Math.max(0, compressed.count - ((Gunzip) in).unused()), e);
        }
    }
}
