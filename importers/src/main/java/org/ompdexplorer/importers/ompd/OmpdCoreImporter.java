package org.ompdexplorer.importers.ompd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.debuginfo.DebugFiles;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.DumpedBuildId;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.elf.PathResolver;
import org.ompdexplorer.importers.elf.ProcessEnvironment;
import org.ompdexplorer.importers.elf.ProcessInfo;
import org.ompdexplorer.importers.elf.SymbolTable;
import org.ompdexplorer.importers.elf.ThreadLocalStorage;
import org.ompdexplorer.importers.ompd.CoreImportException.Reason;
import org.ompdexplorer.importers.ompd.Walked.TaskRec;
import org.ompdexplorer.importers.symbols.CodeSymbolizer;
import org.ompdexplorer.importers.unwind.CoreStacks;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * Imports a core file of an OpenMP program into a {@link Snapshot}, out of the program's process, through the
 * runtime's own OMPD library ({@code libompd.so}) called with FFM, with the tool callbacks implemented in Java
 * over this module's ELF core reader.
 *
 * <p>The JVM must allow native access to this module ({@code --enable-native-access=org.ompdexplorer.importers},
 * or {@code ALL-UNNAMED} on the class path). libompd runs in this process: a crash in it ends the JVM, which is why
 * the application runs imports in a child JVM. Imports on one libompd are serialized.
 */
public final class OmpdCoreImporter {
    private static final String PRODUCER = "ompd-explorer import-core";

    /** The import and its accounting, for tests of handle and memory hygiene. */
    record Run(LoadResult result, OmpdSession.Stats stats) {
    }

    /**
     * Reads the core named by {@code options} and every thread, parallel region, task and ICV OMPD can see in it.
     * Values the runtime refuses are kept in the snapshot with their OMPD return code; problems that do not stop
     * the import (unreadable memory, a missing executable) are returned as diagnostics.
     *
     * @throws CoreImportException        when the core cannot be imported (see {@link CoreImportException.Reason})
     * @throws InputUnreadableException   when the core does not exist or cannot be read
     * @throws org.ompdexplorer.importers.LoadCancelledException when {@code progress} cancels
     */
    public LoadResult importCore(CoreImportOptions options, ProgressListener progress) throws SnapshotLoadException {
        return run(options, progress).result();
    }

    Run run(CoreImportOptions options, ProgressListener progress) throws SnapshotLoadException {
        Objects.requireNonNull(options, "options");
        ProgressListener listener = progress == null ? ProgressListener.NONE : progress;
        Path corePath = options.core();
        String input = corePath.toString();
        Optional<String> unusable = RequiredFile.problem(corePath);
        if (unusable.isPresent()) {
            throw new InputUnreadableException(input, corePath + " " + unusable.get() + " — name a core file", null);
        }
        Optional<String> noProgram = options.executable() == null ? Optional.empty()
                : RequiredFile.problem(options.executable());
        if (noProgram.isPresent()) {
            throw new CoreImportException(input, Reason.FILE_NOT_FOUND, "the executable " + options.executable()
                    + " " + noProgram.get(), "pass the program the core was written from with --exe FILE", null);
        }
        listener.progress("opening core", 0, -1);
        List<Diagnostic> diagnostics = new ArrayList<>();
        try (CoreFile core = openCore(corePath, input)) {
            checkTruncation(core, options, input, diagnostics);
            PathResolver resolver = resolver(options);
            DebugFiles debugFiles = new DebugFiles(options.debugDirectories(), options.debuginfod(), listener);
            // libdw's stacks need nothing of libompd's walk until they are matched to its threads: taken beside it
            CoreStacks.Started stacks = options.callStacks()
                    ? ThreadStacks.start(core, options, resolver, debugFiles, input) : null;
            try (MemoryImage memory = new MemoryImage(core, resolver, (id, path) -> debugFiles.executableOf(id,
                    path.substring(path.lastIndexOf('/') + 1)));
                 ModuleFiles files = new ModuleFiles(core, resolver, byBuildId(memory, debugFiles))) {
                ExecutableCheck.verify(input, memory, files, options, diagnostics);
                OffloadProbe.Found offload = OffloadProbe.probe(memory, files, input, diagnostics);
                RuntimeLocator locator = new RuntimeLocator(memory, files, options, debugFiles);
                try (RuntimeLocator.Runtime runtime = locator.runtime()) {
                    OmpdLibrary library = load(locator.ompdLibrary(runtime), input);
                    ThreadLocalStorage tls = new ThreadLocalStorage(memory, files);
                    List<CoreTarget.SymbolSource> symbols = List.of(new CoreTarget.SymbolSource(runtime.module(),
                            runtime.symbols(), runtime.bias()));
                    OmpdSession.Outcome outcome = OmpdSession.run(library, memory, tls, symbols, offload.devices(),
                            capture(core, corePath, library, memory, input, diagnostics), listener, input);
                    diagnostics.addAll(outcome.diagnostics());
                    listener.progress("symbolizing task functions", 0, -1);
                    Map<Long, CodeLocation> functions = symbolize(outcome.walk(), files, runtime, options,
                            debugFiles, input, diagnostics);
                    Snapshot snapshot = SnapshotAssembler.assemble(outcome.facts(),
                            offload.info(outcome.devices().size()), outcome.devices(), outcome.walk(), functions);
                    if (stacks != null) {
                        listener.progress("unwinding call stacks", 0, -1);
                        try {
                            snapshot = ThreadStacks.add(snapshot, stacks, diagnostics);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new LoadCancelledException(input);
                        }
                    }
                    if (debugFiles.cancelled()) {
                        throw new LoadCancelledException(input);
                    }
                    debugFiles.problems().forEach(p -> diagnostics.add(Diagnostic.warning("debug-file", p,
                            "", Location.inInput(input, 0, 0, null))));
                    diagnostics.addAll(SnapshotValidator.validate(snapshot));
                    listener.progress("done", 1, 1);
                    return new Run(new LoadResult(snapshot, diagnostics), outcome.stats());
                }
            }
        } catch (InternalError e) {
            // JDK 25 reports a read of pages a shrunk mapped file no longer has (SIGBUS) as this error, in whatever
            // frame touched them; the reader's own reads catch it, this catches the rest
            if (!String.valueOf(e.getMessage()).contains("unsafe memory access")) {
                throw e;
            }
            throw new CoreImportException(input, Reason.TRUNCATED_CORE, corePath + " shrank while it was being read",
                    "wait until whatever writes the core has finished, or import a copy of it", e);
        }
    }

