package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.IdentityKeys;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Every unsigned 64-bit field of the format (OS thread ids, wait ids, addresses, tool data, device kinds, and in
 * 1.1 image, mapping and transfer sizes, module ids and device addresses) reads
 * 0 to 2^64 − 1 exactly, is written unsigned, and the export of that export is byte-identical.
 */
class UnsignedValuesTest {
    private static final String TWO_63 = "9223372036854775808";
    private static final String MAX = "18446744073709551615";
    private static final String HEAD = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"hand-written\"},";

    private static LoadResult load(String json, LoadOptions options) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "input.json", bytes.length, options,
                ProgressListener.NONE);
    }

    private static String export(Snapshot s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter(true).write(s, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** One snapshot holding {@code value} in every unsigned field, as integers where the format allows. */
    private static String everyUnsignedField(String value) {
        return HEAD + "\"addressSpaces\":[{\"id\":0},{\"id\":1,\"parent\":0,\"deviceKind\":" + value
                + ",\"images\":[{\"vmaInFile\":" + value + ",\"bytes\":" + value + ",\"hostAddress\":" + value
                + ",\"deviceAddress\":" + value + ",\"moduleId\":" + value + "}],\"mappings\":[{\"hostAddress\":"
                + value + ",\"deviceAddress\":" + value + ",\"bytes\":" + value + "}],\"transfers\":{"
                + "\"toDeviceBytes\":" + value + ",\"fromDeviceBytes\":" + value + "}}],"
                + "\"threads\":[{\"id\":0,\"osIds\":{\"pthread\":" + value + ",\"lwp\":" + value + "},"
                + "\"state\":{\"value\":16,\"name\":\"ompt_state_wait_barrier\"},\"waitId\":" + value + ","
                + "\"toolData\":{\"value\":" + value + ",\"ptr\":" + value + "},"
                + "\"stack\":{\"frames\":[{\"pc\":" + value + ",\"cfa\":" + value + ",\"role\":\"user\"}]}}],"
                + "\"tasks\":[{\"id\":0,\"kind\":\"explicit\",\"function\":{\"address\":" + value + "},"
                + "\"frames\":{\"exit\":{\"address\":" + value + ",\"flags\":1},\"enter\":{\"address\":" + value
                + ",\"flags\":1}},\"dependences\":[{\"type\":\"in\",\"address\":" + value + "}]}]}";
    }

    private static String golden(String decimal, String hex) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"" + SnapshotFormat.VERSION + "\","
                + "\"capture\":{\"source\":\"hand-written\"},\"runtime\":{},\"addressSpaces\":[{\"id\":0},{\"id\":1,\"parent\":0,\"deviceKind\":" + decimal
                + ",\"images\":[{\"offsetInFile\":0,\"vmaInFile\":\"" + hex + "\",\"bytes\":" + decimal
                + ",\"hostAddress\":\"" + hex + "\",\"deviceAddress\":\"" + hex + "\",\"moduleId\":" + decimal
                + "}],\"mappings\":[{\"hostAddress\":\"" + hex + "\",\"deviceAddress\":\"" + hex + "\",\"bytes\":"
                + decimal + "}],\"transfers\":{\"toDeviceBytes\":" + decimal + ",\"toDeviceOps\":0,"
                + "\"fromDeviceBytes\":" + decimal + ",\"fromDeviceOps\":0}}],\"states\":[],\"icvs\":[],\"displayControlVars\":[],\"threads\":[{\"id\":0,\"osIds\":{"
                + "\"pthread\":\"" + hex + "\",\"lwp\":" + decimal + "},\"state\":{\"value\":16,"
                + "\"name\":\"ompt_state_wait_barrier\"},\"waitId\":\"" + hex + "\",\"toolData\":{\"value\":" + decimal
                + ",\"ptr\":\"" + hex + "\"},\"stack\":{\"frames\":[{\"pc\":\"" + hex + "\",\"cfa\":\"" + hex
                + "\",\"role\":\"user\"}]}}],\"parallelRegions\":[],\"tasks\":[{\"id\":0,\"kind\":\"explicit\","
                + "\"function\":{\"address\":\"" + hex + "\"},\"frames\":{\"exit\":{\"address\":\"" + hex
                + "\",\"flags\":1},\"enter\":{\"address\":\"" + hex + "\",\"flags\":1}},"
                + "\"dependences\":[{\"type\":\"in\",\"address\":\"" + hex + "\"}]}]}\n";
    }

    @Test
    void twoTo63ReadsAndWritesUnsigned() throws Exception {
        roundTrips(TWO_63, "0x8000000000000000", Long.MIN_VALUE);
    }

    @Test
    void twoTo64MinusOneReadsAndWritesUnsigned() throws Exception {
        roundTrips(MAX, "0xffffffffffffffff", -1L);
    }

    private static void roundTrips(String decimal, String hex, long bits) throws Exception {
        LoadResult first = load(everyUnsignedField(decimal), LoadOptions.STRICT);
        assertThat(first.diagnostics()).isEmpty();
        OmpThread thread = first.snapshot().threads().getFirst();
        assertThat(thread.osId(OsThreadIdKind.LWP)).contains(bits);
        assertThat(thread.toolData().get().value()).isEqualTo(bits);
        assertThat(first.snapshot().addressSpaces().get(1).deviceKind()).isEqualTo(bits);
        String exported = export(first.snapshot());
        assertThat(exported).isEqualTo(golden(decimal, hex));

        LoadResult again = load(exported, LoadOptions.STRICT);
        assertThat(again.diagnostics()).isEmpty();
        assertThat(export(again.snapshot())).isEqualTo(exported);
        assertThat(thread.osIds().toString()).contains("lwp=" + decimal);
        assertThat(new IdentityKeys(first.snapshot()).of(thread)).isEqualTo("thread:lwp=" + decimal);
    }

    @Test
    void negativeAndTooLargeUnsignedValuesAreLocatedErrors() throws Exception {
        for (String bad : new String[]{"-1", "18446744073709551616"}) {
            LoadResult r = load(everyUnsignedField(bad), LoadOptions.LENIENT);
            assertThat(r.diagnostics()).extracting(d -> d.code() + " " + d.location().path())
                    .containsExactlyInAnyOrder("out-of-range $.addressSpaces[1].deviceKind",
                            "out-of-range $.threads[0].osIds.pthread", "out-of-range $.threads[0].osIds.lwp",
                            "bad-address $.threads[0].waitId", "out-of-range $.threads[0].toolData.value",
                            "bad-address $.threads[0].toolData.ptr", "bad-address $.tasks[0].function.address",
                            "bad-address $.threads[0].stack.frames[0].pc",
                            "bad-address $.threads[0].stack.frames[0].cfa",
                            "bad-address $.tasks[0].frames.exit.address",
                            "bad-address $.tasks[0].frames.enter.address",
                            "bad-address $.tasks[0].dependences[0].address",
                            "bad-address $.addressSpaces[1].images[0].vmaInFile",
                            "out-of-range $.addressSpaces[1].images[0].bytes",
                            "bad-address $.addressSpaces[1].images[0].hostAddress",
                            "bad-address $.addressSpaces[1].images[0].deviceAddress",
                            "out-of-range $.addressSpaces[1].images[0].moduleId",
                            "bad-address $.addressSpaces[1].mappings[0].hostAddress",
                            "bad-address $.addressSpaces[1].mappings[0].deviceAddress",
                            "out-of-range $.addressSpaces[1].mappings[0].bytes",
                            "out-of-range $.addressSpaces[1].transfers.toDeviceBytes",
                            "out-of-range $.addressSpaces[1].transfers.fromDeviceBytes");
            Diagnostic lwp = r.diagnostics().stream().filter(d -> d.location().path().endsWith("lwp")).findFirst()
                    .orElseThrow();
            assertThat(lwp.message()).contains(bad).contains("0 to 2^64 − 1").doesNotContain("Jackson");
            assertThat(lwp.format()).contains("input.json:1:");
        }
    }
}
