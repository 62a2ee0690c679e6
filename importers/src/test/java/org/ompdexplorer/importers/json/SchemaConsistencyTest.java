package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.declares;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.parse;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.paths;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Map;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.JsonSchemaCheck;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/**
 * Every property the exporter writes is declared in the bundled JSON Schema, at the same place, and what it
 * writes (format 1.1 with devices and target regions included, 1.3 with call stacks) validates against the schema.
 */
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
        paths(parse(Files.readAllBytes(OffloadImportTest.GOLDEN)), "", written);
        paths(parse(Files.readAllBytes(CallStackFormatTest.GOLDEN)), "", written);
        String unavailable = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"capture\":{\"source\":\"core-file\"},"
                + "\"threads\":[{\"id\":0,\"state\":{\"unavailable\":\"needs_state_tracking\",\"detail\":\"x\"}}]}";
        var loaded = new SnapshotLoader().load(new java.io.ByteArrayInputStream(unavailable.getBytes()), "u", -1,
                LoadOptions.STRICT, ProgressListener.NONE);
        out.reset();
        new SnapshotJsonExporter().write(loaded.snapshot(), out);
        paths(parse(new java.io.ByteArrayInputStream(out.toByteArray())), "", written);

        assertThat(written).hasSizeGreaterThan(60).contains(".targetRegions[].kernels[].requestedTeams",
                ".addressSpaces[].mappings[].transfers.fromDeviceOps", ".addressSpaces[].offload.imageTriples",
                ".threads[].stack.frames[].inlined", ".threads[].stack.partial");
        assertThat(written.stream().filter(p -> !declares(schema, schema, p)).toList()).isEmpty();
    }

    private static byte[] schema() throws Exception {
        try (InputStream in = BundledResources.openSchema()) {
            return in.readAllBytes();
        }
    }

    @Test
    void theFormat11GoldenValidatesAgainstTheSchema() throws Exception {
        assertThat(JsonSchemaCheck.violations(schema(), Files.readAllBytes(OffloadImportTest.GOLDEN))).isEmpty();
    }

    @Test
    void exportsOfTheGeneratorAndTheLessonValidateAgainstTheSchema() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(SyntheticSnapshotGenerator.generate(new GeneratorSpec(3, 2, 200, 9)), out);
        assertThat(JsonSchemaCheck.violations(schema(), out.toByteArray())).isEmpty();
        try (InputStream lesson = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            assertThat(JsonSchemaCheck.violations(schema(), lesson.readAllBytes())).isEmpty();
        }
    }

    @Test
    void theSchemaRefusesWhatTheImporterReports() throws Exception {
        String golden = Files.readString(OffloadImportTest.GOLDEN);
        String broken = golden.replace("\"inFlight\":true,\"encounteringTask\":2", "\"inFlight\":\"yes\",\"encounteringTask\":2")
                .replace("\"bytes\":4000,", "\"bytes\":-4000,")
                .replace("\"initialDevice\":2,", "\"initialDevice\":2,\"gpus\":1,")
                .replace("\"ompdHandle\":true", "\"ompdHandle\":{\"detail\":\"no code\"}");
        assertThat(JsonSchemaCheck.violations(schema(), broken.getBytes(StandardCharsets.UTF_8))).containsExactly(
                "$.addressSpaces[0].offload: 'gpus' is not allowed here",
                "$.addressSpaces[1].mappings[1].bytes: is below 0",
                "$.addressSpaces[2].ompdHandle: matches 0 of the oneOf alternatives, not exactly one",
                "$.targetRegions[1].inFlight: is not of type boolean");
    }
}
