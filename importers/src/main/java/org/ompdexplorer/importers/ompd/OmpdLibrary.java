package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One OMPD library ({@code libompd.so}) loaded into this JVM, with a downcall handle for every OMPD function the
 * importer uses and the callback table it hands to {@code ompd_initialize}.
 *
 * <p>A library is loaded once per JVM and never unloaded: libompd keeps process-wide state (the callback
 * table, {@code ompd_state}, type layouts cached per address-space context), so sessions on it must not overlap.
 * {@link #lock()} serializes them.
 */
final class OmpdLibrary {
    private static final Map<Path, OmpdLibrary> LOADED = new ConcurrentHashMap<>();

    private final Path path;
    private final OmpdCallbacks callbacks;
    private final ReentrantLock lock = new ReentrantLock();

    final MethodHandle initialize;
    final MethodHandle getApiVersion;
    final MethodHandle getVersionString;
    final MethodHandle processInitialize;
    final MethodHandle deviceInitialize;
    final MethodHandle relAddressSpaceHandle;
    final MethodHandle getOmpVersion;
    final MethodHandle getOmpVersionString;
    final MethodHandle getThreadHandle;
    final MethodHandle getThreadId;
    final MethodHandle threadHandleCompare;
    final MethodHandle relThreadHandle;
    final MethodHandle getCurrParallelHandle;
    final MethodHandle getEnclosingParallelHandle;
    final MethodHandle getTaskParallelHandle;
    final MethodHandle parallelHandleCompare;
    final MethodHandle relParallelHandle;
    final MethodHandle getThreadInParallel;
    final MethodHandle getTaskInParallel;
    final MethodHandle getCurrTaskHandle;
    final MethodHandle getGeneratingTaskHandle;
    final MethodHandle getSchedulingTaskHandle;
    final MethodHandle taskHandleCompare;
    final MethodHandle relTaskHandle;
    final MethodHandle getTaskFunction;
    final MethodHandle getTaskFrame;
    final MethodHandle enumerateStates;
    final MethodHandle getState;
    final MethodHandle enumerateIcvs;
    final MethodHandle getIcvFromScope;
    final MethodHandle getIcvStringFromScope;
    final MethodHandle getToolData;
    final MethodHandle getDisplayControlVars;
    final MethodHandle relDisplayControlVars;

    private OmpdLibrary(Path path, SymbolLookup lookup) throws OmpdLibraryException {
        this.path = path;
        Binder b = new Binder(path, lookup);
        // ompd_rc_t f(...): every function returns an int enum; ids, words and sizes are 64-bit; pointers ADDRESS.
        initialize = b.bind("ompd_initialize", JAVA_LONG, ADDRESS);
        getApiVersion = b.bind("ompd_get_api_version", ADDRESS);
        getVersionString = b.bind("ompd_get_version_string", ADDRESS);
        processInitialize = b.bind("ompd_process_initialize", ADDRESS, ADDRESS);
        deviceInitialize = b.bind("ompd_device_initialize", ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS);
        relAddressSpaceHandle = b.bind("ompd_rel_address_space_handle", ADDRESS);
        getOmpVersion = b.bind("ompd_get_omp_version", ADDRESS, ADDRESS);
        getOmpVersionString = b.bind("ompd_get_omp_version_string", ADDRESS, ADDRESS);
        getThreadHandle = b.bind("ompd_get_thread_handle", ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS);
        getThreadId = b.bind("ompd_get_thread_id", ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS);
        threadHandleCompare = b.bind("ompd_thread_handle_compare", ADDRESS, ADDRESS, ADDRESS);
        relThreadHandle = b.bind("ompd_rel_thread_handle", ADDRESS);
        getCurrParallelHandle = b.bind("ompd_get_curr_parallel_handle", ADDRESS, ADDRESS);
        getEnclosingParallelHandle = b.bind("ompd_get_enclosing_parallel_handle", ADDRESS, ADDRESS);
        getTaskParallelHandle = b.bind("ompd_get_task_parallel_handle", ADDRESS, ADDRESS);
        parallelHandleCompare = b.bind("ompd_parallel_handle_compare", ADDRESS, ADDRESS, ADDRESS);
        relParallelHandle = b.bind("ompd_rel_parallel_handle", ADDRESS);
        getThreadInParallel = b.bind("ompd_get_thread_in_parallel", ADDRESS, JAVA_INT, ADDRESS);
        getTaskInParallel = b.bind("ompd_get_task_in_parallel", ADDRESS, JAVA_INT, ADDRESS);
        getCurrTaskHandle = b.bind("ompd_get_curr_task_handle", ADDRESS, ADDRESS);
        getGeneratingTaskHandle = b.bind("ompd_get_generating_task_handle", ADDRESS, ADDRESS);
        getSchedulingTaskHandle = b.bind("ompd_get_scheduling_task_handle", ADDRESS, ADDRESS);
        taskHandleCompare = b.bind("ompd_task_handle_compare", ADDRESS, ADDRESS, ADDRESS);
        relTaskHandle = b.bind("ompd_rel_task_handle", ADDRESS);
        getTaskFunction = b.bind("ompd_get_task_function", ADDRESS, ADDRESS);
        getTaskFrame = b.bind("ompd_get_task_frame", ADDRESS, ADDRESS, ADDRESS);
        enumerateStates = b.bind("ompd_enumerate_states", ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS);
        getState = b.bind("ompd_get_state", ADDRESS, ADDRESS, ADDRESS);
        enumerateIcvs = b.bind("ompd_enumerate_icvs", ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS);
        getIcvFromScope = b.bind("ompd_get_icv_from_scope", ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS);
        getIcvStringFromScope = b.bind("ompd_get_icv_string_from_scope", ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS);
        getToolData = b.bind("ompd_get_tool_data", ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        getDisplayControlVars = b.bind("ompd_get_display_control_vars", ADDRESS, ADDRESS);
        relDisplayControlVars = b.bind("ompd_rel_display_control_vars", ADDRESS);
        callbacks = new OmpdCallbacks(Arena.global());
    }

    /**
     * The library at {@code path}, loaded on first use.
     *
     * @throws OmpdLibraryException if it is not an ELF shared library for this machine exporting every OMPD
     *                              function (checked before it is loaded), or cannot be loaded
     */
    static OmpdLibrary load(Path path) throws OmpdLibraryException {
        Path key;
        try {
            key = path.toRealPath();
        } catch (IOException e) {
            throw new OmpdLibraryException(path + ": cannot be read (" + e.getMessage() + ")", e);
        }
        OmpdLibrary loaded = LOADED.get(key);
        if (loaded != null) {
            return loaded;
        }
        synchronized (LOADED) {
            loaded = LOADED.get(key);
            if (loaded == null) {
                OmpdLibraryCheck.verify(key); // before dlopen: the loader crashes on a damaged file
                SymbolLookup lookup;
                try {
                    lookup = SymbolLookup.libraryLookup(key, Arena.global());
                } catch (IllegalArgumentException e) {
                    throw new OmpdLibraryException(key + " cannot be loaded as a shared library: " + e.getMessage(), e);
                }
                loaded = new OmpdLibrary(key, lookup); // IllegalCallerException too, when native access is denied
                LOADED.put(key, loaded);
            }
            return loaded;
        }
    }

    /** Where the library was loaded from (its real path). */
    Path path() {
        return path;
    }

    /** The callback table passed to {@code ompd_initialize}, shared by all sessions on this library. */
    OmpdCallbacks callbacks() {
        return callbacks;
    }

    /** Held for the whole of one session: libompd's global state allows one at a time. */
    ReentrantLock lock() {
        return lock;
    }

    /** Finds and links functions, all returning {@code ompd_rc_t}, with pointers as words ({@link NativeWords}). */
    private record Binder(Path path, SymbolLookup lookup) {
        MethodHandle bind(String name, MemoryLayout... arguments) throws OmpdLibraryException {
            var symbol = lookup.find(name).orElseThrow(() -> new OmpdLibraryException(path
                    + " does not define " + name + ": it is not an OMPD library for this runtime", null));
            FunctionDescriptor signature = FunctionDescriptor.of(JAVA_INT, arguments);
            return Linker.nativeLinker().downcallHandle(symbol, NativeWords.of(signature));
        }
    }

    /** The library cannot be loaded or is not an OMPD library. */
    static final class OmpdLibraryException extends Exception {
        private static final long serialVersionUID = 1L;

        OmpdLibraryException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
