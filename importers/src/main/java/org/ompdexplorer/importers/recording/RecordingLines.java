package org.ompdexplorer.importers.recording;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/** A recording's bytes as lines: plain or gzip-compressed, a cut gzip stream read up to where it was cut. */
final class RecordingLines {
    private RecordingLines() {
    }

    /** A gzip stream that ends, rather than fails, where it was cut; says whether it was. */
    static final class CutTolerant extends java.io.FilterInputStream {
        boolean cut;

        CutTolerant(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (cut) {
                return -1;
            }
            try {
                return super.read(b, off, len);
            } catch (EOFException | ZipException e) {
                cut = true;
                return -1;
            }
        }
    }

    /**
     * {@code file} as lines, gunzipped when it starts with gzip's magic; {@code gzip[0]}, when given, is set to
     * the gzip stream so the caller can ask whether it was cut.
     */
    static BufferedReader open(Path file, CutTolerant[] gzip) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            CutTolerant c = new CutTolerant(new GZIPInputStream(in, 1 << 16));
            if (gzip != null) {
                gzip[0] = c;
            }
            in = c;
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }
}
