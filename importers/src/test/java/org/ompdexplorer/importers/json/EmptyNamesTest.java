package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** An empty name where an open vocabulary is expected is a located error, not a crash (a fuzzing finding). */
class EmptyNamesTest {
    @Test
    void emptyKindsFlagsScopesAndReturnCodesAreReported() throws Exception {
        String json = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"capture\":{\"source\":\" \"},"
                + "\"icvs\":[{\"id\":1,\"name\":\"n\",\"scope\":\"\"}],"
                + "\"threads\":[{\"id\":0,\"kind\":\"\",\"osIds\":{\"\":5},\"state\":{\"unavailable\":\"ompd_rc_\"}}],"
                + "\"tasks\":[{\"id\":1,\"kind\":\"\",\"lifecycle\":\"\",\"flags\":[\"\"],"
                + "\"dependences\":[{\"type\":\"\",\"address\":\"0x1\"}]}]}";
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        LoadResult r = new SnapshotLoader().load(new ByteArrayInputStream(bytes), "in.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE);
        assertThat(r.diagnostics()).filteredOn(d -> d.code().equals("empty-name"))
                .extracting(d -> d.location().path()).containsExactly("$.capture.source", "$.icvs[0].scope",
                        "$.threads[0].kind", "$.threads[0].osIds", "$.threads[0].state.unavailable",
                        "$.tasks[0].kind", "$.tasks[0].lifecycle", "$.tasks[0].flags[0]",
                        "$.tasks[0].dependences[0].type");
        assertThat(r.diagnostics()).extracting(Diagnostic::message).contains("task kind is an empty string");
        assertThat(r.snapshot().tasks()).hasSize(1);
    }
}
