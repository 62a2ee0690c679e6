package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.elf.PathResolver;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * Cores of a program with a target region in flight on libomptarget's host plugin (4 devices of type
 * {@code generic-64bit}, the host being device 4): with the capture agent loaded, every device it lists is asked
 * for with {@code ompd_device_initialize} and shows libompd 19's refusal; without it, the process says why it
 * names no device.
 */
class OffloadCoreImportTest {
    static final String WITH_AGENT = "target_in_flight.agent.gcore.core";
    static final String WITHOUT_AGENT = "target_in_flight.gcore.core";

    @Test
    void withTheAgentEveryDeviceIsAnAddressSpaceWithOmpdsAnswer() {
        OmpdCoreImporter.Run run = CoreImports.offload(WITH_AGENT);
        Snapshot s = run.result().snapshot();
        assertThat(s.addressSpaces()).hasSize(5);
        OffloadInfo offload = s.addressSpaces().getFirst().offloadInfo().orElseThrow();
        assertThat(LoadedModule.fileNameOf(offload.runtime())).startsWith("libomptarget.so");
        assertThat(offload.deviceCount()).isEqualTo(Fact.of(4));
        assertThat(offload.initialDevice()).isEqualTo(4);
        assertThat(offload.imageTriples()).containsExactly("x86_64-pc-linux-gnu");
        List<AddressSpace> devices = s.addressSpaces().subList(1, 5);
        for (int i = 0; i < 4; i++) {
            AddressSpace d = devices.get(i);
            assertThat(d.id()).isEqualTo(new AddressSpaceId(i + 1));
            assertThat(d.parent()).isEqualTo(SnapshotAssembler.PROCESS);
            assertThat(d.deviceKind()).isEqualTo(DeviceSpaces.HOST_KIND);
            assertThat(d.deviceId()).isEqualTo("0" + i + "000000");
            assertThat(d.offload()).isNull();
            DeviceInfo info = d.deviceInfo().orElseThrow();
            assertThat(info.deviceNum()).isEqualTo(i);
            assertThat(info.type()).isEqualTo("generic-64bit");
            assertThat(info.ompdHandle()).isEqualTo(Fact.unavailable(ReturnCode.UNAVAILABLE, "ompd_device_initialize"));
            assertThat(info.images()).isEmpty();
            assertThat(info.mappings()).isEmpty();
        }
        assertThat(problems(run.result())).isEmpty();
        // libompd refused every device: the process's handle is the only address space handle, and it was released
        assertThat(run.stats().obtained().get(Ompd.HandleKind.ADDRESS_SPACE)).isEqualTo(1);
        assertThat(run.stats().obtained()).isEqualTo(run.stats().released());
        assertThat(run.stats().leaked()).isZero();
        // the host side is read as in any core: the thread waiting in the target region and its task
        assertThat(s.threads()).isNotEmpty();
        assertThat(s.tasks()).isNotEmpty();
    }

    @Test
    void withoutTheAgentTheProcessSaysWhyItNamesNoDevice() {
        LoadResult result = CoreImports.offload(WITHOUT_AGENT).result();
        Snapshot s = result.snapshot();
        assertThat(s.addressSpaces()).hasSize(1);
        OffloadInfo offload = s.addressSpaces().getFirst().offloadInfo().orElseThrow();
        assertThat(LoadedModule.fileNameOf(offload.runtime())).startsWith("libomptarget.so");
        assertThat(offload.imageTriples()).containsExactly("x86_64-pc-linux-gnu");
        assertThat(offload.deviceCount()).isEqualTo(Fact.unavailable(ReturnCode.UNAVAILABLE,
                "libomptarget keeps its device list private; load the capture agent (OMP_TOOL_LIBRARIES) to record it"));
        assertThat(offload.initialDevice()).isNull();
        assertThat(problems(result)).isEmpty();
    }

    @Test
    void aCoreOfAProgramThatDoesNotOffloadHasNoOffloadObject() {
        Snapshot s = CoreImports.snapshot("task_tree.gcore.core");
        assertThat(s.addressSpaces()).singleElement().satisfies(p -> assertThat(p.offload()).isNull());
    }

    @ParameterizedTest
    @CsvSource({"0, 88, magic \"XMPDXDEV\"", "20, 65, count 65 exceeds its capacity 64",
        "12, 8, 'entry size 8, expected 64'"})
    void aDamagedTableIsALocatedWarningAndNamesNoDevice(int field, int value, String reason, @TempDir Path temp)
            throws Exception {
        Path original = NativeFixtures.offloadCore(WITH_AGENT);
        Path core = Files.copy(original, temp.resolve("damaged.core"));
        long at = tableCoreOffset(core) + field;
        try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "rw")) {
            f.seek(at);
            f.write(value);
        }
        LoadResult result = new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null), ProgressListener.NONE);
        Diagnostic warning = problems(result).stream().filter(d -> d.code().equals("agent-device-table"))
                .findFirst().orElseThrow();
        assertThat(warning.severity()).isEqualTo(Severity.WARNING);
        assertThat(warning.message()).contains(reason);
        assertThat(warning.location().input()).isEqualTo(core.toString());
        assertThat(warning.location().offset()).isEqualTo(at);
        Snapshot s = result.snapshot();
        assertThat(s.addressSpaces()).hasSize(1);
        assertThat(s.addressSpaces().getFirst().offload().deviceCount())
                .isInstanceOfSatisfying(Fact.Unavailable.class, u -> assertThat(u.detail()).contains("unusable"));
    }

    @Test
    void theDevicesExportAndLoadBackStrictly(@TempDir Path temp) throws Exception {
        Snapshot imported = CoreImports.offload(WITH_AGENT).result().snapshot();
        Path json = temp.resolve("offload.json");
        new SnapshotJsonExporter().write(imported, json);
        LoadResult loaded = new SnapshotLoader().load(json, LoadOptions.STRICT, ProgressListener.NONE);
        assertThat(loaded.diagnostics()).isEmpty();
        assertThat(loaded.snapshot().addressSpaces()).isEqualTo(imported.addressSpaces());
    }

    /** Warnings and errors (infos, such as libompd's messages, are not problems). */
    private static List<Diagnostic> problems(LoadResult result) {
        return result.diagnostics().stream().filter(d -> d.severity() != Severity.INFO).toList();
    }

    /** Where the agent's table starts in the core file. */
    private static long tableCoreOffset(Path corePath) throws Exception {
        try (CoreFile core = CoreFile.open(corePath);
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             ModuleFiles files = new ModuleFiles(core, PathResolver.direct())) {
            LoadedModule agent = files.moduleNamed(OffloadProbe.AGENT_LIBRARY).orElseThrow();
            long address = files.open(agent).orElseThrow().symbols().lookup(AgentDeviceTable.SYMBOL).orElseThrow()
                    .value() + files.loadBias(agent).orElseThrow();
            return memory.coreOffset(address).orElseThrow();
        }
    }
}