    /** A module missing here, or of another build, fetched by the build-id the core holds (debuginfod). */
    private static ModuleFiles.BuildIdSource byBuildId(MemoryImage memory, DebugFiles debugFiles) {
        return new ModuleFiles.BuildIdSource() {
            @Override
            public Optional<String> buildIdInCore(LoadedModule module) {
                return DumpedBuildId.of(memory, module);
            }

            @Override
            public Optional<Path> fileOf(String buildId, LoadedModule module) {
                return debugFiles.executableOf(buildId, module.fileName());
            }
        };
    }

    private static CoreFile openCore(Path path, String input) throws SnapshotLoadException {
        try {
            return CoreFile.open(path);
        } catch (IOException e) {
            throw new InputUnreadableException(input, path + " cannot be read: " + e.getMessage(), e);
        } catch (ElfFormatException e) {
            boolean truncated = e.detail().contains("truncated") || e.detail().contains("past end");
            throw new CoreImportException(input, truncated ? Reason.TRUNCATED_CORE : Reason.NOT_A_CORE,
                    e.getMessage(), truncated ? "the core was cut off while being written (disk full, core size limit):"
                    + " take it again with ulimit -c unlimited or gcore" : "pass a core file of the program (from the"
                    + " kernel or gdb's gcore)", e);
        }
    }

    private static void checkTruncation(CoreFile core, CoreImportOptions options, String input,
                                        List<Diagnostic> diagnostics) throws CoreImportException {
        if (core.problems().isEmpty()) {
            return;
        }
        if (!options.acceptTruncatedCore()) {
            throw new CoreImportException(input, Reason.TRUNCATED_CORE, core.problems().getFirst().getMessage()
                    + (core.problems().size() > 1 ? " (and " + (core.problems().size() - 1) + " more)" : ""),
                    "the core was cut off while being written (disk full, core size limit): take it again with"
                    + " ulimit -c unlimited or gcore, or import what is left with --accept-truncated", null);
        }
        for (ElfFormatException p : core.problems()) {
            diagnostics.add(new Diagnostic(org.ompdexplorer.model.diagnostics.Severity.WARNING, "truncated-core",
                    p.detail(), "values read from the missing memory are unavailable",
                    new Location(input, 0, 0, null, p.offset().orElse(-1), null, null)));
        }
    }

    private static PathResolver resolver(CoreImportOptions options) {
        PathResolver resolver = PathResolver.direct();
        if (options.sysroot() != null) {
            resolver = resolver.withSysroot(options.sysroot());
        }
        for (Path dir : options.solibSearchPaths()) {
            resolver = resolver.withSearchDirectory(dir);
        }
        return options.executable() != null ? resolver.withExecutable(options.executable()) : resolver;
    }

    private static OmpdLibrary load(Path path, String input) throws CoreImportException {
        try {
            return OmpdLibrary.load(path);
        } catch (OmpdLibrary.OmpdLibraryException e) {
            throw new CoreImportException(input, Reason.NO_OMPD_LIBRARY, e.getMessage(),
                    "pass the libompd.so built with the program's runtime with --ompd-lib FILE", e);
        } catch (IllegalCallerException e) {
            throw new CoreImportException(input, Reason.NATIVE_ACCESS_DENIED, "the JVM does not allow this module to"
                    + " call native code, which libompd needs", "run Java with"
                    + " --enable-native-access=org.ompdexplorer.importers (ALL-UNNAMED on the class path)", e);
        }
    }

