package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.JsonSchemaCheck;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;
import org.ompdexplorer.resources.BundledResources;

/**
 * Format 1.2's module map, hand-written: a module that is not on this machine leaves the capture's symbols and says
 * so once, at its entry; every code location in a module gets its module and offset, the others nothing; each
 * malformed field is a located diagnostic; what is exported reads back the same and validates against the schema.
 */
class ModuleMapTest {
    private static final String BUILD_ID = "0123456789abcdef0123456789abcdef01234567";

    /** Line 3 holds the modules, one per line from line 4; line 6 the tasks and line 7 the region. */
    private static String doc(String module) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.2\",\"capture\":{\"source\":\"ompt-agent\"},\n"
                + "\"addressSpaces\":[{\"id\":0}],\n"
                + "\"modules\":[\n"
                + module + ",\n"
                + "{\"path\":\"/nonexistent/libfoo.so\",\"loadBias\":\"0x7f0000000000\",\"start\":\"0x7f0000000000\","
                + "\"end\":\"0x7f0000010000\"}],\n"
                + "\"tasks\":[{\"id\":1,\"kind\":\"implicit\"},"
                + "{\"id\":2,\"kind\":\"explicit\",\"generatingTask\":1,\"creationSite\":{\"address\":\"0x555555555234\","
                + "\"symbol\":\"main.omp_outlined\"}},"
                + "{\"id\":3,\"kind\":\"explicit\",\"generatingTask\":1,\"creationSite\":{\"address\":\"0x555555555300\"}},"
                + "{\"id\":4,\"kind\":\"explicit\",\"generatingTask\":1,\"creationSite\":{\"address\":\"0x999\","
                + "\"symbol\":\"elsewhere\"}}],\n"
                + "\"parallelRegions\":[{\"id\":1,\"members\":[],\"creationSite\":{\"address\":\"0x555555555400\","
                + "\"symbol\":\"main\",\"file\":\"prog.c\",\"line\":7,\"possiblyInexact\":true}}]}\n";
    }

    private static final String PROGRAM = "{\"path\":\"/nonexistent/prog\",\"buildId\":\"" + BUILD_ID + "\","
            + "\"loadBias\":\"0x555555554000\",\"start\":\"0x555555554000\",\"end\":\"0x555555559000\",\"fileSize\":17512}";

    private static LoadResult load(String json) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "in.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE);
    }

    private static CodeLocation site(LoadResult r, long task) {
        return r.snapshot().index().task(new org.ompdexplorer.model.TaskId(task)).orElseThrow().creationSite().get();
    }

    @Test
    void aMissingModuleKeepsTheCapturesSymbolsAndIsReportedOnceAtItsEntry() throws Exception {
        LoadResult r = load(doc(PROGRAM));
        assertThat(r.snapshot().modules()).containsExactly(
                new CodeModule("/nonexistent/prog", BUILD_ID, 0x555555554000L, 0x555555554000L, 0x555555559000L,
                        17512L),
                new CodeModule("/nonexistent/libfoo.so", null, 0x7f0000000000L, 0x7f0000000000L, 0x7f0000010000L,
                        null));
        // libfoo.so holds no code location: nothing is said of it
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.code()).isEqualTo("module-not-found");
            assertThat(d.message()).isEqualTo("/nonexistent/prog is not on this machine: 2 distinct code addresses in"
                    + " it keep what the capture wrote (a symbol at most, no file:line)");
            assertThat(d.fix()).isEqualTo("open the snapshot where the program ran, or put the same build of prog"
                    + " (build-id " + BUILD_ID + ") at /nonexistent/prog");
            assertThat(d.location().line()).isEqualTo(4);
            assertThat(d.location().column()).isEqualTo(1);
            assertThat(d.location().path()).isEqualTo("$.modules[0]");
        });
        List<CodeModule> modules = r.snapshot().modules();
        assertThat(site(r, 2).display(modules)).isEqualTo("main.omp_outlined");
        assertThat(site(r, 3).display(modules)).as("no symbol: module+offset").isEqualTo("prog+0x1300");
        assertThat(site(r, 3).display()).isEqualTo("0x555555555300");
        assertThat(site(r, 4).display(modules)).as("outside every module").isEqualTo("elsewhere");
        CodeLocation region = r.snapshot().parallelRegions().getFirst().creationSite().get();
        assertThat(region.display()).as("symbolized before: kept, exactness included")
                .isEqualTo("main (prog.c:7, possibly inexact)");
    }

    @Test
    void theMapAndInexactnessAreExportedAndReadBackTheSame() throws Exception {
        LoadResult r = load(doc(PROGRAM));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(r.snapshot(), out);
        String exported = out.toString(StandardCharsets.UTF_8);
        assertThat(exported).contains("\n  \"modules\": [\n    {\"path\":\"/nonexistent/prog\",\"buildId\":\"" + BUILD_ID
                + "\",\"loadBias\":\"0x555555554000\",\"start\":\"0x555555554000\",\"end\":\"0x555555559000\","
                + "\"fileSize\":17512,\"codeAddresses\":[\"0x555555555234\",\"0x555555555300\",\"0x555555555400\"]},\n");
        assertThat(exported).contains("\"line\":7,\"possiblyInexact\":true}");
        LoadResult back = load(exported);
        assertThat(back.snapshot().modules()).isEqualTo(r.snapshot().modules());
        assertThat(back.snapshot().tasks()).isEqualTo(r.snapshot().tasks());
        assertThat(back.snapshot().parallelRegions()).isEqualTo(r.snapshot().parallelRegions());
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(back.snapshot(), again);
        assertThat(again.toString(StandardCharsets.UTF_8)).isEqualTo(exported);
        byte[] schema;
        try (InputStream in = BundledResources.openSchema()) {
            schema = in.readAllBytes();
        }
        assertThat(JsonSchemaCheck.violations(schema, doc(PROGRAM).getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(JsonSchemaCheck.violations(schema, out.toByteArray())).isEmpty();
    }

    /** The one diagnostic of the module {@code module}, as {@code code line:column path}, the value's column. */
    private static String only(String module, String at) throws Exception {
        String json = doc(module);
        List<Diagnostic> found = load(json).diagnostics().stream().filter(d -> !d.code().startsWith("module-"))
                .toList();
        assertThat(found).as(module).hasSize(1);
        Diagnostic d = found.getFirst();
        String line = json.split("\n")[d.location().line() - 1];
        assertThat(line.indexOf(at) + 1).as(module + ": " + d).isEqualTo(d.location().column());
        return d.code() + " " + d.location().line() + " " + d.location().path();
    }

    @Test
    void malformedFieldsAreLocated() throws Exception {
        String base = "\"loadBias\":\"0x1000\",\"start\":\"0x1000\",\"end\":\"0x2000\"";
        assertThat(only("{\"path\":7," + base + "}", "7")).isEqualTo("wrong-type 4 $.modules[0].path");
        assertThat(only("{\"path\":\"\"," + base + "}", "\"\"")).isEqualTo("empty-name 4 $.modules[0].path");
        assertThat(only("{\"path\":\"/p\",\"buildId\":\"XYZ\"," + base + "}", "\"XYZ\""))
                .isEqualTo("bad-build-id 4 $.modules[0].buildId");
        assertThat(only("{\"path\":\"/p\",\"buildId\":\"abc\"," + base + "}", "\"abc\""))
                .isEqualTo("bad-build-id 4 $.modules[0].buildId");
        assertThat(only("{\"path\":\"/p\",\"loadBias\":\"0xq\",\"start\":\"0x1000\",\"end\":\"0x2000\"}", "\"0xq\""))
                .isEqualTo("bad-address 4 $.modules[0].loadBias");
        assertThat(only("{\"path\":\"/p\",\"loadBias\":\"0x1000\",\"start\":-5,\"end\":\"0x2000\"}", "-5"))
                .isEqualTo("bad-address 4 $.modules[0].start");
        assertThat(only("{\"path\":\"/p\",\"loadBias\":\"0x1000\",\"start\":\"0x2000\",\"end\":\"0x2000\"}",
                "\"0x2000\"}")).isEqualTo("bad-module-range 4 $.modules[0].end");
        assertThat(only("{\"path\":\"/p\"," + base + ",\"fileSize\":-1}", "-1"))
                .isEqualTo("out-of-range 4 $.modules[0].fileSize");
        assertThat(only("{\"path\":\"/p\"," + base + ",\"size\":1}", "1}"))
                .isEqualTo("unknown-field 4 $.modules[0].size");
        assertThat(only("{\"path\":\"/p\",\"start\":\"0x1000\",\"end\":\"0x2000\"}", "}"))
                .isEqualTo("missing-field 4 $.modules[0]");
        assertThat(only("7", "7")).isEqualTo("wrong-type 4 $.modules[0]");
        assertThat(only("{\"path\":\"/p\"," + base + ",\"codeAddresses\":\"0x1000\"}", "\"0x1000\"}"))
                .isEqualTo("wrong-type 4 $.modules[0].codeAddresses");
        assertThat(only("{\"path\":\"/p\"," + base + ",\"codeAddresses\":[\"0x1000\",\"zz\"]}", "\"zz\""))
                .isEqualTo("bad-address 4 $.modules[0].codeAddresses[1]");
    }

    @Test
    void aModuleSkippedForABadFieldLeavesItsLocationsUnplaced() throws Exception {
        LoadResult r = load(doc("{\"path\":\"/nonexistent/prog\",\"start\":\"0x555555554000\",\"end\":\"0x555555559000\"}"));
        assertThat(r.snapshot().modules()).hasSize(1);
        assertThat(site(r, 3).display(r.snapshot().modules())).isEqualTo("0x555555555300");
        assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("missing-field");
    }
}
