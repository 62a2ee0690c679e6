package org.ompdexplorer.importers.ompd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.debuginfo.DebugFiles;
import org.ompdexplorer.importers.elf.DumpedBuildId;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.FileMapping;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.MemoryRead;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.elf.SymbolTable;
import org.ompdexplorer.importers.ompd.CoreImportException.Reason;

/**
 * Finds the OpenMP runtime a core's process had loaded, checks that the file here is that runtime, finds the
 * symbols libompd needs (in the runtime or its separate debug file) and the OMPD library to load.
 */
final class RuntimeLocator {
    /** The symbol every OMPD-enabled LLVM runtime defines; libompd reads it first. */
    static final String OMPD_STATE = "ompd_state";
    private static final String DLL_LOCATIONS = "ompd_dll_locations";
    private static final String LIBOMPD = "libompd.so";

    /**
     * The runtime found.
     *
     * @param module      the runtime as the core maps it
     * @param file        its file on this machine
     * @param symbols     the symbol table with {@code ompd_state} (the file's, or its debug file's)
     * @param symbolFile  the file {@code symbols} came from
     * @param debugFile   the separate debug file opened for its symbols (closed by {@link #close()}), or null
     * @param bias        the runtime's load bias
     */
    record Runtime(LoadedModule module, ElfFile file, SymbolTable symbols, Path symbolFile, ElfFile debugFile, long bias)
            implements AutoCloseable {
        @Override
        public void close() {
            if (debugFile != null) {
                debugFile.close();
            }
        }
    }

    private final String input;
    private final MemoryImage memory;
    private final ModuleFiles files;
    private final CoreImportOptions options;
    private final DebugFiles debugFiles;

    RuntimeLocator(MemoryImage memory, ModuleFiles files, CoreImportOptions options, DebugFiles debugFiles) {
        this.input = options.core().toString();
        this.memory = memory;
        this.files = files;
        this.options = options;
        this.debugFiles = debugFiles;
    }

    /** The runtime, checked, with the symbols libompd needs. */
    Runtime runtime() throws CoreImportException, LoadCancelledException {
        LoadedModule module = runtimeModule();
        ElfFile file = files.open(module).orElseThrow(() -> fail(Reason.FILE_NOT_FOUND, "the OpenMP runtime the process"
                + " used is not on this machine: " + files.problem(module).orElse(module.path()),
                "copy it here and pass --solib-search-path DIR (or --sysroot DIR for a copy of the whole system)"));
        String buildId = buildId(file).orElse(null);
        Optional<String> inCore = DumpedBuildId.of(memory, module);
        if (inCore.isPresent() && buildId != null && !inCore.get().equals(buildId)) {
            throw fail(Reason.RUNTIME_MISMATCH, file.path() + " (build-id " + buildId + ") is not the " + module.path()
                    + " the process had (build-id " + inCore.get() + ")", "pass the runtime the program ran with through"
                    + " --solib-search-path DIR or --sysroot DIR");
        }
        long bias = module.loadBias(file);
        List<FileMapping> misplaced = module.mappingsInconsistentWith(file, bias);
        if (!misplaced.isEmpty()) {
            // libompd would read the runtime's state at wrong addresses, and trusts the sizes it finds there.
            FileMapping m = misplaced.getFirst();
            throw fail(Reason.NOT_A_CORE, "the core's NT_FILE note is damaged: it maps offset "
                    + Long.toHexString(m.fileOffset()) + " of " + module.path() + " at 0x" + Long.toHexString(m.start())
                    + ", where " + file.path() + " cannot be (its other mappings put it at load bias 0x"
                    + Long.toHexString(bias) + ")", "take the core again (gcore PID, or ulimit -c unlimited), or pass"
                    + " an undamaged copy");
        }
        SymbolTable own = symbols(file);
        if (own.lookup(OMPD_STATE).isPresent()) {
            return new Runtime(module, file, own, file.path(), null, bias);
        }
        if (own.hasFullSymbolTable()) {
            throw fail(Reason.RUNTIME_WITHOUT_OMPD, file.path() + " was built without OMPD support (it has no "
                    + OMPD_STATE + ")", "run the program with an LLVM OpenMP runtime built with -DLIBOMP_OMPD_SUPPORT=ON"
                    + " (scripts/build-ompd-runtime.sh builds one)");
        }
        Optional<Path> debug;
        debug = debugFiles.debugFileOf(file, module.fileName());
        if (debug.isPresent()) {
            try {
                ElfFile debugFile = ElfFile.open(debug.get());
                SymbolTable table = debugFile.symbols();
                if (table.lookup(OMPD_STATE).isPresent()) {
                    return new Runtime(module, file, table, debug.get(), debugFile, bias);
                }
                debugFile.close();
            } catch (IOException | ElfFormatException e) {
                throw fail(Reason.STRIPPED_RUNTIME, "cannot read the debug file " + debug.get() + " of " + file.path()
                        + ": " + e.getMessage(), "pass a readable debug file directory with --debug-dir DIR");
            }
            throw fail(Reason.RUNTIME_WITHOUT_OMPD, file.path() + " was built without OMPD support (its debug file "
                    + debug.get() + " has no " + OMPD_STATE + ")", "run the program with an LLVM OpenMP runtime built"
                    + " with -DLIBOMP_OMPD_SUPPORT=ON (scripts/build-ompd-runtime.sh builds one)");
        }
        String id = buildId == null ? "none" : buildId;
        String asked = debugFiles.asksDebuginfod() ? "; the debuginfod servers asked have none" + problems()
                : "; no debuginfod server asked";
        throw fail(Reason.STRIPPED_RUNTIME, file.path() + " (build-id " + id + ") is stripped: libompd needs its local"
                + " symbols (" + OMPD_STATE + ", __kmp_threads, ...); its debug file is not in "
                + debugFiles.localCandidates(file) + asked, "install the runtime's debug symbols (Debian, Ubuntu: "
                + debugPackage(module.path()) + " from the debug archive), set DEBUGINFOD_URLS to a debuginfod server"
                + " that has them (e.g. https://debuginfod.debian.net), pass the directory holding them with"
                + " --debug-dir DIR, or run the program with an unstripped OMPD-enabled runtime"
                + " (scripts/build-ompd-runtime.sh builds one)");
    }

