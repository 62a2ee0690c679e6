package org.ompdexplorer.importers.symbols;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.ompdexplorer.importers.elf.CallTargets;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.unwind.SourceFrame;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * Symbolizes a snapshot's code locations while it is read, by its module map (format 1.2), and its raw call stacks'
 * frames (1.3, {@link #symbolize(List)}) as a core's are, with columns and inlined calls: a location without file:line, in a module whose file is on this machine with the same build-id, gets its function
 * and file:line ({@link CodeSymbolizer}); a creation site, a return address looked up one byte back, is marked
 * possibly inexact when the call before it is no call into the runtime ({@link ReturnAddresses}). A module missing
 * here, or another build, leaves its locations as the capture wrote them and is reported once.
 *
 * <p>Cost. A million tasks share a few distinct addresses, which the module map lists ({@code codeAddresses}) ahead
 * of the entities ({@link #prepare}): the first location {@link #resolve} is asked for in a module has all of that
 * module's listed addresses symbolized together, and the reader builds each location symbolized, so
 * that no task is built twice. What the map did not list, or what a reader met before the map, {@link #finish}
 * symbolizes after the read, rebuilding (in parallel) only the tasks that name such a location. A module none of
 * whose locations needs symbolizing (an export, symbolized already) is never opened. One instance per read, not
 * thread-safe.
 */
public final class SnapshotSymbolizer {
    private static final int SLICE = 1 << 15;

    /**
     * A module whose file could not serve.
     *
     * @param module the module's index in the list given
     */
    public record Problem(int module, String code, String message, String fix) {
    }

    /** What went wrong: modules that could not serve, and the symbolizer's notes. */
    public record Result(List<Problem> problems, List<String> notes) {
    }

    /** One module's file as opened (or why not), its addresses to symbolize, and what was found at them. */
    private static final class ModuleState {
        Opened opened;
        CallTargets calls;
        /** Listed, not symbolized yet. */
        final Set<Long> pending = new HashSet<>();
        /** Asked for by a location without file:line: what a warning counts. */
        final Set<Long> needed = new HashSet<>();
        final Map<Long, CodeLocation> entries = new HashMap<>();
        final Map<Long, CodeLocation> sites = new HashMap<>();
        /** A raw frame's functions by lookup address. */
        final Map<Long, List<SourceFrame>> frames = new HashMap<>();
    }

    private final List<CodeModule> modules;
    private final CodeSymbolizer symbolizer;
    private final ModuleState[] states;

    /** @param sourceLines whether to read file:line from the modules' debug information (libdw) */
    public SnapshotSymbolizer(List<CodeModule> modules, boolean sourceLines) {
        this.modules = List.copyOf(modules);
        this.symbolizer = new CodeSymbolizer(sourceLines);
        this.states = new ModuleState[modules.size()];
        for (int i = 0; i < states.length; i++) {
            states[i] = new ModuleState();
        }
    }

    /** Notes {@code addresses} (a module's {@code codeAddresses}) as ones to symbolize together when one is asked for. */
    public void prepare(Collection<Long> addresses) {
        for (long a : addresses) {
            int m = moduleAt(a);
            if (m >= 0 && !states[m].entries.containsKey(a)) {
                states[m].pending.add(a);
            }
        }
    }

    /**
     * The location to keep for {@code raw}, read as a return address (a creation site) or an entry point (a task's
     * function): symbolized when its address was prepared and its module served; else {@code raw} itself.
     */
    public CodeLocation resolve(CodeLocation raw, boolean returnAddress) {
        if (raw.file() != null) {
            return raw;
        }
        int m = moduleAt(raw.address());
        if (m < 0) {
            return raw;
        }
        ModuleState state = states[m];
        state.needed.add(raw.address());
        if (state.pending.contains(raw.address())) {
            symbolizeModule(m); // the module's listed addresses, all at once
        }
        CodeLocation found = (returnAddress ? state.sites : state.entries).get(raw.address());
        if (found == null) {
            return raw;
        }
        String symbol = found.symbol() != null ? found.symbol() : raw.symbol();
        return raw.symbolized(symbol, found.file(), found.line(),
                returnAddress ? found.possiblyInexact() : raw.possiblyInexact());
    }

    /**
     * After the read: symbolizes the locations among {@code codes} (every distinct one the read made, as the facts
     * the entities hold) that {@link #resolve} did not give, except {@code resolved} (the facts it gave), and
     * replaces in the four lists each element that names one that changed (a thread, by its sync region's site).
     */
    public Result finish(Collection<Fact<CodeLocation>> codes, Set<Fact<CodeLocation>> resolved, List<Task> tasks,
                         List<ParallelRegion> regions, List<TargetRegion> targets, List<OmpThread> threads) {
        List<Fact<CodeLocation>> rest = new ArrayList<>();
        List<Set<Long>> wanted = new ArrayList<>();
        for (int m = 0; m < states.length; m++) {
            wanted.add(new HashSet<>());
        }
        for (Fact<CodeLocation> fact : codes) {
            if (!resolved.contains(fact) && fact instanceof Fact.Known<CodeLocation>(CodeLocation c) && c.file() == null) {
                int m = moduleAt(c.address());
                if (m >= 0) {
                    rest.add(fact);
                    wanted.get(m).add(c.address());
                }
            }
        }
        for (int m = 0; m < states.length; m++) {
            // what the locations left need, not every listed address: a module none needs is never opened
            ModuleState state = states[m];
            state.needed.addAll(wanted.get(m));
            state.pending.clear();
            wanted.get(m).stream().filter(a -> !state.entries.containsKey(a)).forEach(state.pending::add);
            if (!state.pending.isEmpty()) {
                symbolizeModule(m);
            }
        }
        Map<Fact<CodeLocation>, Fact<CodeLocation>> entries = new IdentityHashMap<>();
        Map<Fact<CodeLocation>, Fact<CodeLocation>> sites = new IdentityHashMap<>();
        Map<CodeLocation, Fact<CodeLocation>> interned = new HashMap<>();
        for (Fact<CodeLocation> fact : rest) {
            CodeLocation entry = resolve(fact.get(), false);
            if (!entry.equals(fact.get())) {
                entries.put(fact, interned.computeIfAbsent(entry, Fact::of));
            }
            CodeLocation site = resolve(fact.get(), true);
            if (!site.equals(fact.get())) {
                sites.put(fact, interned.computeIfAbsent(site, Fact::of));
            }
        }
        if (!entries.isEmpty() || !sites.isEmpty()) {
            rewrite(tasks, entries, sites);
            regions.replaceAll(r -> {
                Fact<CodeLocation> site = sites.getOrDefault(r.creationSite(), r.creationSite());
                return site == r.creationSite() ? r : new ParallelRegion(r.id(), r.addressSpace(),
                        r.enclosingRegion(), r.teamSize(), r.level(), r.activeLevel(), r.members(),
                        r.encounteringTask(), site, r.toolData(), r.icvs());
            });
            targets.replaceAll(r -> {
                Fact<CodeLocation> site = sites.getOrDefault(r.creationSite(), r.creationSite());
                return site == r.creationSite() ? r : new TargetRegion(r.id(), r.kind(), r.device(), r.deviceNum(),
                        r.inFlight(), r.encounteringTask(), r.targetTask(), site, r.kernels(), r.kernelsSubmitted(),
                        r.transfers());
            });
            threads.replaceAll(t -> {
                if (!(t.syncRegion() instanceof Fact.Known<SyncRegion>(SyncRegion r))) {
                    return t;
                }
                Fact<CodeLocation> site = sites.getOrDefault(r.site(), r.site());
                return site == r.site() ? t : t.withSyncRegion(Fact.of(r.withSite(site)));
            });
        }
        List<Problem> problems = new ArrayList<>();
        for (int m = 0; m < states.length; m++) {
            Opened o = states[m].opened;
            if (o != null && o.file() == null) {
                int n = states[m].needed.size();
                String count = n + (n == 1 ? " distinct code address in it keeps" : " distinct code addresses in it keep");
                problems.add(new Problem(m, o.code(), o.message().replace("{count}", count), o.fix()));
            }
        }
        return new Result(problems, List.copyOf(symbolizer.notes()));
    }

    /**
     * {@code stacks} with each frame that has no file:line, in a module whose file serves, symbolized at its lookup
     * address ({@link CallFrame#lookupAddress}: a return address one byte back, the call that made the frame below
     * it) as a core's frames are: its function and file:line:column, and a frame of its own for each call inlined
     * there, innermost first ({@link CodeSymbolizer#frames}); each distinct address once. A frame in a module that
     * cannot serve keeps what it has (shown as module+offset) and counts in that module's one warning
     * ({@link #finish}, to call after this).
     */
    public List<CallStack> symbolize(List<CallStack> stacks) {
        List<CallStack> out = new ArrayList<>(stacks.size());
        for (CallStack stack : stacks) {
            List<CallFrame> frames = new ArrayList<>(stack.frames().size());
            boolean changed = false;
            for (CallFrame f : stack.frames()) {
                int m = moduleOf(f);
                List<SourceFrame> found = m < 0 ? List.of() : framesAt(m, f);
                if (found.isEmpty()) {
                    frames.add(f);
                    continue;
                }
                for (SourceFrame at : found) {
                    frames.add(f.withSymbol(at.function() != null ? at.function() : f.function(), at.file(),
                            at.line(), at.column(), at.inlined()));
                }
                changed = true;
            }
            out.add(changed ? stack.withFrames(frames) : stack);
        }
        return out;
    }

    /** The functions at a frame's lookup address in module {@code m}, looked up once per address; empty if none. */
    private List<SourceFrame> framesAt(int m, CallFrame f) {
        ModuleState state = states[m];
        state.needed.add(f.pc());
        if (state.opened == null) {
            state.opened = open(modules.get(m));
        }
        ElfFile file = state.opened.file();
        if (file == null) {
            return List.of();
        }
        return state.frames.computeIfAbsent(f.lookupAddress(), a -> symbolizer.frames(
                CodeSymbolizer.ModuleFile.of(file, modules.get(m).loadBias()), a));
    }

    /** The module of a frame to symbolize: its own, when the frame has no file:line yet; else −1. */
    private int moduleOf(CallFrame f) {
        return f.file() == null && f.module() >= 0 && f.module() < states.length ? f.module() : -1;
    }

    /** Symbolizes the module's pending addresses, each as an entry point and as a return address, in one run. */
    private void symbolizeModule(int index) {
        ModuleState state = states[index];
        CodeModule module = modules.get(index);
        List<Long> addresses = new ArrayList<>(state.pending);
        state.pending.clear();
        if (state.opened == null) {
            state.opened = open(module);
        }
        ElfFile file = state.opened.file();
        if (file == null) {
            return;
        }
        CodeSymbolizer.ModuleFile moduleFile = CodeSymbolizer.ModuleFile.of(file, module.loadBias());
        List<Long> lookups = new ArrayList<>();
        for (long a : new TreeSet<>(addresses)) {
            lookups.add(a);
            lookups.add(a - 1);
        }
        Map<Long, CodeLocation> found = symbolizer.symbolize(moduleFile, lookups);
        if (state.calls == null) {
            state.calls = new CallTargets(file, symbolizer.functions(moduleFile));
        }
        for (long a : addresses) {
            state.entries.put(a, found.getOrDefault(a, CodeLocation.at(a)));
            CodeLocation s = found.getOrDefault(a - 1, CodeLocation.at(a - 1));
            boolean inexact = ReturnAddresses.check(state.calls, a - module.loadBias()).possiblyInexact();
            state.sites.put(a, s.symbolized(s.symbol(), s.file(), s.line(), inexact));
        }
    }

    /** Replaces, in parallel slices, each task whose function or creation site changed. */
    private static void rewrite(List<Task> tasks, Map<Fact<CodeLocation>, Fact<CodeLocation>> entries,
                                Map<Fact<CodeLocation>, Fact<CodeLocation>> sites) {
        int slices = (tasks.size() + SLICE - 1) / SLICE;
        IntStream.range(0, slices).parallel().forEach(k -> {
            Fact<CodeLocation> lastFunction = null;
            Fact<CodeLocation> lastFunctionNow = null;
            Fact<CodeLocation> lastSite = null;
            Fact<CodeLocation> lastSiteNow = null;
            for (int i = k * SLICE, end = Math.min(tasks.size(), i + SLICE); i < end; i++) {
                Task t = tasks.get(i);
                Fact<CodeLocation> f = t.function();
                if (f != lastFunction) {
                    lastFunction = f;
                    lastFunctionNow = entries.getOrDefault(f, f);
                }
                Fact<CodeLocation> s = t.creationSite();
                if (s != lastSite) {
                    lastSite = s;
                    lastSiteNow = sites.getOrDefault(s, s);
                }
                if (lastFunctionNow != f || lastSiteNow != s) {
                    tasks.set(i, t.withCode(lastFunctionNow, lastSiteNow));
                }
            }
        });
    }

    /** Closes the module files opened and the symbolizer's session. */
    public void close() {
        symbolizer.close();
        for (ModuleState s : states) {
            if (s.opened != null && s.opened.file() != null) {
                s.opened.file().close();
            }
        }
    }

    /** The index of the module holding {@code address}, or −1 (a few modules: a look at each). */
    private int moduleAt(long address) {
        for (int i = 0; i < modules.size(); i++) {
            if (modules.get(i).contains(address)) {
                return i;
            }
        }
        return -1;
    }

    /** A module's file on this machine, or why there is none: a code, a message ({count} to fill) and a fix. */
    private record Opened(ElfFile file, String code, String message, String fix) {
    }

    /** The module's file on this machine if it is the build the snapshot names; else why not. */
    private static Opened open(CodeModule m) {
        String kept = "{count} what the capture wrote (a symbol at most, no file:line)";
        String build = m.buildIdHex().map(id -> " (build-id " + id + ")").orElse("");
        Path path;
        try {
            path = Path.of(m.path());
        } catch (InvalidPathException e) {
            path = null;
        }
        if (path == null || !Files.isRegularFile(path) || !Files.isReadable(path)) {
            return new Opened(null, "module-not-found", m.path() + " is not on this machine: " + kept,
                    "open the snapshot where the program ran, or put the same build of " + m.fileName() + build
                            + " at " + m.path());
        }
        ElfFile file;
        try {
            file = ElfFile.open(path);
        } catch (IOException | ElfFormatException e) {
            return new Opened(null, "module-unreadable", "cannot read " + m.path() + " (" + e.getMessage() + "): "
                    + kept, "put the same build of " + m.fileName() + build + " at " + m.path());
        }
        Optional<String> why = mismatch(m, file);
        if (why.isPresent()) {
            file.close();
            return new Opened(null, "module-mismatch", m.path() + " is not the build the snapshot was taken of ("
                    + why.get() + "): " + kept, "restore that build" + build + " at " + m.path()
                    + ", or open the snapshot where the program ran: another build's lines would be wrong");
        }
        return new Opened(file, null, null, null);
    }

    private static Optional<String> mismatch(CodeModule m, ElfFile file) {
        if (m.buildId() != null) {
            Optional<String> here;
            try {
                here = file.buildId();
            } catch (ElfFormatException e) {
                here = Optional.empty();
            }
            if (here.isEmpty()) {
                return Optional.of("build-id " + m.buildId() + " in the snapshot, none in the file here");
            }
            return here.get().equals(m.buildId()) ? Optional.empty()
                    : Optional.of("build-id " + m.buildId() + " in the snapshot, " + here.get() + " here");
        }
        if (m.fileSize() != null && m.fileSize() != file.size()) {
            return Optional.of("no build-id; " + m.fileSize() + " bytes then, " + file.size() + " here");
        }
        return Optional.empty();
    }
}
