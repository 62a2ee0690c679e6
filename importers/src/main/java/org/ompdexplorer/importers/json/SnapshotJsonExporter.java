package org.ompdexplorer.importers.json;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.ompdexplorer.model.Snapshot;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes a snapshot in format {@value SnapshotFormat#VERSION} with a fixed field order, so that import, export
 * and import again is lossless and the export of an export is byte-identical. Files are written atomically: a
 * temporary file beside the target, flushed to disk, then renamed over it.
 */
public final class SnapshotJsonExporter {
    private final JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
    private final boolean compact;

    /** @param compact no line breaks at all (for benchmarks and machines), instead of one entity per line */
    public SnapshotJsonExporter(boolean compact) {
        this.compact = compact;
    }

    public SnapshotJsonExporter() {
        this(false);
    }

    /** Writes {@code snapshot} to {@code target} atomically; on failure the target is untouched. */
    public void write(Snapshot snapshot, Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            readableLikeAnyFile(temp, target);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
                write(snapshot, out);
                out.flush();
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * A temporary file is created owner-only; the snapshot is not a secret, so it gets the target's permissions
     * when replacing one, else {@code rw-r--r--}.
     */
    private static void readableLikeAnyFile(Path temp, Path target) throws IOException {
        if (!Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.exists(target) ? Files.getPosixFilePermissions(target)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(temp, permissions);
    }

    /** Writes {@code snapshot} to a stream, which stays open. */
    public void write(Snapshot snapshot, OutputStream out) {
        PrettyPrinter printer = compact ? null : new EntityPerLinePrinter();
        ObjectWriteContext context = new ObjectWriteContext.Base() {
            @Override
            public PrettyPrinter getPrettyPrinter() {
                return printer;
            }

            @Override
            public boolean hasPrettyPrinter() {
                return printer != null;
            }
        };
        try (JsonGenerator g = factory.createGenerator(context, out)) {
            new SnapshotWriter(g).write(snapshot);
        }
        try {
            out.write('\n');
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
