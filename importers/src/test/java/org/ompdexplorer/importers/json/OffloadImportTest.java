package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.Transfers;
import org.ompdexplorer.resources.BundledResources;

/**
 * Format 1.1 on a hand-written golden file (two devices, images, mappings, transfers, target regions in flight
 * and ended, a nowait construct's target task): every value as the model holds it, and the round trip.
 */
class OffloadImportTest {
    static final Path GOLDEN = Path.of("src/test/resources/golden/snapshots/offload-two-devices.json");

    static LoadResult load(byte[] bytes) throws Exception {
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "offload.json", bytes.length,
                LoadOptions.STRICT, ProgressListener.NONE);
    }

    static byte[] export(Snapshot s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(s, out);
        return out.toByteArray();
    }

    @Test
    void theGoldenFileLoadsWithoutADiagnostic() throws Exception {
        assertThat(load(Files.readAllBytes(GOLDEN)).diagnostics()).isEmpty();
    }

    @Test
    void theProcessCarriesWhatIsKnownOfItsOffloadRuntime() throws Exception {
        AddressSpace process = load(Files.readAllBytes(GOLDEN)).snapshot().addressSpaces().getFirst();
        assertThat(process.isDevice()).isFalse();
        assertThat(process.device()).isNull();
        assertThat(process.offload()).isEqualTo(new OffloadInfo("libomptarget.so.19.1", Fact.of(2), 2,
                List.of("x86_64-pc-linux-gnu")));
    }

    @Test
    void eachDeviceHasItsNumberTypeHandleImagesMappingsAndTransfers() throws Exception {
        Snapshot s = load(Files.readAllBytes(GOLDEN)).snapshot();
        assertThat(s.devices()).extracting(AddressSpace::id)
                .containsExactly(new AddressSpaceId(1), new AddressSpaceId(2));
        AddressSpace first = s.devices().getFirst();
        assertThat(first.parent()).isEqualTo(new AddressSpaceId(0));
        assertThat(first.deviceKind()).isNull();
        assertThat(first.offload()).isNull();
        assertThat(first.device()).isEqualTo(new DeviceInfo(0, "generic-64bit",
                Fact.unavailable(ReturnCode.UNAVAILABLE, "ompd_device_initialize"),
                List.of(new DeviceImage("/home/u/saxpy-offload", 0, 0, 15360, 0x55d09f8a4000L, 0x7f3a1c000000L, 1)),
                List.of(new Mapping(0x7ffd5e1c0000L, 0x55d0a0001000L, 8000, 1, new TargetRegionId(1),
                                new Transfers(8000, 1, 0, 0)),
                        new Mapping(0x7ffd5e1c2000L, 0x55d0a0003000L, 4000, 1, new TargetRegionId(2),
                                new Transfers(4000, 1, 0, 0))),
                new Transfers(12000, 2, 0, 0)));
        AddressSpace second = s.devices().get(1);
        assertThat(second.device()).isEqualTo(new DeviceInfo(1, "generic-64bit", Fact.of(true),
                List.of(new DeviceImage("/home/u/saxpy-offload", 0, 0, 15360, 0x55d09f8a4000L, 0x7f3a14000000L, 2)),
                List.of(new Mapping(0x7ffd5e1d0000L, 0x55d0a0010000L, 800, 1, new TargetRegionId(3),
                        new Transfers(800, 1, 0, 0))),
                new Transfers(800, 1, 1600, 2)));
        assertThat(s.devices().stream().filter(d -> d.deviceNum().orElse(-1) == 1).findFirst()).contains(second);
    }

    @Test
    void targetRegionsInFlightAndEndedWithTheirTasksKernelsAndTransfers() throws Exception {
        Snapshot s = load(Files.readAllBytes(GOLDEN)).snapshot();
        AddressSpaceId device0 = new AddressSpaceId(1);
        assertThat(s.targetRegions()).containsExactly(
                new TargetRegion(new TargetRegionId(1), TargetKind.ENTER_DATA, device0, 0, false,
                        Fact.of(new TaskId(1)), Fact.absent(),
                        Fact.of(new CodeLocation(0x55d09f8a5120L, "main", null, 0)), List.of(), 0,
                        new Transfers(8000, 1, 0, 0)),
                new TargetRegion(new TargetRegionId(2), TargetKind.TARGET, device0, 0, true,
                        Fact.of(new TaskId(2)), Fact.absent(),
                        Fact.of(new CodeLocation(0x55d09f8a5300L, "main.omp_outlined_debug__", null, 0)),
                        List.of(new Kernel(1)), 1, new Transfers(4000, 1, 0, 0)),
                new TargetRegion(new TargetRegionId(3), TargetKind.TARGET_NOWAIT, new AddressSpaceId(2), 1, true,
                        Fact.of(new TaskId(3)), Fact.of(new TaskId(4)),
                        Fact.of(new CodeLocation(0x55d09f8a5480L, "main.omp_outlined_debug__", null, 0)),
                        List.of(), 0, new Transfers(800, 1, 0, 0)));
        // the in-flight target's encountering task is suspended on it; the nowait one's target task is a target
        assertThat(s.index().task(new TaskId(2)).orElseThrow().lifecycle()).contains(TaskLifecycle.SUSPENDED);
        assertThat(s.index().awaitedTarget(new TaskId(2))).map(TargetRegion::id).contains(new TargetRegionId(2));
        assertThat(s.index().task(new TaskId(4)).orElseThrow().kind()).isEqualTo(TaskKind.TARGET);
        assertThat(s.index().targetRegionOfTask(new TaskId(4))).map(TargetRegion::id)
                .contains(new TargetRegionId(3));
        assertThat(s.index().targetRegionsOn(device0)).extracting(TargetRegion::id)
                .containsExactly(new TargetRegionId(1), new TargetRegionId(2));
    }

    @Test
    void theGoldenFileIsNormalized_itsExportIsItsOwnBytes() throws Exception {
        byte[] original = Files.readAllBytes(GOLDEN);
        assertThat(new String(export(load(original).snapshot()), StandardCharsets.UTF_8))
                .isEqualTo(new String(original, StandardCharsets.UTF_8));
    }

    @Test
    void importExportImportIsLosslessAndTheExportOfTheExportIsByteIdentical() throws Exception {
        Snapshot first = load(Files.readAllBytes(GOLDEN)).snapshot();
        for (boolean compact : new boolean[]{false, true}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new SnapshotJsonExporter(compact).write(first, out);
            byte[] once = out.toByteArray();
            Snapshot back = load(once).snapshot();
            assertThat(back.addressSpaces()).isEqualTo(first.addressSpaces());
            assertThat(back.targetRegions()).isEqualTo(first.targetRegions());
            assertThat(back.tasks()).isEqualTo(first.tasks());
            out.reset();
            new SnapshotJsonExporter(compact).write(back, out);
            assertThat(out.toByteArray()).isEqualTo(once);
        }
    }

    @Test
    void aFormat10FileLoadsUnchangedWithoutANewDiagnostic() throws Exception {
        byte[] lesson;
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            lesson = in.readAllBytes();
        }
        String v10 = new String(lesson, StandardCharsets.UTF_8).replace("\"version\": \"" + org.ompdexplorer.importers.json.SnapshotFormat.VERSION + "\"", "\"version\": \"1.0\"");
        assertThat(v10).contains("\"version\": \"1.0\"");
        LoadResult r = load(v10.getBytes(StandardCharsets.UTF_8));
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.snapshot().targetRegions()).isEmpty();
        assertThat(r.snapshot().addressSpaces()).allSatisfy(a -> {
            assertThat(a.device()).isNull();
            assertThat(a.offload()).isNull();
        });
        // written again as 1.3, with nothing else added
        assertThat(new String(export(r.snapshot()), StandardCharsets.UTF_8)).isEqualTo(
                new String(lesson, StandardCharsets.UTF_8));
    }

    @Test
    void aDeviceOfFormat10KeepsItsKindAndIdAndGetsNoDeviceFacts() throws Exception {
        String json = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"capture\":{\"source\":\"core-file\"},"
                + "\"addressSpaces\":[{\"id\":0},{\"id\":1,\"parent\":0,\"deviceKind\":3,\"deviceId\":\"0a0b\"}]}";
        LoadResult r = load(json.getBytes(StandardCharsets.UTF_8));
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.snapshot().addressSpaces().get(1)).isEqualTo(new AddressSpace(new AddressSpaceId(1),
                new AddressSpaceId(0), 3L, "0a0b", List.of()));
        assertThat(new String(export(r.snapshot()), StandardCharsets.UTF_8))
                .contains("{\"id\":1,\"parent\":0,\"deviceKind\":3,\"deviceId\":\"0a0b\"}")
                .doesNotContain("targetRegions");
    }
}
