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
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.resources.BundledResources;

/**
 * Format 1.4's {@code threads[].syncRegion} (issue 27): read with its site, written back the same, checked by the
 * schema; a wrong one is a located diagnostic at its field and the thread still loads.
 */
class SyncRegionFormatTest {
    private static String doc(String syncRegion) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.4\",\"capture\":{\"source\":\"ompt-agent\"},\n"
                + "\"threads\":[{\"id\":1,\"currentTask\":1},\n{\"id\":2,\"syncRegion\":" + syncRegion + "}],\n"
                + "\"tasks\":[{\"id\":1,\"kind\":\"initial\",\"thread\":1}]}\n";
    }

    private static LoadResult load(String json) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "rank.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE);
    }

    private static Fact<SyncRegion> syncRegionOf(LoadResult r) {
        return r.snapshot().threads().stream().filter(t -> t.id().value() == 2).findFirst()
                .map(OmpThread::syncRegion).orElseThrow();
    }

    @Test
    void aThreadsSyncRegionIsReadWrittenBackAndValid() throws Exception {
        String json = doc("{\"kind\":\"barrier_explicit\",\"site\":{\"address\":\"0x401a2b\","
                + "\"symbol\":\"solve_boundary\",\"file\":\"/src/held.c\",\"line\":42}}");
        LoadResult read = load(json);
        assertThat(read.diagnostics()).isEmpty();
        assertThat(syncRegionOf(read)).isEqualTo(Fact.of(new SyncRegion(SyncRegionKind.BARRIER_EXPLICIT,
                Fact.of(new CodeLocation(0x401a2b, "solve_boundary", "/src/held.c", 42)))));
        assertThat(read.snapshot().threads().getFirst().syncRegion()).isEqualTo(Fact.absent());
        byte[] exported = CallStackFormatTest.export(read.snapshot(), true);
        assertThat(new String(exported, StandardCharsets.UTF_8)).contains("\"syncRegion\":{\"kind\":\"barrier_explicit\","
                + "\"site\":{\"address\":\"0x401a2b\",\"symbol\":\"solve_boundary\",\"file\":\"/src/held.c\",\"line\":42}}");
        assertThat(syncRegionOf(load(new String(exported, StandardCharsets.UTF_8)))).isEqualTo(syncRegionOf(read));
        byte[] schema;
        try (InputStream in = BundledResources.openSchema()) {
            schema = in.readAllBytes();
        }
        assertThat(JsonSchemaCheck.violations(schema, json.getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(JsonSchemaCheck.violations(schema, doc("{\"site\":{\"address\":\"0x1\"}}")
                .getBytes(StandardCharsets.UTF_8))).isNotEmpty();
        assertThat(JsonSchemaCheck.violations(schema, doc("{\"kind\":\"taskwait\",\"at\":1}")
                .getBytes(StandardCharsets.UTF_8))).isNotEmpty();
    }

    @Test
    void aKindThisBuildDoesNotKnowIsKeptAndASiteIsOptional() throws Exception {
        LoadResult read = load(doc("{\"kind\":\"barrier_future\"}"));
        assertThat(read.diagnostics()).isEmpty();
        SyncRegion r = syncRegionOf(read).get();
        assertThat(r.kind().name()).isEqualTo("barrier_future");
        assertThat(r.kind().isKnown()).isFalse();
        assertThat(r.site()).isEqualTo(Fact.absent());
        assertThat(new String(CallStackFormatTest.export(read.snapshot(), true), StandardCharsets.UTF_8))
                .contains("\"syncRegion\":{\"kind\":\"barrier_future\"}");
    }

    @Test
    void aWrongSyncRegionIsOneLocatedDiagnosticAndTheThreadStillLoads() throws Exception {
        String[][] cases = {
            {"[3]", "wrong-type 3:$.threads[1].syncRegion"},
            {"{\"kind\":7}", "wrong-type 3:$.threads[1].syncRegion.kind"},
            {"{\"kind\":\"\"}", "empty-name 3:$.threads[1].syncRegion.kind"},
            {"{\"site\":{\"address\":\"0x10\"}}", "missing-field 3:$.threads[1].syncRegion"},
            {"{\"kind\":\"taskwait\",\"site\":{\"address\":\"0xzz\"}}", "bad-address 3:$.threads[1].syncRegion.site.address"},
            {"{\"kind\":\"taskwait\",\"site\":\"here\"}", "wrong-type 3:$.threads[1].syncRegion.site"},
        };
        for (String[] c : cases) {
            LoadResult read = load(doc(c[0]));
            assertThat(read.snapshot().threads()).as(c[0]).hasSize(2);
            assertThat(read.diagnostics()).as(c[0])
                    .extracting(d -> d.code() + " " + d.location().line() + ":" + d.location().path())
                    .containsExactly(c[1]);
        }
        // a site that is not an address leaves the site out, not the sync region
        assertThat(syncRegionOf(load(doc(cases[4][0]))).get().kind()).isEqualTo(SyncRegionKind.TASKWAIT);
        assertThat(syncRegionOf(load(doc(cases[1][0])))).isEqualTo(Fact.absent());
    }
}
