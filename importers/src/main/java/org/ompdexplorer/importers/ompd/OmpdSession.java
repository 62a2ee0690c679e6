package org.ompdexplorer.importers.ompd;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.MemoryRead;
import org.ompdexplorer.importers.elf.ThreadLocalStorage;
import org.ompdexplorer.importers.ompd.CoreImportException.Reason;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * One OMPD session on a core: initialize libompd with the Java callbacks, initialize the process, read the
 * process-wide facts, walk every thread, region and task, then release every handle and check that libompd's
 * allocations were all freed. Holds the library's lock throughout: libompd's state is global.
 */
final class OmpdSession {
    /** The api version to ask for when libompd cannot say (OMPD 5.0 / 5.1). */
    private static final long DEFAULT_API_VERSION = 201811;
    private static final long OMPT_STATE_UNDEFINED = 0x102;
    private static final int MAX_STATES = 4096;

    /**
     * The accounting of one session.
     *
     * @param allocations blocks libompd allocated through {@code alloc_memory}
     * @param frees       blocks freed through {@code free_memory} (by libompd or, for strings it handed over, the tool)
     * @param leaked      blocks still allocated at the end (freed then by the session)
     * @param obtained    handles obtained per kind
     * @param released    handles released per kind
     */
    record Stats(long allocations, long frees, int leaked, Map<Ompd.HandleKind, Long> obtained,
                 Map<Ompd.HandleKind, Long> released) {
    }

    /** What the session read; {@code devices} in device-number order. */
    record Outcome(SnapshotAssembler.ProcessFacts facts, List<DeviceSpaces.Device> devices, ProcessWalker walk,
                   Stats stats, List<Diagnostic> diagnostics) {
    }

    private OmpdSession() {
    }

    /** Runs the session; {@code devices} are the devices the process is known to have (possibly none). */
    static Outcome run(OmpdLibrary lib, MemoryImage memory, ThreadLocalStorage tls,
                       List<CoreTarget.SymbolSource> symbols, List<AgentDeviceTable.Entry> devices, CaptureInfo capture,
                       ProgressListener progress, String input) throws CoreImportException, LoadCancelledException {
        lib.lock().lock();
        Ompd ompd = null;
        try (Arena arena = Arena.ofConfined()) {
            CoreTarget target = new CoreTarget(memory, tls, symbols, arena);
            lib.callbacks().begin(target);
            ompd = new Ompd(lib, arena);
            OmpdResult<Long> api = ompd.apiVersion();
            OmpdResult<String> version = ompd.versionString();
            int rc = ompd.initialize(api.isOk() ? api.value() : DEFAULT_API_VERSION);
            if (rc != OmpdResult.OK) {
                throw refused(input, lib, "ompd_initialize returned ompd_rc_" + OmpdResult.failed(rc, "").code(), target);
            }
            progress.progress("initializing OMPD", 0, -1);
            OmpdResult<Long> space = ompd.processInitialize(target.context());
            if (!space.isOk()) {
                throw refused(input, lib, space.describe(), target);
            }
            List<Diagnostic> diagnostics = new ArrayList<>();
            ProcessWalker walker = null;
            SnapshotAssembler.ProcessFacts facts;
            List<DeviceSpaces.Device> deviceSpaces;
            try {
                deviceSpaces = DeviceSpaces.initialize(ompd, space.value(), devices, arena);
                RuntimeInfo runtime = new RuntimeInfo(ompd.ompVersion(space.value()).fact(),
                        ompd.ompVersionString(space.value()).fact(), api.fact(), version.fact());
                List<ThreadState> states = states(ompd, space.value(), diagnostics, input);
                List<OmpdResult<?>> failures = new ArrayList<>();
                IcvReader icvs = IcvReader.enumerate(ompd, space.value(), failures);
                failures.forEach(f -> diagnostics.add(warning(input, "icv-enumeration", f.describe()
                        + ": the ICV catalogue may be incomplete")));
                OmpdResult<List<String>> dcv = ompd.displayControlVars(space.value());
                if (!dcv.isOk()) {
                    diagnostics.add(warning(input, "display-control-vars", dcv.describe()));
                }
                List<IcvValue> spaceIcvs = new ArrayList<>(icvs.read(space.value(), Ompd.SCOPE_ADDRESS_SPACE));
                spaceIcvs.addAll(icvs.read(space.value(), Ompd.SCOPE_GLOBAL));
                if (icvs.valueIn(spaceIcvs, Ompd.SCOPE_ADDRESS_SPACE, "debug-var").orElse(1L) == 0) {
                    diagnostics.add(Diagnostic.warning("state-tracking-off", "the program ran without OMP_DEBUG=enabled:"
                            + " thread states, task functions, task frames and scheduling links are not recorded by the"
                            + " runtime (needs_state_tracking)", "run the program with OMP_DEBUG=enabled and take the core"
                            + " again", Location.inInput(input, 0, 0, null)));
                }
                facts = new SnapshotAssembler.ProcessFacts(capture, runtime, spaceIcvs, states, icvs.catalogue(),
                        dcv.isOk() ? dcv.value().stream().map(DisplayControlVar::parse).toList() : List.of());
                Map<Long, String> stateNames = new HashMap<>();
                states.forEach(s -> stateNames.put(s.value(), s.name()));
                walker = new ProcessWalker(ompd, space.value(), icvs, stateNames, progress, input);
                walker.walk(memory.core().threads());
                if (walker.truncated()) {
                    diagnostics.add(warning(input, "too-many-tasks", "the walk stopped after 10000000 tasks"));
                }
            } finally {
                if (walker != null) {
                    walker.releaseAll();
                }
                ompd.relAddressSpaceHandle(space.value());
            }
            diagnostics.addAll(targetDiagnostics(target, input));
            Stats stats = stats(lib, ompd);
            return new Outcome(facts, deviceSpaces, walker, stats, diagnostics);
        } finally {
            lib.callbacks().memory().freeAll();
            lib.callbacks().end();
            lib.lock().unlock();
        }
    }

