package org.ompdexplorer.importers.ompd;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.elf.OffloadSection;
import org.ompdexplorer.importers.elf.SectionHeader;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * What a core says about target offload without OMPD, from what the process itself publishes: whether it loaded
 * the offload runtime (a module {@code libomptarget.so…}), the targets its executable carries images for (its
 * {@code .llvm.offloading} section) and the capture agent's device table, when the agent was loaded. libomptarget
 * exports no device list (its only exported data are two OMPT internals), so without the agent the devices cannot
 * be named without guessing at a private layout, and this does not guess.
 */
final class OffloadProbe {
    static final String OFFLOAD_RUNTIME = "libomptarget.so";
    /** The agent's soname; a program may also link the agent in, so the executable is searched first. */
    static final String AGENT_LIBRARY = "libompd-explorer-agent.so";

    /**
     * What was found.
     *
     * @param runtime the offload runtime's path as the process had it, or {@code null} when it loaded none
     * @param triples the targets of the executable's device images, in section order
     * @param table   the agent's device table, or {@code null} when the agent was not loaded or its table is unusable
     * @param noTable why there is no table ({@code null} when there is one): the detail of an unavailable count
     */
    record Found(String runtime, List<String> triples, AgentDeviceTable.Table table, String noTable) {
        Found {
            triples = List.copyOf(triples);
        }

        /** Whether the process has anything to do with offload: the runtime loaded or device images built in. */
        boolean offloads() {
            return runtime != null || !triples.isEmpty();
        }

        /** The devices the table names, or none. */
        List<AgentDeviceTable.Entry> devices() {
            return table == null ? List.of() : table.entries();
        }

        /**
         * The process's {@code offload}, with {@code devices} the devices named (initialized, not finalized);
         * {@code null} when the process neither loaded the offload runtime nor carries device images.
         */
        OffloadInfo info(int devices) {
            if (!offloads()) {
                return null;
            }
            Fact<Integer> count;
            if (table == null) {
                count = Fact.unavailable(ReturnCode.UNAVAILABLE, noTable);
            } else if (devices == 0) {
                count = Fact.unavailable(ReturnCode.UNAVAILABLE, "the capture agent saw no device initialized"
                        + " (libomptarget initializes its devices at their first use)");
            } else {
                count = Fact.of(devices);
            }
            return new OffloadInfo(runtime, count, table == null ? null : table.initialDevice(), triples);
        }
    }

    /** Why a core without the agent's table cannot count the devices. */
    static final String NO_DEVICE_LIST = "libomptarget keeps its device list private; load the capture agent"
            + " (OMP_TOOL_LIBRARIES) to record it";

    private final MemoryImage memory;
    private final ModuleFiles files;
    private final String input;
    private final List<Diagnostic> diagnostics;

    private OffloadProbe(MemoryImage memory, ModuleFiles files, String input, List<Diagnostic> diagnostics) {
        this.memory = memory;
        this.files = files;
        this.input = input;
        this.diagnostics = diagnostics;
    }

    /** Probes the core; problems (a malformed section, a rejected table) are added to {@code diagnostics}. */
    static Found probe(MemoryImage memory, ModuleFiles files, String input, List<Diagnostic> diagnostics) {
        return new OffloadProbe(memory, files, input, diagnostics).probe();
    }

