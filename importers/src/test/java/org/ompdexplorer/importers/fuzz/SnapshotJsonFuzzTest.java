package org.ompdexplorer.importers.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * of that is byte-identical to the first. Seeds and past findings are replayed by every {@code mvn verify}.
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
            return;
        }
        byte[] exported = export(first.snapshot());
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