    private static CaptureInfo capture(CoreFile core, Path corePath, OmpdLibrary library, MemoryImage memory,
                                       String input, List<Diagnostic> diagnostics) {
        Long pid = core.processInfo().map(ProcessInfo::pid).map(Long::valueOf).orElse(null);
        Instant time;
        try {
            time = Files.getLastModifiedTime(corePath).toInstant();
        } catch (IOException e) {
            time = null;
        }
        String signal = core.signalInfo().map(s -> ", signal " + s.signal()).orElse("");
        JobEnvironment.Found job = job(memory, input, diagnostics);
        return new CaptureInfo(CaptureSource.CORE_FILE, core.executablePath().orElse(null), pid,
                job.host().orElse(null), time, corePath.getFileName().toString(), "core file " + corePath + signal
                + ", read with " + library.path(), PRODUCER).withJob(job.job().orElse(null));
    }

    /** The rank and host the launcher put in the process's environment, which the core's initial stack holds. */
    private static JobEnvironment.Found job(MemoryImage memory, String input, List<Diagnostic> diagnostics) {
        ProcessEnvironment.Read env = ProcessEnvironment.read(memory, JobEnvironment.VARIABLES);
        for (ProcessEnvironment.Problem p : env.problems()) {
            diagnostics.add(new Diagnostic(org.ompdexplorer.model.diagnostics.Severity.INFO, "environment-unreadable",
                    p.detail(), "the core's rank in a parallel job (capture.job) is not known",
                    at(memory, input, p.address())));
        }
        Set<String> unreadable = new HashSet<>();
        env.problems().forEach(p -> unreadable.add(p.name()));
        JobEnvironment.Found found = JobEnvironment.read(env.variables(), unreadable);
        for (JobEnvironment.Problem p : found.problems()) {
            diagnostics.add(Diagnostic.warning("job-environment-ignored", "the process's environment: " + p.detail(),
                    "the launcher sets it; a value set by hand must be a rank from 0, a size above it",
                    Location.inInput(input, 0, 0, null)));
        }
        return found;
    }

    private static Location at(MemoryImage memory, String input, long address) {
        return new Location(input, 0, 0, null, address == 0 ? -1 : memory.coreOffset(address).orElse(-1), null, null);
    }

    private static Map<Long, CodeLocation> symbolize(ProcessWalker walk, ModuleFiles files,
                                                     RuntimeLocator.Runtime runtime, CoreImportOptions options,
                                                     DebugFiles debugFiles, String input,
                                                     List<Diagnostic> diagnostics) {
        List<Long> addresses = new ArrayList<>();
        for (TaskRec t : walk.tasks) {
            t.function.asOptional().filter(a -> a != 0).ifPresent(addresses::add);
        }
        Map<String, SymbolTable> tables = new HashMap<>();
        Map<String, Path> lineFiles = new HashMap<>();
        if (runtime.debugFile() != null) {
            tables.put(runtime.module().path(), runtime.symbols());
            lineFiles.put(runtime.module().path(), runtime.symbolFile());
        }
        try (CodeSymbolizer symbolizer = new CodeSymbolizer(options.sourceLines())) {
            Map<Long, CodeLocation> result = symbolize(files, addresses, tables, lineFiles, symbolizer, debugFiles);
            symbolizer.notes().forEach(n -> diagnostics.add(new Diagnostic(
                    org.ompdexplorer.model.diagnostics.Severity.INFO, "symbolization", n, "",
                    Location.inInput(input, 0, 0, null))));
            return result;
        }
    }

    /** Each address's location, symbolized in the module holding it (one libdwfl session for all of them). */
    private static Map<Long, CodeLocation> symbolize(ModuleFiles files, List<Long> addresses,
                                                     Map<String, SymbolTable> tables, Map<String, Path> lineFiles,
                                                     CodeSymbolizer symbolizer, DebugFiles debugFiles) {
        Map<Long, CodeLocation> result = new HashMap<>();
        Map<LoadedModule, List<Long>> byModule = new LinkedHashMap<>();
        for (long address : new TreeSet<>(addresses)) {
            Optional<LoadedModule> module = files.moduleAt(address);
            if (module.isPresent()) {
                byModule.computeIfAbsent(module.get(), m -> new ArrayList<>()).add(address);
            } else {
                result.put(address, CodeLocation.at(address));
            }
        }
        byModule.forEach((module, list) -> {
            Optional<ElfFile> file = files.open(module);
            if (file.isEmpty()) {
                symbolizer.note("cannot symbolize addresses in " + module.path() + ": "
                        + files.problem(module).orElse("not found"));
                list.forEach(a -> result.put(a, CodeLocation.at(a)));
                return;
            }
            Path lineFile = lineFiles.get(module.path());
            if (lineFile == null && file.get().section(".debug_info").isEmpty()) {
                // a stripped program or library: its separate debug file, found as every other one is
                lineFile = debugFiles.debugFileOf(file.get().path(), null, module.fileName()).orElse(null);
            }
            result.putAll(symbolizer.symbolize(new CodeSymbolizer.ModuleFile(file.get(), module.loadBias(file.get()),
                    tables.get(module.path()), lineFile), list));
        });
        return result;
    }
}