    private Found probe() {
        String runtime = files.moduleNamed(OFFLOAD_RUNTIME).map(LoadedModule::path).orElse(null);
        Optional<LoadedModule> exe = files.core().executablePath().flatMap(p -> files.core().module(p));
        List<String> triples = exe.flatMap(files::open).map(this::triples).orElse(List.of());
        List<LoadedModule> candidates = new ArrayList<>(2);
        exe.ifPresent(candidates::add);
        Optional<LoadedModule> agent = files.moduleNamed(AGENT_LIBRARY);
        agent.ifPresent(candidates::add);
        for (LoadedModule m : candidates) {
            Optional<Long> address = symbolAddress(m);
            if (address.isPresent()) {
                AgentDeviceTable.Table table = table(m, address.get());
                return new Found(runtime, triples, table, table != null ? null : "the capture agent's device table is"
                        + " unusable (see the diagnostics), and libomptarget keeps its device list private");
            }
        }
        String noTable = NO_DEVICE_LIST;
        if (agent.isPresent()) {
            if (files.open(agent.get()).isEmpty()) {
                noTable = "the capture agent's file is not on this machine, so its device table cannot be found;"
                        + " libomptarget keeps its device list private";
            } else {
                noTable = "the capture agent in this process is older than its device table, and libomptarget keeps"
                        + " its device list private";
                diagnostics.add(new Diagnostic(Severity.INFO, "agent-device-table", "the capture agent "
                        + agent.get().path() + " in this process publishes no device table (" + AgentDeviceTable.SYMBOL
                        + "): devices cannot be named", "take the core of a program run with this release's agent",
                        processLocation(-1)));
            }
        }
        return new Found(runtime, triples, null, noTable);
    }

    private List<String> triples(ElfFile exe) {
        Optional<SectionHeader> section = OffloadSection.find(exe);
        if (section.isEmpty()) {
            return List.of();
        }
        OffloadSection.Contents contents = OffloadSection.read(exe, section.get());
        contents.problem().ifPresent(p -> diagnostics.add(Diagnostic.warning("offload-images", "the "
                + OffloadSection.NAME + " section of " + exe.path() + " is malformed at its offset 0x"
                + Long.toHexString(p.offset()) + ": " + p.detail() + (contents.binaries().isEmpty() ? ""
                : " (read " + contents.binaries().size() + " images before it)"), "the target triples may be"
                + " incomplete; rebuild the program", new Location(exe.path().toString(), 0, 0, null,
                section.get().offset() + p.offset(), null, null))));
        return contents.triples();
    }

    /** The table's address in the process, when {@code module}'s file is here and defines the symbol. */
    private Optional<Long> symbolAddress(LoadedModule module) {
        Optional<ElfFile> file = files.open(module);
        if (file.isEmpty()) {
            if (!files.isExecutable(module)) {
                diagnostics.add(Diagnostic.warning("agent-device-table", "the capture agent " + module.path() + " was"
                        + " loaded, but its file is not on this machine, so its device table cannot be found: "
                        + files.problem(module).orElse(""), "copy it here and pass --solib-search-path DIR",
                        processLocation(-1)));
            }
            return Optional.empty();
        }
        Optional<ElfSymbol> symbol;
        try {
            symbol = file.get().symbols().lookup(AgentDeviceTable.SYMBOL);
        } catch (ElfFormatException e) {
            return Optional.empty();
        }
        return symbol.filter(s -> s.type() == ElfSymbol.Type.OBJECT)
                .map(s -> s.value() + files.loadBias(module).orElse(0L));
    }

    private AgentDeviceTable.Table table(LoadedModule module, long address) {
        AgentDeviceTable.Read read = AgentDeviceTable.read(memory::read, address);
        if (read instanceof AgentDeviceTable.Rejected(long at, String reason)) {
            diagnostics.add(Diagnostic.warning("agent-device-table", "the capture agent's device table ("
                    + AgentDeviceTable.SYMBOL + " of " + module.path() + " at 0x" + Long.toHexString(address)
                    + ") is unusable: " + reason, "devices are not named; take the core again, with this release's"
                    + " agent", processLocation(at)));
            return null;
        }
        return (AgentDeviceTable.Table) read;
    }

    /** The process's address space, at the core offset holding {@code address} when the core holds it. */
    private Location processLocation(long address) {
        long offset = address == -1 ? -1 : memory.coreOffset(address).orElse(-1);
        return new Location(input, 0, 0, null, offset, EntityRef.of(SnapshotAssembler.PROCESS), "offload");
    }
}
