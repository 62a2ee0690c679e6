package org.ompdexplorer.importers.ompd;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ompdexplorer.importers.debuginfo.DebuginfodSettings;

/**
 * What to import and where to find the files a core names, like gdb's command line and settings.
 *
 * @param core                 the core file
 * @param executable           the program the core was written from, or {@code null} to use the path the core
 *                             names
 * @param sysroot              prefix for every absolute path the core names ({@code set sysroot}), or {@code null}
 * @param solibSearchPaths     directories searched by file name for the libraries ({@code set solib-search-path})
 * @param debugDirectories     where separate debug files are looked for by build-id and debuglink, before
 *                             {@code /usr/lib/debug} ({@code set debug-file-directory})
 * @param ompdLibrary          the OMPD library to use, or {@code null} to take the one the runtime names in
 *                             {@code ompd_dll_locations}, else the {@code libompd.so} next to the runtime
 * @param sourceLines          whether to add file:line to task functions from the modules' debug information
 *                             (elfutils' libdw, when installed)
 * @param acceptTruncatedCore  import what a core cut off in its memory segments still holds, instead of failing
 * @param callStacks           unwind every thread's native call stack with elfutils' libdw (the default)
 * @param debuginfod           the debuginfod servers asked for debug files and missing modules by build-id, with
 *                             their limits and cache, or {@code null} to ask none (no network)
 */
public record CoreImportOptions(Path core, Path executable, Path sysroot, List<Path> solibSearchPaths,
                                List<Path> debugDirectories, Path ompdLibrary, boolean sourceLines,
                                boolean acceptTruncatedCore, boolean callStacks,
                                DebuginfodSettings debuginfod) {
    public CoreImportOptions {
        Objects.requireNonNull(core, "core");
        solibSearchPaths = List.copyOf(solibSearchPaths);
        debugDirectories = List.copyOf(debugDirectories);
    }

    /** Import {@code core} of {@code executable} (may be {@code null}), looking for files where the core says. */
    public static CoreImportOptions of(Path core, Path executable) {
        return new CoreImportOptions(core, executable, null, List.of(), List.of(), null, true, false, true, null);
    }

    /** These options with {@code root} as the root of every absolute path the core names (null for none). */
    public CoreImportOptions withSysroot(Path root) {
        return new CoreImportOptions(core, executable, root, solibSearchPaths, debugDirectories, ompdLibrary,
                sourceLines, acceptTruncatedCore, callStacks, debuginfod);
    }

    /** These options with {@code directory} added to the library search path. */
    public CoreImportOptions withSolibSearchPath(Path directory) {
        List<Path> dirs = new ArrayList<>(solibSearchPaths);
        dirs.add(directory);
        return new CoreImportOptions(core, executable, sysroot, dirs, debugDirectories, ompdLibrary, sourceLines,
                acceptTruncatedCore, callStacks, debuginfod);
    }

    /** These options with {@code directory} added to the debug-file directories. */
    public CoreImportOptions withDebugDirectory(Path directory) {
        List<Path> dirs = new ArrayList<>(debugDirectories);
        dirs.add(directory);
        return new CoreImportOptions(core, executable, sysroot, solibSearchPaths, dirs, ompdLibrary, sourceLines,
                acceptTruncatedCore, callStacks, debuginfod);
    }

    /** These options with {@code library} as the OMPD library to load (null to find it as the runtime says). */
    public CoreImportOptions withOmpdLibrary(Path library) {
        return new CoreImportOptions(core, executable, sysroot, solibSearchPaths, debugDirectories, library,
                sourceLines, acceptTruncatedCore, callStacks, debuginfod);
    }

    /** These options with file:line symbolization of task functions on or off. */
    public CoreImportOptions withSourceLines(boolean enabled) {
        return new CoreImportOptions(core, executable, sysroot, solibSearchPaths, debugDirectories, ompdLibrary,
                enabled, acceptTruncatedCore, callStacks, debuginfod);
    }

    /** These options importing, or refusing, a core cut off in its memory segments. */
    public CoreImportOptions withAcceptTruncatedCore(boolean accept) {
        return new CoreImportOptions(core, executable, sysroot, solibSearchPaths, debugDirectories, ompdLibrary,
                sourceLines, accept, callStacks, debuginfod);
    }

    /** These options taking, or leaving out, the threads' call stacks. */
    public CoreImportOptions withCallStacks(boolean take) {
        return new CoreImportOptions(core, executable, sysroot, solibSearchPaths, debugDirectories, ompdLibrary,
                sourceLines, acceptTruncatedCore, take, debuginfod);
    }

    /** These options asking {@code settings}' debuginfod servers (null: none). */
    public CoreImportOptions withDebuginfod(DebuginfodSettings settings) {
        return new CoreImportOptions(core, executable, sysroot, solibSearchPaths, debugDirectories, ompdLibrary,
                sourceLines, acceptTruncatedCore, callStacks, settings);
    }
}