    /** The distribution's debug package of the runtime at {@code path} ("libomp5-19-dbgsym" for /usr/lib/llvm-19/…). */
    static String debugPackage(String path) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("llvm-(\\d+)").matcher(path);
        return (m.find() ? "libomp5-" + m.group(1) : "libomp5-N") + "-dbgsym";
    }

    /** What the debuginfod servers said, for the stripped-runtime message: " (first reason)" or "". */
    private String problems() {
        List<String> all = debugFiles.problems();
        return all.isEmpty() ? "" : " (" + all.getLast() + ")";
    }

    /** The runtime module: libomp (or Intel's libiomp5), else a clear "not an OpenMP program". */
    private LoadedModule runtimeModule() throws CoreImportException {
        for (String name : new String[] {"libomp.so", "libiomp5.so"}) {
            Optional<LoadedModule> m = files.moduleNamed(name);
            if (m.isPresent()) {
                return m.get();
            }
        }
        String program = files.core().executablePath().orElse("the program");
        if (files.moduleNamed("libgomp.so").isPresent()) {
            throw fail(Reason.NOT_OPENMP, program + " uses GCC's OpenMP runtime (libgomp), which has no OMPD library"
                    + " this importer can use", "build the program with clang -fopenmp (LLVM's libomp)");
        }
        throw fail(Reason.NOT_OPENMP, program + " is not an OpenMP program: the core maps no OpenMP runtime (libomp)",
                "take a core of a program built with -fopenmp");
    }

    /**
     * The OMPD library to load: the option, else the names the runtime lists in {@code ompd_dll_locations}, else
     * {@code libompd.so} next to the runtime (where the process had it, then where it was found here).
     */
    Path ompdLibrary(Runtime runtime) throws CoreImportException {
        if (options.ompdLibrary() != null) {
            Optional<String> unusable = RequiredFile.problem(options.ompdLibrary());
            if (unusable.isPresent()) {
                throw fail(Reason.NO_OMPD_LIBRARY, "the OMPD library " + options.ompdLibrary() + " " + unusable.get(),
                        "pass the libompd.so built with the program's runtime with --ompd-lib FILE");
            }
            return options.ompdLibrary();
        }
        Set<Path> candidates = new LinkedHashSet<>();
        // The runtime's directory as the process saw it: a string from the core, which may name no directory.
        String modulePath = runtime.module().path();
        String runtimeDir = modulePath.substring(0, modulePath.lastIndexOf('/') + 1);
        Path foundDir = runtime.file().path().toAbsolutePath().getParent();
        for (String name : dllLocations(runtime)) {
            if (name.startsWith("/")) {
                candidates.addAll(files.resolver().candidates(name, false));
            } else {
                try {
                    candidates.add(foundDir.resolve(name));
                } catch (InvalidPathException e) {
                    continue; // not a name this system can have: read from a damaged core
                }
                candidates.addAll(files.resolver().candidates(runtimeDir + name, false));
            }
        }
        candidates.addAll(files.resolver().candidates(runtimeDir + LIBOMPD, false));
        candidates.add(foundDir.resolve(LIBOMPD));
        for (Path p : candidates) {
            if (Files.isRegularFile(p) && Files.isReadable(p)) {
                return p;
            }
        }
        throw fail(Reason.NO_OMPD_LIBRARY, "no OMPD library found for " + runtime.file().path() + " (looked for "
                + candidates + ")", "pass the libompd.so built with the program's runtime with --ompd-lib FILE");
    }

    /** The strings of the runtime's {@code ompd_dll_locations} (a NULL-terminated array of C strings), if readable. */
    private List<String> dllLocations(Runtime runtime) {
        List<String> names = new ArrayList<>();
        Optional<ElfSymbol> symbol = runtime.symbols().lookup(DLL_LOCATIONS);
        if (symbol.isEmpty() || !(memory.read(runtime.bias() + symbol.get().value(), 8) instanceof MemoryRead.Bytes ptr)) {
            return names;
        }
        long array = ptr.longAt(0);
        for (int i = 0; array != 0 && i < 16; i++) {
            if (!(memory.read(array + 8L * i, 8) instanceof MemoryRead.Bytes entry) || entry.longAt(0) == 0) {
                break;
            }
            if (memory.readCString(entry.longAt(0), 4096) instanceof MemoryRead.Bytes text && text.bytes().length > 0) {
                names.add(new String(text.bytes(), StandardCharsets.UTF_8));
            }
        }
        return names;
    }

    private SymbolTable symbols(ElfFile file) throws CoreImportException {
        try {
            return file.symbols();
        } catch (ElfFormatException e) {
            throw fail(Reason.RUNTIME_MISMATCH, "the symbol table of " + file.path() + " is damaged: " + e.getMessage(),
                    "reinstall the runtime");
        }
    }

    private static Optional<String> buildId(ElfFile file) {
        try {
            return file.buildId();
        } catch (ElfFormatException e) {
            return Optional.empty();
        }
    }

    private CoreImportException fail(Reason reason, String message, String fix) {
        return new CoreImportException(input, reason, message, fix, null);
    }
}
