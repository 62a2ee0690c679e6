package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The CLI on format 1.1: the summary's Devices section (on the offload golden, and only when there is something to
 * say), and diff, which pairs devices by number and leaves target regions out.
 */
class OffloadCliTest extends InProcessCli {
    private static final Path OFFLOAD = Path.of("..", "importers", "src", "test", "resources", "golden", "snapshots",
            "offload-two-devices.json");

    private Path write(String json) throws Exception {
        Path file = dir.resolve("snapshot.json");
        Files.writeString(file, json);
        return file;
    }

    private static String head(String addressSpaces, String targets) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.2\",\"capture\":{\"source\":\"hand-written\"},"
                + "\"addressSpaces\":[" + addressSpaces + "],\"tasks\":[{\"id\":1,\"kind\":\"initial\"}],"
                + "\"targetRegions\":[" + targets + "]}";
    }

    @Test
    void theOffloadGoldenSummaryMatchesItsGoldenFile() throws Exception {
        Path copy = dir.resolve("offload-two-devices.json");
        Files.copy(OFFLOAD, copy);
        assertThat(run("summary", copy.toString())).isEqualTo(ExitCodes.OK);
        Path golden = Path.of("src/test/resources/golden/offload-two-devices.summary.txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(golden, out.toString());
        }
        assertThat(out.toString()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aSnapshotWithoutDevicesOrOffloadHasNoDevicesSection() throws Exception {
        assertThat(run("summary", lessonCopy("fib.json").toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).doesNotContain("Devices").doesNotContain("target region");
    }

    @Test
    void anUnknownDeviceCountSaysWhy_aDeviceOfFormat10SaysWhatOmpdKnows() throws Exception {
        Path file = write(head("{\"id\":0,\"offload\":{\"deviceCount\":{\"unavailable\":\"unsupported\","
                + "\"detail\":\"no device table in a core\"}}},{\"id\":1,\"parent\":0,\"deviceKind\":3,\"deviceId\":\"0a\"}",
                ""));
        assertThat(run("summary", file.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Devices\n"
                + "  process (address space 0)  offload runtime -, device count unavailable (unsupported: no device "
                + "table in a core)\n"
                + "  device (no number)  (address space 1, kind 3, id 0a)  OMPD: not asked\n\n");
    }

    @Test
    void targetRegionsOnTheHostAreListedApartAndTheLimitHolds() throws Exception {
        Path file = write(head("{\"id\":0}", "{\"id\":1,\"kind\":\"target\",\"deviceNum\":4,\"inFlight\":true,"
                + "\"encounteringTask\":1},{\"id\":2,\"kind\":\"update\",\"deviceNum\":4,\"inFlight\":true},"
                + "{\"id\":3,\"kind\":\"exit_data\",\"deviceNum\":4,\"inFlight\":false}"));
        assertThat(run("summary", file.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Devices\n"
                + "  on the host or no listed device\n"
                + "    TR1 target  in flight  device number 4  encountered by #1  no kernel running, 0 submitted\n"
                + "    TR2 update  in flight  device number 4  encountered by -  no kernel running, 0 submitted\n"
                + "    ended, data still mapped: TR3 exit_data\n\n")
                .contains("1 task (1 initial), 0 ICVs, 0 states, 0 display control variables, 3 target regions")
                .contains("#1 initial task  initial  fn -  waits on TR1");
        out.getBuffer().setLength(0);
        assertThat(run("summary", "--max-regions", "1", file.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("    TR1 target").doesNotContain("TR2 update")
                .contains("  … 2 more target regions (--max-regions 0 prints all)\n");
    }

    @Test
    void diffPairsRenumberedAndReorderedDevicesByNumberAndComparesTargetRegions() throws Exception {
        Path a = dir.resolve("a.json");
        Files.copy(OFFLOAD, a);
        java.util.List<String> lines = new java.util.ArrayList<>(Files.readAllLines(OFFLOAD));
        int first = lines.indexOf(lines.stream().filter(l -> l.contains("{\"id\":1,\"parent\":0")).findFirst()
                .orElseThrow());
        String device0 = lines.get(first).replace("{\"id\":1,", "{\"id\":12,");
        String device1 = lines.get(first + 1).replace("{\"id\":2,", "{\"id\":11,");
        lines.set(first, device1.endsWith(",") ? device1 : device1 + ",");
        lines.set(first + 1, device0.endsWith(",") ? device0.substring(0, device0.length() - 1) : device0);
        Path b = dir.resolve("b.json");
        Files.writeString(b, String.join("\n", lines).replace("\"device\":1,", "\"device\":12,")
                .replace("\"device\":2,", "\"device\":11,").replace("\"inFlight\":true,\"encounteringTask\":2",
                        "\"inFlight\":false,\"encounteringTask\":2") // ended: its kernel finished too
                .replace("\"kernels\":[{\"requestedTeams\":1}],", "") + "\n"); // the golden file's one kernel
        assertThat(run("validate", b.toString())).isEqualTo(ExitCodes.OK);
        out.getBuffer().setLength(0);
        assertThat(run("diff", a.toString(), b.toString())).as(out.toString()).isEqualTo(ExitCodes.DIFFERENT);
        assertThat(out.toString()).containsPattern("address spaces +3 +3 +0 +0 +0 +3 +process 1, device number 2");
        assertThat(out.toString()).containsPattern("target regions +3 +3 +0 +0 +1 +2 +target order 3");
        assertThat(out.toString()).contains("~ target region TR2\n    in flight: in flight → ended");
        assertThat(err.toString()).isEmpty();
        out.getBuffer().setLength(0);
        assertThat(run("diff", "--json", a.toString(), b.toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertThat(out.toString()).contains("\"device_number\":2").contains("\"target_order\":3");
    }
}
