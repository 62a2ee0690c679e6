package org.ompdexplorer.importers.unwind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import org.ompdexplorer.importers.debuginfo.DebugFiles;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiFunction;
import java.util.function.LongFunction;
import org.ompdexplorer.importers.unwind.CoreUnwinder.ModuleRec;
import org.ompdexplorer.importers.unwind.CoreUnwinder.RawFrame;
import org.ompdexplorer.importers.unwind.CoreUnwinder.RawStack;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * Every thread's native call stack in a core, unwound and symbolized with elfutils' libdwfl: frames with their pc,
 * CFA, module, function, file:line:column and inlined calls, and the core's modules (path, build-id, load bias,
 * range). Nothing here fails an import: a module whose file is missing or of another build gives stacks marked
 * partial and one warning naming the file; a stack in memory a truncated core lacks, or a walk that stops early,
 * goes round in a circle or runs past {@link CallStack#MAX_FRAMES}, is marked partial; a core libdwfl cannot read,
 * or no libdw, gives a warning and no stacks.
 */
public final class CoreStacks {
    /**
     * What was taken.
     *
     * @param modules     the core's modules, indexed by the frames
     * @param stacks      one stack per thread that {@code threadOfLwp} names, in the core's thread order
     * @param diagnostics warnings: missing files, a core libdwfl could not read, no libdw
     */
    public record Taken(List<CodeModule> modules, List<CallStack> stacks, List<Diagnostic> diagnostics) {
    }

    /**
     * What to unwind.
     *
     * @param core             the core file
     * @param executable       the program when given by the user, else {@code null} (the one the core names)
     * @param executableInCore the path the core names for the program, or {@code null}
     * @param debugFiles       where separate debug files (and modules missing here) are found: the debug
     *                         directories, then debuginfod
     * @param resolver         where a module's file is on this machine (sysroot, search path): from the path the core
     *                         names and whether it is the executable
     * @param pathAt           the path the core names for the module loaded at an address, or {@code null}
     * @param input            the input named in diagnostics
     */
    public record Request(Path core, Path executable, String executableInCore, DebugFiles debugFiles,
                          BiFunction<String, Boolean, Optional<Path>> resolver, LongFunction<String> pathAt,
                          String input) {
    }

    private CoreStacks() {
    }

    /**
     * Unwinds every thread of the core; {@code threadOfLwp} gives the snapshot's thread for a kernel thread id, or
     * {@code null} for a thread the snapshot does not have (its stack is left out).
     */
    public static Taken take(Request request, LongFunction<ThreadId> threadOfLwp) {
        return take(request, threadOfLwp, Libdw.SONAME);
    }

    /** {@link #take(Request, LongFunction)} with the libdw named {@code libdw} (a test names one that is missing). */
    static Taken take(Request request, LongFunction<ThreadId> threadOfLwp, String libdw) {
        return unwind(request, libdw).forThreads(request, threadOfLwp);
    }

    /**
     * Starts unwinding and symbolizing every thread of the core on a thread of its own, so that it runs while the
     * caller reads the rest of the core (libdw's linking and its reading of debug information are most of the cost,
     * docs/benchmarks.md §19); {@link Started#await} gives the stacks once the snapshot's threads are known. The
     * request must not share state with the caller's reading: the session opens the core itself.
     */
    public static Started start(Request request) {
        CompletableFuture<Unwound> result = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("ompd-stacks").start(() -> {
            try {
                result.complete(unwind(request, Libdw.SONAME));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        return new Started(request, result);
    }

    /** Stacks being taken on a thread of their own ({@link #start}). */
    public static final class Started {
        private final Request request;
        private final CompletableFuture<Unwound> result;

        private Started(Request request, CompletableFuture<Unwound> result) {
            this.request = request;
            this.result = result;
        }

        /**
         * Waits for the stacks, and keeps those of the threads {@code threadOfLwp} names (see
         * {@link CoreStacks#take(Request, LongFunction)}).
         *
         * @throws InterruptedException when the waiting thread is interrupted (the import is cancelled)
         */
        public Taken await(LongFunction<ThreadId> threadOfLwp) throws InterruptedException {
            Unwound unwound;
            try {
                unwound = result.get();
            } catch (ExecutionException e) {
                unwound = Unwound.failed(request, e.getCause());
            }
            return unwound.forThreads(request, threadOfLwp);
        }
    }

    /** A thread's stack as unwound, before it is matched to the snapshot's thread; {@code missing}: its modules without a file. */
    record LwpStack(long lwp, List<CallFrame> frames, String partial, List<Integer> missing) {
    }

    /** Every thread's stack, symbolized, with the warnings of modules whose file is missing (one per module). */
    record Unwound(List<CodeModule> modules, List<LwpStack> stacks, List<Diagnostic> diagnostics,
                           Map<Integer, Diagnostic> missingFiles) {
        static Unwound failed(Request request, Throwable t) {
            return new Unwound(List.of(), List.of(), List.of(Diagnostic.warning("stacks-unreadable", "call stacks were"
                    + " not taken: the unwinder failed (" + t + ")", "report this with the core if you can share it",
                    Location.inInput(request.input(), 0, 0, null))), Map.of());
        }

        Taken forThreads(Request request, LongFunction<ThreadId> threadOfLwp) {
            List<Diagnostic> out = new ArrayList<>(diagnostics);
            Set<Integer> warned = new HashSet<>();
            List<CallStack> kept = new ArrayList<>(stacks.size());
            for (LwpStack s : stacks) {
                ThreadId thread = threadOfLwp.apply(s.lwp());
                if (thread == null) {
                    continue;
                }
                List<String> names = new ArrayList<>();
                for (int module : s.missing()) {
                    names.add(modules.get(module).fileName());
                    if (warned.add(module)) {
                        out.add(missingFiles.get(module));
                    }
                }
                String partial = s.partial();
                if (!names.isEmpty()) {
                    String through = "the frames in " + String.join(", ", names) + " are not symbolized and those past"
                            + " them may be wrong: " + (names.size() == 1 ? "its file is" : "their files are")
                            + " missing or of another build";
                    partial = partial == null ? through : partial + "; " + through;
                }
                kept.add(new CallStack(thread, s.frames(), partial));
            }
            return new Taken(modules, kept, out);
        }
    }

    private static Unwound unwind(Request request, String libdw) {
        Libdw dw;
        try {
            dw = Libdw.get(libdw);
        } catch (LibdwUnavailableException e) {
            return new Unwound(List.of(), List.of(), List.of(Diagnostic.warning("stacks-unavailable", "call stacks were"
                    + " not taken: " + e.getMessage(), "install elfutils' libdw (Debian/Ubuntu: apt-get install libdw1;"
                    + " Fedora: dnf install elfutils-libs)", Location.inInput(request.input(), 0, 0, null))), Map.of());
        }
        try (CoreUnwinder unwinder = CoreUnwinder.open(dw, request.core(), request.executable(),
                request.debugFiles(), request.resolver(), request.executableInCore())) {
            List<ModuleRec> found = unwinder.modules();
            List<RawStack> raw = unwinder.unwind();
            return assemble(request, found, raw, unwinder.symbols(), CutMemory.of(request.core()));
        } catch (CoreUnwinder.UnwindException e) {
            return new Unwound(List.of(), List.of(), List.of(Diagnostic.warning("stacks-unreadable", "call stacks were"
                    + " not taken: " + e.getMessage(), "check that the core is whole (take it again with gcore or"
                    + " ulimit -c unlimited)", Location.inInput(request.input(), 0, 0, null))), Map.of());
        } catch (Throwable t) {
            return Unwound.failed(request, t);
        }
    }

    /**
     * The stacks as unwound, symbolized ({@code symbols} is asked only about frames in a module whose file was found),
     * those in memory the core's file lacks ({@code cut}) marked partial.
     */
    static Unwound assemble(Request request, List<ModuleRec> found, List<RawStack> raw, DwflSymbols symbols,
                            CutMemory cut) {
        List<CodeModule> modules = new ArrayList<>(found.size());
        Map<Long, Integer> indexOf = new HashMap<>();
        List<ModuleRec> named = new ArrayList<>(found.size());
        for (ModuleRec m : found) {
            String path = request.pathAt().apply(m.start());
            ModuleRec n = path == null ? m : new ModuleRec(m.handle(), path, m.start(), m.end(), m.bias(), m.buildId(),
                    m.usable(), m.file() != null ? m.file() : m.usable() ? path : null, m.problem());
            indexOf.put(n.handle(), modules.size());
            named.add(n);
            modules.add(new CodeModule(n.name(), n.buildId(), n.bias(), n.start(), n.end(), size(n.file())));
        }
        Map<Integer, Diagnostic> missingFiles = new HashMap<>();
        List<LwpStack> stacks = new ArrayList<>(raw.size());
        for (RawStack r : raw) {
            List<CallFrame> frames = new ArrayList<>(r.frames().size());
            List<Integer> missing = new ArrayList<>();
            for (int i = 0; i < r.frames().size(); i++) {
                RawFrame f = r.frames().get(i);
                // a frame's CFA is the stack pointer of its caller's frame (what the call left there)
                long cfa = i + 1 < r.frames().size() ? r.frames().get(i + 1).sp() : 0;
                int module = f.module() == 0 ? -1 : indexOf.getOrDefault(f.module(), -1);
                CallFrame bare = CallFrame.unwound(f.pc(), cfa, f.activation(), module);
                if (module < 0) {
                    frames.add(bare);
                    continue;
                }
                ModuleRec m = named.get(module);
                if (!m.usable()) {
                    if (!missing.contains(module)) {
                        missing.add(module);
                    }
                    missingFiles.computeIfAbsent(module, k -> missingFile(request, m));
                    frames.add(bare);
                    continue;
                }
                List<SourceFrame> at = symbols.at(f.module(), bare.lookupAddress());
                if (at.isEmpty()) {
                    frames.add(bare); // nothing known at this pc
                }
                for (SourceFrame s : at) {
                    frames.add(bare.withSymbol(s.function(), s.file(), s.line(), s.column(), s.inlined()));
                }
            }
            String partial = r.partial();
            if (!r.frames().isEmpty()) {
                // libdwfl ends a walk at unreadable memory as if the stack ended there: say it did not
                String cutOff = cut.stackCut(r.frames().getFirst().sp()).orElse(null);
                partial = cutOff == null ? partial : partial == null ? cutOff : cutOff + "; " + partial;
            }
            stacks.add(new LwpStack(r.lwp(), frames, partial, missing));
        }
        return new Unwound(modules, stacks, List.of(), missingFiles);
    }

    private static Diagnostic missingFile(Request request, ModuleRec m) {
        boolean isExecutable = m.name().equals(request.executableInCore());
        Optional<Path> there = request.resolver().apply(m.name(), isExecutable);
        String what = there.isPresent() && Files.isRegularFile(there.get())
                ? there.get() + " is another build than the " + m.name() + " the program ran with"
                + (m.buildId() == null ? "" : " (build-id " + m.buildId() + ")")
                : m.name() + (m.buildId() == null ? "" : " (build-id " + m.buildId() + ")") + " is not on this machine";
        String fix = isExecutable ? "pass the program the core was written from with --exe FILE"
                : "put the library the program ran with at " + m.name() + ", or name its directory with"
                + " --solib-search-path DIR (or the root of a copy of that machine's files with --sysroot DIR)";
        return Diagnostic.warning("stack-module-missing", what + ": the stacks through it are partial, without its"
                + " function names" + (m.problem() == null ? "" : " (" + m.problem() + ")"), fix, Location.inInput(request.input(), 0, 0, null));
    }

    private static Long size(String file) {
        if (file == null) {
            return null;
        }
        try {
            return Files.size(Path.of(file));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
