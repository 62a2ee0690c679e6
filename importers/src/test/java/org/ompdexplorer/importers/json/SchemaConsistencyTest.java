package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.declares;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.parse;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.paths;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/** Every property the exporter writes is declared in the bundled JSON Schema, at the same place. */
class SchemaConsistencyTest {
    @Test
    @SuppressWarnings("unchecked")
    void everyExportedPropertyIsInTheSchema() throws Exception {
        Map<String, Object> schema = (Map<String, Object>) parse(BundledResources.openSchema());
        TreeSet<String> written = new TreeSet<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 3, 400, 5)), out);
        paths(parse(new java.io.ByteArrayInputStream(out.toByteArray())), "", written);
        try (InputStream lesson = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            paths(parse(lesson), "", written);
        }
        String unavailable = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"capture\":{\"source\":\"core-file\"},"
                + "\"threads\":[{\"id\":0,\"state\":{\"unavailable\":\"needs_state_tracking\",\"detail\":\"x\"}}]}";
        var loaded = new SnapshotLoader().load(new java.io.ByteArrayInputStream(unavailable.getBytes()), "u", -1,
                LoadOptions.STRICT, ProgressListener.NONE);
        out.reset();
        new SnapshotJsonExporter().write(loaded.snapshot(), out);
        paths(parse(new java.io.ByteArrayInputStream(out.toByteArray())), "", written);

        assertThat(written).hasSizeGreaterThan(60);
        assertThat(written.stream().filter(p -> !declares(schema, schema, p)).toList()).isEmpty();
    }
}
