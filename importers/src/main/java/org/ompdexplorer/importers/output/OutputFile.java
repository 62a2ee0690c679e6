package org.ompdexplorer.importers.output;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.Collection;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * The one way OMPD Explorer writes a file. Before anything is written the target is checked
 * ({@link OutputTarget}): never one of the command's inputs, never a directory, block device or socket, never a
 * read-only file; a symbolic link is followed and the file it names is written, the link stays. A regular file is
 * written to a temporary file beside it, flushed to disk and renamed over the target, so the target is either the
 * old file or the complete new one; a FIFO or a character device is written through. On any failure — a full disk,
 * a signal, an exception in the body — no partial file is left and the target is untouched. A target whose name
 * ends in {@code .gz} ({@code snapshot.json.gz}) is written gzip-compressed: the body writes plain bytes.
 */
public final class OutputFile {
    /** What to write; the stream is buffered and closed by {@link OutputFile}. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Looks at the complete, flushed file before it replaces the target; throwing keeps the target as it was. */
    @FunctionalInterface
    public interface Check {
        void check(Path written) throws IOException;
    }

    private OutputFile() {
    }

    /**
     * Checks {@code target} as {@link #write} would, without writing: lets a command refuse its output before a long
     * import.
     *
     * @return the file that would be written (the end of any chain of symbolic links)
     */
    public static Path check(Path target, Collection<Path> inputs) throws OutputException {
        return OutputTarget.resolve(target, inputs).resolved();
    }

    /** Writes {@code target} with {@code body}; {@code inputs} are the files the output must never be. */
    public static void write(Path target, Collection<Path> inputs, Body body) throws OutputException {
        OutputTarget t = OutputTarget.resolve(target, inputs);
        try {
            if (t.kind() == OutputTarget.Kind.STREAM) {
                writeThrough(t, body);
            } else {
                replace(t, body, written -> { });
            }
        } catch (IOException e) {
            throw OutputFailures.of(target, e);
        } catch (RuntimeException e) {
            IOException io = OutputFailures.ioCause(e);
            if (io == null) {
                throw e;
            }
            throw OutputFailures.of(target, io);
        }
    }

    public static void write(Path target, Body body) throws OutputException {
        write(target, List.of(), body);
    }

    /**
     * Writes {@code target} as {@link #write(Path, Collection, Body)} does, but lets {@code check} read the written
     * temporary file before it is renamed into place (a download verified before it is published). When the check
     * throws, the temporary file is deleted, the target is untouched and the check's exception is the cause of the
     * {@link OutputException}. A FIFO or device target is refused: nothing written there could be checked first.
     */
    public static void write(Path target, Collection<Path> inputs, Body body, Check check) throws OutputException {
        OutputTarget t = OutputTarget.resolve(target, inputs);
        if (t.kind() == OutputTarget.Kind.STREAM) {
            throw new OutputException(target, OutputException.Reason.SPECIAL_FILE, "cannot write " + target
                    + ": it is a FIFO or a device, where a file cannot be checked before it replaces the old one"
                    + " — choose a regular file", null);
        }
        try {
            replace(t, body, check);
        } catch (IOException e) {
            throw OutputFailures.of(target, e);
        } catch (RuntimeException e) {
            IOException io = OutputFailures.ioCause(e);
            if (io == null) {
                throw e;
            }
            throw OutputFailures.of(target, io);
        }
    }

    /** Whether {@link #write} compresses {@code target}: its name, as given, ends in {@code .gz}. */
    public static boolean compresses(Path target) {
        Path name = target.getFileName();
        return name != null && name.toString().endsWith(".gz") && name.toString().length() > ".gz".length();
    }

    /** Writes the body to {@code out}, through gzip when the target's name asks for it; leaves {@code out} open. */
    private static void encode(Path target, OutputStream out, Body body) throws IOException {
        if (!compresses(target)) {
            body.writeTo(out);
            return;
        }
        OutputStream kept = new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                out.flush(); // the caller closes out, once it is on disk
            }
        };
        try (GZIPOutputStream gz = new GZIPOutputStream(kept, 1 << 16)) {
            body.writeTo(gz);
        }
    }

    private static void replace(OutputTarget t, Body body, Check check) throws IOException {
        Path dir = t.resolved().getParent();
        TempFiles.removeStale(dir);
        Path[] temp = new Path[1];
        try {
            try (FileChannel channel = TempFiles.create(dir, temp)) {
                if (t.kind() == OutputTarget.Kind.REGULAR) {
                    samePermissions(temp[0], t.resolved());
                }
                OutputStream out = new BufferedOutputStream(new Guarded(Channels.newOutputStream(channel)), 1 << 16);
                encode(t.named(), out, body);
                out.flush();
                channel.force(true);
            }
            check.check(temp[0]);
            Files.move(temp[0], t.resolved(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            TempFiles.renamed(temp[0]);
            temp[0] = null;
            syncDirectory(dir);
        } finally {
            TempFiles.release(temp[0]);
        }
    }

    private static void writeThrough(OutputTarget t, Body body) throws IOException {
        try (OutputStream out = new BufferedOutputStream(new Guarded(Files.newOutputStream(t.resolved(),
                StandardOpenOption.WRITE)), 1 << 16)) {
            encode(t.named(), out, body);
        }
    }

    /** A replaced file keeps its mode; a new one gets the usual 0666 less the umask, from its creation. */
    private static void samePermissions(Path temp, Path target) throws IOException {
        if (Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
        }
    }

    /** The rename itself is durable only once the directory is flushed too. */
    private static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // some file systems cannot flush a directory; the file itself is on disk
        }
    }

    /** Stops a write at the next block once the JVM is ending (SIGTERM, SIGINT), so it ends promptly. */
    private static final class Guarded extends FilterOutputStream {
        Guarded(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (TempFiles.terminating()) {
                throw new InterruptedIOException("ended by a signal while writing");
            }
            out.write(b, off, len);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }
    }
}