    private static List<ThreadState> states(Ompd ompd, long space, List<Diagnostic> diagnostics, String input) {
        List<ThreadState> states = new ArrayList<>();
        long current = OMPT_STATE_UNDEFINED;
        for (int i = 0; i < MAX_STATES; i++) {
            OmpdResult<Ompd.StateEntry> next = ompd.enumerateStates(space, current);
            if (!next.isOk()) {
                diagnostics.add(warning(input, "state-enumeration", next.describe() + ": the state list may be incomplete"));
                break;
            }
            String name = next.value().name();
            states.add(name == null || name.isBlank() ? ThreadState.ofValue(next.value().value())
                    : new ThreadState(next.value().value(), name));
            if (!next.value().more()) {
                break;
            }
            current = next.value().value();
        }
        return states;
    }

    private static Stats stats(OmpdLibrary lib, Ompd ompd) {
        NativeMemory memory = lib.callbacks().memory();
        Map<Ompd.HandleKind, Long> obtained = new EnumMap<>(Ompd.HandleKind.class);
        Map<Ompd.HandleKind, Long> released = new EnumMap<>(Ompd.HandleKind.class);
        for (Ompd.HandleKind k : Ompd.HandleKind.values()) {
            obtained.put(k, ompd.obtained(k));
            released.put(k, ompd.released(k));
        }
        return new Stats(memory.allocations(), memory.frees(), memory.liveCount(), Map.copyOf(obtained),
                Map.copyOf(released));
    }

    private static List<Diagnostic> targetDiagnostics(CoreTarget target, String input) {
        List<Diagnostic> result = new ArrayList<>();
        target.problems().forEach((key, p) -> result.add(warning(input,
                key.startsWith(CoreTarget.READ_PROBLEM) ? "unreadable-memory" : "thread-local-lookup", p)));
        if (!target.missingSymbols().isEmpty()) {
            result.add(new Diagnostic(org.ompdexplorer.model.diagnostics.Severity.INFO, "missing-symbol",
                    "libompd looked for symbols the process does not define: " + target.missingSymbols(), "",
                    Location.inInput(input, 0, 0, null)));
        }
        for (String line : target.printed()) {
            result.add(new Diagnostic(org.ompdexplorer.model.diagnostics.Severity.INFO, "libompd-message", line, "",
                    Location.inInput(input, 0, 0, null)));
        }
        return result;
    }

    private static CoreImportException refused(String input, OmpdLibrary lib, String what, CoreTarget target) {
        String cut = target.problems().get(CoreTarget.READ_PROBLEM + MemoryRead.Reason.TRUNCATED_CORE);
        if (cut != null) {
            return new CoreImportException(input, Reason.TRUNCATED_CORE, "the runtime's state is in the part of the core"
                    + " that was cut off (" + what + "): " + cut, "the core was cut off while being written (disk full,"
                    + " core size limit): take it again with ulimit -c unlimited or gcore", null);
        }
        String detail = target.problems().isEmpty() ? "" : " (" + String.join("; ", target.problems().values()) + ")";
        String missing = target.missingSymbols().isEmpty() ? "" : " (symbols not found: " + target.missingSymbols() + ")";
        return new CoreImportException(input, Reason.OMPD_REFUSED, lib.path() + " cannot read this core: " + what
                + missing + detail, "check that the OMPD library belongs to the runtime the program ran with"
                + " (--ompd-lib FILE) and that the core is complete", null);
    }

    private static Diagnostic warning(String input, String code, String message) {
        return Diagnostic.warning(code, message, "", Location.inInput(input, 0, 0, null));
    }
}
