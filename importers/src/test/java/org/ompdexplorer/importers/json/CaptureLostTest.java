package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.RecordsLost;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/** {@code capture.lost} (format 1.2): what the capturing tool could not keep is read, said and written back. */
class CaptureLostTest {
    private static String doc(String lost) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.2\",\n"
                + "\"capture\":{\"source\":\"ompt-agent\",\n"
                + "\"lost\":" + lost + "},\n"
                + "\"tasks\":[{\"id\":1,\"kind\":\"initial\"}]}\n";
    }

    private static LoadResult load(String json) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "in.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE);
    }

    @Test
    void eachLossIsReadAndSaidAsAWarningAtItsPlace() throws Exception {
        LoadResult r = load(doc("[{\"what\":\"tasks\",\"count\":350,\"bound\":\"OMPD_EXPLORER_MAX_TASKS=65536\"},"
                + "{\"what\":\"dependences\",\"count\":3}]"));
        assertThat(r.snapshot().capture().lost()).containsExactly(
                new RecordsLost("tasks", 350, "OMPD_EXPLORER_MAX_TASKS=65536"), new RecordsLost("dependences", 3, null));
        List<Diagnostic> found = r.diagnostics();
        assertThat(found).extracting(Diagnostic::code).containsExactly("records-lost", "records-lost");
        assertThat(found).allSatisfy(d -> assertThat(d.severity()).isEqualTo(Severity.WARNING));
        assertThat(found.getFirst().message()).contains("lost 350 tasks", "OMPD_EXPLORER_MAX_TASKS=65536");
        assertThat(found.getFirst().location().line()).isEqualTo(3);
        assertThat(found.getFirst().location().path()).startsWith("$.capture.lost[0]");
        assertThat(found.get(1).location().path()).startsWith("$.capture.lost[1]");
    }

    @Test
    void aLossIsWrittenBackAsItWasRead() throws Exception {
        LoadResult r = load(doc("[{\"what\":\"parallel regions\",\"count\":2,\"bound\":\"OMPD_EXPLORER_MAX_REGIONS=4096\"}]"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(r.snapshot(), out);
        LoadResult again = load(out.toString(StandardCharsets.UTF_8));
        assertThat(again.snapshot().capture().lost()).isEqualTo(r.snapshot().capture().lost());
    }

    @Test
    void malformedLossesAreLocatedErrorsAndTheRestLoads() throws Exception {
        for (String bad : List.of("[{\"what\":\"tasks\"}]", "[{\"count\":2}]", "[{\"what\":\"tasks\",\"count\":0}]",
                "[{\"what\":\"tasks\",\"count\":-4}]", "[7]", "{}")) {
            LoadResult r = load(doc(bad));
            assertThat(r.diagnostics()).as(bad).isNotEmpty().allSatisfy(d -> {
                assertThat(d.severity()).isEqualTo(Severity.ERROR);
                assertThat(d.location().line()).isEqualTo(3);
            });
            assertThat(r.snapshot().capture().lost()).as(bad).isEmpty();
            assertThat(r.snapshot().tasks()).as(bad).hasSize(1);
        }
    }
}
