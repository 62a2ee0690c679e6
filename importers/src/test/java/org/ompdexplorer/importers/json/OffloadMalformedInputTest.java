package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * Every format 1.1 field given a wrong type, a value out of range or a link to nothing: a diagnostic with its
 * code, line:column and JSON path, and the rest of the file loaded.
 */
class OffloadMalformedInputTest {
    /** Line 3 holds the process, line 4 the device, line 6 the target regions: one entity per line. */
    private static String doc(String process, String device, String targets) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.2\",\"capture\":{\"source\":\"hand-written\"},\n"
                + "\"addressSpaces\":[\n"
                + "{\"id\":0" + process + "},\n"
                + "{\"id\":1,\"parent\":0" + device + "}],\n"
                + "\"tasks\":[{\"id\":1,\"kind\":\"implicit\"},{\"id\":2,\"kind\":\"explicit\"}],\n"
                + "\"targetRegions\":[" + targets + "]}\n";
    }

    private static String device(String fields) {
        return doc("", fields, "");
    }

    private static String target(String fields) {
        return doc("", ",\"deviceNum\":0", "{\"id\":1,\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":true" + fields
                + "}");
    }

    private static LoadResult load(String json) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "in.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE);
    }

    /** The one diagnostic of the file, as {@code code line:column path}. */
    private static String only(String json) throws Exception {
        List<Diagnostic> found = load(json).diagnostics();
        assertThat(found).as(json).hasSize(1);
        Diagnostic d = found.getFirst();
        return d.code() + " " + d.location().line() + ":" + d.location().column() + " " + d.location().path();
    }

    /**
     * Each case is {fields to add, the text of the offending value, its path below the entity[, code]}: the file
     * {@code wrap} makes of it has one diagnostic, {@code code} (or the case's own), at that value.
     */
    private static void eachAt(String code, java.util.function.UnaryOperator<String> wrap, int line, String entity,
                               String[]... cases) throws Exception {
        for (String[] c : cases) {
            String json = wrap.apply(c[0]);
            assertThat(only(json)).as(c[0]).isEqualTo((c.length > 3 ? c[3] : code) + " " + line + ":"
                    + col(json, line, c[1]) + " " + entity + "." + c[2]);
        }
    }

    /** 1-based column of {@code text} on line {@code line} of {@code json}. */
    private static int col(String json, int line, String text) {
        String l = json.split("\n")[line - 1];
        assertThat(l).contains(text);
        return l.indexOf(text) + 1;
    }

    @Test
    void wrongTypesOfDeviceFields() throws Exception {
        eachAt("wrong-type", OffloadMalformedInputTest::device, 4, "$.addressSpaces[1]",
            new String[]{",\"deviceNum\":\"zero\"", "\"zero\"", "deviceNum"},
            new String[]{",\"deviceNum\":1.5", "1.5", "deviceNum"},
            new String[]{",\"deviceType\":5", "5", "deviceType"},
            new String[]{",\"ompdHandle\":\"yes\"", "\"yes\"", "ompdHandle"},
            new String[]{",\"images\":{}", "{}", "images"},
            new String[]{",\"mappings\":7", "7", "mappings"},
            new String[]{",\"transfers\":[]", "[]", "transfers"},
            new String[]{",\"images\":[{\"file\":1}]", "1}", "images[0].file"},
            new String[]{",\"mappings\":[{\"hostAddress\":\"0x10\",\"deviceAddress\":\"0x20\",\"bytes\":8,\"transfers\":true}]",
                "true", "mappings[0].transfers"},
            new String[]{",\"transfers\":{\"toDeviceOps\":1.5}", "1.5", "transfers.toDeviceOps"});
    }

    @Test
    void anObjectWhereAnOmpdHandleGoesMustBeAnUnavailableMarker() throws Exception {
        String json = device(",\"ompdHandle\":{\"detail\":\"x\"}");
        assertThat(load(json).diagnostics()).extracting(Diagnostic::code).containsExactly("wrong-type");
        assertThat(load(device(",\"ompdHandle\":{\"unavailable\":\"unavailable\"}")).diagnostics()).isEmpty();
    }

    @Test
    void negativeOrTooLargeCountsAndBytesAreOutOfRange() throws Exception {
        eachAt("out-of-range", OffloadMalformedInputTest::device, 4, "$.addressSpaces[1]",
            new String[]{",\"deviceNum\":-1", "-1", "deviceNum"},
            new String[]{",\"images\":[{\"bytes\":-1}]", "-1", "images[0].bytes"},
            new String[]{",\"images\":[{\"moduleId\":18446744073709551616}]", "18446744073709551616", "images[0].moduleId"},
            new String[]{",\"mappings\":[{\"hostAddress\":\"0x10\",\"deviceAddress\":\"0x20\",\"bytes\":-8}]", "-8",
                "mappings[0].bytes"},
            new String[]{",\"mappings\":[{\"hostAddress\":\"0x10\",\"deviceAddress\":\"0x20\",\"bytes\":8,\"refCount\":-1}]",
                "-1", "mappings[0].refCount"},
            new String[]{",\"transfers\":{\"toDeviceBytes\":-1}", "-1", "transfers.toDeviceBytes"},
            new String[]{",\"transfers\":{\"fromDeviceOps\":9223372036854775808}", "9223372036854775808",
                "transfers.fromDeviceOps"});
        // a mapping whose range is refused is left out; the device stays
        var r = load(device(",\"mappings\":[{\"hostAddress\":\"0x10\",\"deviceAddress\":\"0x20\",\"bytes\":-8}]"));
        assertThat(r.snapshot().addressSpaces().get(1).device()).isNull();
    }

    @Test
    void badAddressesAreReportedWhereTheyAre() throws Exception {
        eachAt("bad-address", OffloadMalformedInputTest::device, 4, "$.addressSpaces[1]",
            new String[]{",\"mappings\":[{\"hostAddress\":\"0xZZ\",\"deviceAddress\":\"0x20\",\"bytes\":8}]", "\"0xZZ\"",
                "mappings[0].hostAddress"},
            new String[]{",\"mappings\":[{\"hostAddress\":\"0x10\",\"deviceAddress\":\"0x1ffffffffffffffff\",\"bytes\":8}]",
                "\"0x1ffffffffffffffff\"", "mappings[0].deviceAddress"},
            new String[]{",\"images\":[{\"vmaInFile\":-4096}]", "-4096", "images[0].vmaInFile"});
    }

    @Test
    void aMappingWithoutItsRangeIsSkippedWithOneFinding() throws Exception {
        String json = device(",\"mappings\":[{\"hostAddress\":\"0x10\",\"bytes\":8},"
                + "{\"hostAddress\":\"0x100\",\"deviceAddress\":\"0x200\",\"bytes\":8}]");
        assertThat(only(json)).startsWith("missing-field 4:").endsWith(" $.addressSpaces[1].mappings[0]");
        assertThat(load(json).snapshot().addressSpaces().get(1).device().mappings()).hasSize(1);
    }

    @Test
    void wrongOffloadFieldsOnTheProcess() throws Exception {
        eachAt(null, fields -> doc(fields, "", ""), 3, "$.addressSpaces[0]",
            new String[]{",\"offload\":[]", "[]", "offload", "wrong-type"},
            new String[]{",\"offload\":{\"deviceCount\":-1}", "-1", "offload.deviceCount", "out-of-range"},
            new String[]{",\"offload\":{\"initialDevice\":\"host\"}", "\"host\"", "offload.initialDevice", "wrong-type"},
            new String[]{",\"offload\":{\"imageTriples\":\"x86_64\"}", "\"x86_64\"", "offload.imageTriples", "wrong-type"},
            new String[]{",\"offload\":{\"imageTriples\":[\"\"]}", "\"\"]", "offload.imageTriples[0]", "empty-name"},
            new String[]{",\"offload\":{\"runtime\":{}}", "{}}", "offload.runtime", "wrong-type"});
        assertThat(load(doc(",\"offload\":{\"deviceCount\":{\"unavailable\":\"unsupported\",\"detail\":\"no "
                + "libomptarget\"}}", "", "")).diagnostics()).isEmpty();
    }

    @Test
    void wrongTypesAndRangesInATargetRegion() throws Exception {
        eachAt(null, OffloadMalformedInputTest::target, 6, "$.targetRegions[0]",
            new String[]{",\"kernels\":{}", "{}", "kernels", "wrong-type"},
            new String[]{",\"kernels\":[3]", "3]", "kernels[0]", "wrong-type"},
            new String[]{",\"kernels\":[{\"requestedTeams\":-1}]", "-1", "kernels[0].requestedTeams", "out-of-range"},
            new String[]{",\"kernelsSubmitted\":-2", "-2", "kernelsSubmitted", "out-of-range"},
            new String[]{",\"encounteringTask\":\"one\"", "\"one\"", "encounteringTask", "wrong-type"},
            new String[]{",\"device\":-1", "-1", "device", "bad-id"},
            new String[]{",\"transfers\":{\"toDeviceBytes\":\"lots\"}", "\"lots\"", "transfers.toDeviceBytes", "bad-address"},
            new String[]{",\"creationSite\":{\"address\":\"0xQ\"}", "\"0xQ\"", "creationSite.address", "bad-address"});
    }

    @Test
    void aTargetRegionsRequiredFieldsRefusedOrLeftOut() throws Exception {
        String refusedInFlight = doc("", "", "{\"id\":1,\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":\"yes\"}");
        assertThat(only(refusedInFlight)).isEqualTo("wrong-type 6:" + col(refusedInFlight, 6, "\"yes\"")
                + " $.targetRegions[0].inFlight");
        assertThat(load(refusedInFlight).snapshot().targetRegions().getFirst().inFlight()).isFalse();

        String noDeviceNum = doc("", "", "{\"id\":1,\"kind\":\"target\",\"inFlight\":true}");
        assertThat(only(noDeviceNum)).startsWith("missing-field 6:").endsWith("$.targetRegions[0]");
        assertThat(load(noDeviceNum).snapshot().targetRegions()).as("skipped").isEmpty();

        String badDeviceNum = doc("", "", "{\"id\":1,\"kind\":\"target\",\"deviceNum\":1.5,\"inFlight\":true}");
        assertThat(only(badDeviceNum)).isEqualTo("wrong-type 6:" + col(badDeviceNum, 6, "1.5")
                + " $.targetRegions[0].deviceNum");

        String noKind = doc("", "", "{\"id\":1,\"deviceNum\":0,\"inFlight\":false}");
        assertThat(only(noKind)).startsWith("missing-field 6:");
        assertThat(load(noKind).snapshot().targetRegions().getFirst().kind().name()).isEqualTo("unknown");

        String noId = doc("", "", "{\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":false}");
        assertThat(only(noId)).startsWith("missing-field 6:");
    }

    @Test
    void aTargetRegionOnTheProcessIsNotOnADevice() throws Exception {
        String json = target(",\"device\":0");
        assertThat(only(json)).isEqualTo("not-a-device 6:18 $.targetRegions[0].device");
        assertThat(json.split("\n")[5].indexOf("{\"id\":1") + 1).isEqualTo(18);
    }

    @Test
    void linksToNothingDangleAtTheEntityThatHoldsThem() throws Exception {
        assertThat(only(target(",\"device\":5"))).isEqualTo("dangling-reference 6:18 $.targetRegions[0].device");
        assertThat(only(target(",\"encounteringTask\":99")))
                .isEqualTo("dangling-reference 6:18 $.targetRegions[0].encounteringTask");
        assertThat(only(target(",\"targetTask\":98"))).isEqualTo("dangling-reference 6:18 $.targetRegions[0].targetTask");
        assertThat(only(device(",\"mappings\":[{\"hostAddress\":\"0x10\",\"deviceAddress\":\"0x20\",\"bytes\":8,"
                + "\"mappedBy\":9}]"))).isEqualTo("dangling-reference 4:1 $.addressSpaces[1].mappings[0].mappedBy");
    }

    @Test
    void aTargetTaskNotOfKindTargetIsAWarning() throws Exception {
        List<Diagnostic> found = load(target(",\"targetTask\":2")).diagnostics();
        assertThat(found).extracting(d -> d.severity() + " " + d.code() + " " + d.location().path())
                .containsExactly(Severity.WARNING + " not-a-target-task $.targetRegions[0].targetTask");
    }

    @Test
    void deviceNumbersThatDisagreeAreWarningsAtTheirDeviceNum() throws Exception {
        // the target region runs on address space 1, which is device 0
        String mismatch = doc("", ",\"deviceNum\":0", "{\"id\":1,\"kind\":\"target\",\"deviceNum\":2,"
                + "\"inFlight\":true,\"device\":1}");
        assertThat(only(mismatch)).isEqualTo("device-num-mismatch 6:18 $.targetRegions[0].deviceNum");
        String twice = doc("", ",\"deviceNum\":0},{\"id\":2,\"parent\":0,\"deviceNum\":0", "");
        assertThat(only(twice)).isEqualTo("duplicate-device-num 4:" + (twice.split("\n")[3].indexOf("{\"id\":2") + 1)
                + " $.addressSpaces[2].deviceNum");
    }

    @Test
    void aTargetTaskOfTwoTargetRegionsIsAWarning() throws Exception {
        String json = doc("", ",\"deviceNum\":0", "{\"id\":1,\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":true,"
                + "\"targetTask\":3},{\"id\":2,\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":true,\"targetTask\":3}")
                .replace("{\"id\":2,\"kind\":\"explicit\"}", "{\"id\":2,\"kind\":\"explicit\"},{\"id\":3,\"kind\":\"target\"}");
        assertThat(only(json)).startsWith("shared-target-task 6:").endsWith(" $.targetRegions[1].targetTask");
    }

    @Test
    void overlappingMappingsOfADeviceAreAWarning() throws Exception {
        String json = device(",\"mappings\":[{\"hostAddress\":\"0x1000\",\"deviceAddress\":\"0x9000\",\"bytes\":64},"
                + "{\"hostAddress\":\"0x1020\",\"deviceAddress\":\"0xa000\",\"bytes\":64}]");
        assertThat(only(json)).isEqualTo("overlapping-mapping 4:1 $.addressSpaces[1].mappings[1]");
        assertThat(load(json).diagnostics().getFirst().severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void deviceFieldsOnTheProcessAndOffloadOnADeviceAreMisplaced() throws Exception {
        assertThat(only(doc(",\"deviceNum\":0,\"images\":[{}]", "", "")))
                .isEqualTo("misplaced-field 3:1 $.addressSpaces[0].deviceNum");
        assertThat(only(device(",\"offload\":{\"runtime\":\"libomptarget.so\"}")))
                .isEqualTo("misplaced-field 4:1 $.addressSpaces[1].offload");
    }

    @Test
    void aTargetRegionIdGivenTwiceKeepsTheFirst() throws Exception {
        String json = doc("", "", "{\"id\":1,\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":true},"
                + "{\"id\":1,\"kind\":\"update\",\"deviceNum\":0,\"inFlight\":false}");
        int second = json.split("\n")[5].lastIndexOf("{\"id\":1") + 1;
        assertThat(only(json)).isEqualTo("duplicate-id 6:" + second + " $.targetRegions[1]");
        assertThat(load(json).snapshot().targetRegions()).hasSize(1);
    }

    @Test
    void unknownFieldsInTheNewShapesWarnAsEverywhere() throws Exception {
        List<Diagnostic> found = load(doc(",\"offload\":{\"gpus\":1}", ",\"mappings\":[{\"hostAddress\":\"0x1\","
                + "\"deviceAddress\":\"0x2\",\"bytes\":1,\"stale\":true}],\"transfers\":{\"viaHost\":0}",
                "{\"id\":1,\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":true,\"stream\":3,"
                        + "\"kernels\":[{\"requestedTeams\":1,\"threads\":4}]}")).diagnostics();
        assertThat(found).extracting(Diagnostic::code).containsOnly("unknown-field");
        assertThat(found).extracting(Diagnostic::message).anyMatch(m -> m.contains("'gpus' at $.addressSpaces[*]"
                + ".offload.gpus")).anyMatch(m -> m.contains("$.addressSpaces[*].mappings[*].stale"))
                .anyMatch(m -> m.contains("$.addressSpaces[*].transfers.viaHost"))
                .anyMatch(m -> m.contains("$.targetRegions[*].stream"))
                .anyMatch(m -> m.contains("$.targetRegions[*].kernels[*].threads"));
        assertThat(found).hasSize(5);
    }

    @Test
    void nullIsAbsentInEveryNewField() throws Exception {
        LoadResult r = load(doc(",\"offload\":{\"runtime\":null,\"deviceCount\":null,\"initialDevice\":null,"
                        + "\"imageTriples\":null}",
                ",\"deviceNum\":null,\"deviceType\":null,\"ompdHandle\":null,\"images\":[{\"file\":null,"
                        + "\"bytes\":null}],\"mappings\":null,\"transfers\":null",
                "{\"id\":1,\"kind\":\"target\",\"deviceNum\":0,\"inFlight\":true,\"device\":null,"
                        + "\"encounteringTask\":null,\"kernels\":null,\"kernelsSubmitted\":null,\"transfers\":null}"));
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.snapshot().addressSpaces().get(1).device().images()).hasSize(1);
    }
}
