package org.ompdexplorer.importers.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * The JSON importer on arbitrary bytes (scripts/fuzz.sh json). Property: loading never fails with anything but
 * a {@link SnapshotLoadException}; what loads exports, the export loads again without new errors, and the export
 * of that is byte-identical to the first. The same bytes gzip-compressed (in two members, an empty one between)
 * load exactly when they do, to the same export; and what loads, with content after it, loads to the same export
 * with a located "trailing-content" error (issue 23 items 6a, 9). Seeds and past findings are replayed by every
 * {@code mvn verify}; seeds include gzip files (multi-member, damaged, with bytes after the last member) and
 * snapshots followed by garbage or a second snapshot.
 */
class SnapshotJsonFuzzTest {
    private final SnapshotLoader loader = new SnapshotLoader();

    @FuzzTest
    void roundTrip(byte[] input) {
        LoadResult first;
        try {
            first = load(input, LoadOptions.LENIENT);
        } catch (SnapshotLoadException e) {
            assertThat(e.getMessage()).as("a refusal says why").isNotBlank();
            compressed(input, null);
            return;
        }
        byte[] exported = export(first.snapshot());
        compressed(input, exported);
        followed(input, exported);
        LoadResult second;
        try {
            second = load(exported, LoadOptions.LENIENT);
        } catch (SnapshotLoadException e) {
            throw new AssertionError("the export of a loaded snapshot does not load: " + e.getMessage()
                    + "\n" + new String(exported, StandardCharsets.UTF_8), e);
        }
        Set<String> before = errors(first.diagnostics());
        assertThat(errors(second.diagnostics())).as("errors the export brings").isSubsetOf(before);
        assertThat(new String(export(second.snapshot()), StandardCharsets.UTF_8))
                .as("the export of the export").isEqualTo(new String(exported, StandardCharsets.UTF_8));
    }

    /** The input gzip-compressed loads when the input does ({@code exported} its export), to the same export. */
    private void compressed(byte[] input, byte[] exported) {
        if (input.length >= 2 && input[0] == (byte) 0x1f && input[1] == (byte) 0x8b) {
            return; // compressed twice is gzip bytes as JSON: not the same input
        }
        byte[] gz = gzip(Arrays.copyOfRange(input, 0, input.length / 2), new byte[0],
                Arrays.copyOfRange(input, input.length / 2, input.length));
        LoadResult result;
        try {
            result = load(gz, LoadOptions.LENIENT);
        } catch (SnapshotLoadException e) {
            assertThat(exported).as("compressed, it is refused: %s", e.getMessage()).isNull();
            assertThat(e.getMessage()).as("a refusal says why").isNotBlank();
            return;
        }
        assertThat(exported).as("compressed, it loads; plain, it did not").isNotNull();
        assertThat(result.decompressed()).isTrue();
        assertThat(new String(export(result.snapshot()), StandardCharsets.UTF_8)).as("the export of it compressed")
                .isEqualTo(new String(exported, StandardCharsets.UTF_8));
    }

    /** What loads, followed by more than whitespace, loads the same and says so. */
    private void followed(byte[] input, byte[] exported) {
        byte[] more = Arrays.copyOf(input, input.length + 5);
        System.arraycopy("\n}{x\n".getBytes(StandardCharsets.US_ASCII), 0, more, input.length, 5);
        LoadResult result;
        try {
            result = load(more, LoadOptions.LENIENT);
        } catch (SnapshotLoadException e) {
            throw new AssertionError("a loaded snapshot with content after it does not load: " + e.getMessage(), e);
        }
        assertThat(result.diagnostics()).as("content after the snapshot is said")
                .anyMatch(d -> d.isError() && d.code().equals("trailing-content") && d.location() != null);
        assertThat(new String(export(result.snapshot()), StandardCharsets.UTF_8)).as("the export with content after")
                .isEqualTo(new String(exported, StandardCharsets.UTF_8));
    }

    private static byte[] gzip(byte[]... members) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] m : members) {
            try (GZIPOutputStream gz = new GZIPOutputStream(out) {
                @Override
                public void close() throws java.io.IOException {
                    finish(); // several members into one buffer
                }
            }) {
                gz.write(m);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return out.toByteArray();
    }

    private LoadResult load(byte[] bytes, LoadOptions options) throws SnapshotLoadException {
        return loader.load(new ByteArrayInputStream(bytes), "fuzz.json", bytes.length, options,
                ProgressListener.NONE);
    }

    private static byte[] export(Snapshot snapshot) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(snapshot, out);
        return out.toByteArray();
    }

    /** Errors by code and message: their places differ between an input and its normalized export. */
    private static Set<String> errors(List<Diagnostic> diagnostics) {
        Set<String> errors = new HashSet<>();
        for (Diagnostic d : diagnostics) {
            if (d.isError()) {
                errors.add(d.code() + ": " + d.message());
            }
        }
        return errors;
    }
}
