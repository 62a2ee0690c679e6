package org.ompdexplorer.importers.json;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.Snapshot;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes a snapshot in format {@value SnapshotFormat#VERSION} with a fixed field order, so that import, export
 * and import again is lossless and the export of an export is byte-identical. Files are written through
 * {@link OutputFile}, the one way anything is written.
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

    /**
     * Writes {@code snapshot} to {@code target} through {@link OutputFile}: atomically, never over one of
     * {@code inputs}, never replacing a special file; on failure the target is untouched.
     */
    public void write(Snapshot snapshot, Path target, Collection<Path> inputs) throws OutputException {
        OutputFile.write(target, inputs, out -> write(snapshot, out));
    }

    public void write(Snapshot snapshot, Path target) throws OutputException {
        write(snapshot, target, List.of());
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
