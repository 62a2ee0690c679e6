package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.JsonSchemaCheck;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.resources.BundledResources;

/** Format 1.4's {@code capture.job} (issue 27): read, written back the same, checked by the schema, and refused. */
class JobPlacementFormatTest {
    private static String doc(String job) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.4\",\"capture\":{\"source\":\"ompt-agent\","
                + "\"host\":\"node042\",\n\"job\":" + job + "},\n"
                + "\"threads\":[{\"id\":1,\"currentTask\":1}],\"tasks\":[{\"id\":1,\"kind\":\"initial\",\"thread\":1}]}\n";
    }

    private static LoadResult load(String json) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "rank.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE);
    }

    @Test
    void aRanksPlacementIsReadWrittenBackAndValid() throws Exception {
        String json = doc("{\"rank\":17,\"size\":256,\"id\":\"4242\",\"launcher\":\"slurm\"}");
        LoadResult read = load(json);
        assertThat(read.diagnostics()).isEmpty();
        assertThat(read.snapshot().capture().job()).isEqualTo(new JobPlacement(17, 256, "4242", "slurm"));
        assertThat(read.snapshot().capture().host()).isEqualTo("node042");
        byte[] exported = CallStackFormatTest.export(read.snapshot(), true);
        assertThat(new String(exported, StandardCharsets.UTF_8))
                .contains("\"job\":{\"rank\":17,\"size\":256,\"id\":\"4242\",\"launcher\":\"slurm\"}");
        assertThat(load(new String(exported, StandardCharsets.UTF_8)).snapshot().capture().job())
                .isEqualTo(read.snapshot().capture().job());
        byte[] schema;
        try (InputStream in = BundledResources.openSchema()) {
            schema = in.readAllBytes();
        }
        assertThat(JsonSchemaCheck.violations(schema, json.getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(JsonSchemaCheck.violations(schema, doc("{\"size\":4}").getBytes(StandardCharsets.UTF_8)))
                .isNotEmpty();
        assertThat(load(doc("{\"rank\":0}")).snapshot().capture().job()).isEqualTo(new JobPlacement(0, null, null,
                null));
    }

    @Test
    void aRankOutsideItsJobIsOneLocatedErrorAndTheSnapshotStillLoads() throws Exception {
        for (String job : new String[] {"{\"size\":4}", "{\"rank\":-1}", "{\"rank\":4,\"size\":4}", "[3]"}) {
            LoadResult read = load(doc(job));
            assertThat(read.snapshot().capture().job()).as(job).isNull();
            assertThat(read.snapshot().threads()).hasSize(1);
            assertThat(read.diagnostics()).as(job).singleElement().satisfies(d -> {
                assertThat(d.code()).isIn("invalid-job", "wrong-type");
                assertThat(d.location().line()).isEqualTo(2);
            });
        }
        Diagnostic unknown = load(doc("{\"rank\":1,\"node\":3}")).diagnostics().getFirst();
        assertThat(unknown.location().path()).contains("job");
    }
}
