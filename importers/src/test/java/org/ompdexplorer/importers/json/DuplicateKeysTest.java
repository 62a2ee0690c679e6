package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.InvalidSnapshotException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** A key given twice in one object is reported where it repeats: a warning when lenient, an error when strict. */
class DuplicateKeysTest {
    private static final String HEAD = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"hand-written\"},\n";

    private static LoadResult load(String json, LoadOptions options) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "in.json", bytes.length, options,
                ProgressListener.NONE);
    }

    @Test
    void aRepeatedKeyIsAWarningNamingKeyAndObjectAndTheLastValueIsUsed() throws Exception {
        // idle, then overhead: states in which a thread has no current task to name
        LoadResult r = load(HEAD + "\"threads\":[{\"id\":0},\n"
                + "{\"id\":1,\"state\":{\"value\":256},\"state\":{\"value\":257}}]}", LoadOptions.LENIENT);
        assertThat(r.diagnostics()).hasSize(1);
        Diagnostic d = r.diagnostics().getFirst();
        assertThat(d.isError()).isFalse();
        assertThat(d.code()).isEqualTo("duplicate-key");
        assertThat(d.message()).isEqualTo("duplicate key 'state' in $.threads[1]; the last value is used");
        assertThat(d.location().line()).isEqualTo(3);
        assertThat(d.location().column()).isEqualTo(31);
        assertThat(r.snapshot().threads().get(1).state().get().value()).isEqualTo(257);
    }

    @Test
    void strictModeMakesItAnError() {
        InvalidSnapshotException e = catchThrowableOfType(InvalidSnapshotException.class, () -> load(HEAD
                + "\"tasks\":[{\"id\":1,\"kind\":\"explicit\",\"kind\":\"implicit\"}]}", LoadOptions.STRICT));
        assertThat(e.getMessage()).contains("duplicate key 'kind' in $.tasks[0]");
    }

    @Test
    void everyShapeIsChecked() throws Exception {
        LoadResult r = load(HEAD + "\"runtime\":{\"ompVersion\":1,\"ompVersion\":2},"
                + "\"threads\":[{\"id\":0,\"osIds\":{\"lwp\":5,\"lwp\":6},\"toolData\":{\"value\":1,\"value\":2}}],"
                + "\"tasks\":[{\"id\":1,\"kind\":\"explicit\",\"function\":{\"address\":\"0x1\",\"address\":\"0x2\"},"
                + "\"frames\":{\"exit\":{\"flags\":1,\"flags\":2}},\"icvs\":[{\"icv\":1,\"icv\":1}],"
                + "\"dependences\":[{\"type\":\"in\",\"type\":\"out\",\"address\":\"0x8\"}]}]}", LoadOptions.LENIENT);
        assertThat(r.diagnostics()).filteredOn(d -> d.code().equals("duplicate-key")).extracting(Diagnostic::message)
                .containsExactly("duplicate key 'ompVersion' in $.runtime; the last value is used",
                        "duplicate key 'lwp' in $.threads[0].osIds; the last value is used",
                        "duplicate key 'value' in $.threads[0].toolData; the last value is used",
                        "duplicate key 'address' in $.tasks[0].function; the last value is used",
                        "duplicate key 'flags' in $.tasks[0].frames.exit; the last value is used",
                        "duplicate key 'icv' in $.tasks[0].icvs[0]; the last value is used",
                        "duplicate key 'type' in $.tasks[0].dependences[0]; the last value is used");
        assertThat(r.snapshot().threads().getFirst().osIds()).hasSize(1);
        assertThat(r.snapshot().threads().getFirst().osId(OsThreadIdKind.LWP)).contains(6L);
        assertThat(r.snapshot().runtime().ompVersion().get()).isEqualTo(2L);
        assertThat(r.snapshot().tasks().getFirst().function().get().address()).isEqualTo(2L);
    }

    @Test
    void aRepeatedSectionSaysBothAreRead() throws Exception {
        LoadResult r = load(HEAD + "\"tasks\":[{\"id\":1,\"kind\":\"explicit\"}],\"tasks\":[{\"id\":2,\"kind\":\"explicit\"}]}",
                LoadOptions.LENIENT);
        assertThat(r.diagnostics()).extracting(Diagnostic::message)
                .containsExactly("duplicate key 'tasks' in $; the elements of both are read");
        assertThat(r.snapshot().tasks()).hasSize(2);
    }

    @Test
    void aKeyRepeatedInEveryTaskIsOneWarningWithACount() throws Exception {
        StringBuilder b = new StringBuilder(HEAD).append("\"tasks\":[");
        for (int i = 0; i < 1000; i++) {
            b.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"kind\":\"explicit\",\"kind\":\"explicit\"}");
        }
        LoadResult r = load(b.append("]}").toString(), LoadOptions.LENIENT);
        assertThat(r.diagnostics()).extracting(Diagnostic::message)
                .containsExactly("duplicate key 'kind' in $.tasks[0]; the last value is used (1000 times; first shown)");
    }
}
