package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.ToolData;

/**
 * The OMPD calls of one session, typed for Java: handles are the native pointers libompd returned (as
 * {@code long}), out parameters become {@link OmpdResult} values, and strings libompd allocated for the tool are
 * copied and freed at once. Every handle obtained and released is counted per kind, so a session can prove it
 * released all of them. Not thread-safe: one session runs on one thread, under {@link OmpdLibrary#lock()}.
 */
final class Ompd {
    /** The kinds of OMPD handles. */
    enum HandleKind { ADDRESS_SPACE, THREAD, PARALLEL, TASK }

    /** {@code ompd_scope_t}. */
    static final int SCOPE_GLOBAL = 1;
    static final int SCOPE_ADDRESS_SPACE = 2;
    static final int SCOPE_THREAD = 3;
    static final int SCOPE_PARALLEL = 4;
    static final int SCOPE_IMPLICIT_TASK = 5;
    static final int SCOPE_TASK = 6;
    /** {@code ompd_thread_id_t} kinds. */
    static final long THREAD_ID_PTHREAD = 0;
    static final long THREAD_ID_LWP = 1;

    /** A state from {@code ompd_enumerate_states}. */
    record StateEntry(long value, String name, boolean more) {
    }

    /** An ICV from {@code ompd_enumerate_icvs}. */
    record IcvEntry(long id, String name, int scope, boolean more) {
    }

    /** {@code ompd_get_state}: the state and the wait id. */
    record State(long value, long waitId) {
    }

    private final OmpdLibrary lib;
    private final NativeMemory memory;
    /** Out parameters: libompd writes here; read right after each call. */
    private final MemorySegment out;
    private final Map<HandleKind, long[]> counts = new EnumMap<>(HandleKind.class);

    Ompd(OmpdLibrary lib, Arena arena) {
        this.lib = lib;
        this.memory = lib.callbacks().memory();
        this.out = arena.allocate(128, 8);
        for (HandleKind k : HandleKind.values()) {
            counts.put(k, new long[2]);
        }
    }

    // --- initialization and versions ---------------------------------------------------------------------------

    int initialize(long apiVersion) {
        return call(() -> (int) lib.initialize.invokeExact(apiVersion, lib.callbacks().table().address()));
    }

    OmpdResult<Long> apiVersion() {
        return longOut("ompd_get_api_version", call(() -> (int) lib.getApiVersion.invokeExact(out.address())));
    }

    OmpdResult<String> versionString() {
        clearOut();
        return stringOut("ompd_get_version_string", call(() -> (int) lib.getVersionString.invokeExact(out.address())));
    }

    OmpdResult<Long> processInitialize(MemorySegment context) {
        return handleOut("ompd_process_initialize", HandleKind.ADDRESS_SPACE,
                call(() -> (int) lib.processInitialize.invokeExact(context.address(), out.address())));
    }

    OmpdResult<Long> deviceInitialize(long process, MemorySegment deviceContext, long kind, MemorySegment id) {
        return handleOut("ompd_device_initialize", HandleKind.ADDRESS_SPACE, call(() -> (int) lib.deviceInitialize
                .invokeExact(ptr(process), deviceContext.address(), kind, id.byteSize(), id.address(), out.address())));
    }

    int relAddressSpaceHandle(long handle) {
        return release(HandleKind.ADDRESS_SPACE, call(() -> (int) lib.relAddressSpaceHandle.invokeExact(ptr(handle))));
    }

    OmpdResult<Long> ompVersion(long space) {
        return longOut("ompd_get_omp_version", call(() -> (int) lib.getOmpVersion.invokeExact(ptr(space), out.address())));
    }

    OmpdResult<String> ompVersionString(long space) {
        clearOut();
        return stringOut("ompd_get_omp_version_string",
                call(() -> (int) lib.getOmpVersionString.invokeExact(ptr(space), out.address())));
    }

    // --- threads -------------------------------------------------------------------------------------------------

    /** {@code ompd_get_thread_handle} for an id of {@code idSize} bytes (4 or 8). */
    OmpdResult<Long> threadHandle(long space, long kind, long id, int idSize) {
        MemorySegment idBytes = out.asSlice(64, idSize);
        if (idSize == 4) {
            idBytes.set(JAVA_INT, 0, (int) id);
        } else {
            idBytes.set(JAVA_LONG, 0, id);
        }
        return handleOut("ompd_get_thread_handle", HandleKind.THREAD,
                call(() -> (int) lib.getThreadHandle.invokeExact(ptr(space), kind, (long) idSize, idBytes.address(), out.address())));
    }

    /** {@code ompd_get_thread_id} of kind pthread (libompd 19 gives no other kind for host threads). */
    OmpdResult<Long> threadId(long thread) {
        return longOut("ompd_get_thread_id",
                call(() -> (int) lib.getThreadId.invokeExact(ptr(thread), THREAD_ID_PTHREAD, 8L, out.address())));
    }

    OmpdResult<Integer> threadHandleCompare(long a, long b) {
        return intOut("ompd_thread_handle_compare",
                call(() -> (int) lib.threadHandleCompare.invokeExact(ptr(a), ptr(b), out.address())));
    }

    int relThreadHandle(long handle) {
        return release(HandleKind.THREAD, call(() -> (int) lib.relThreadHandle.invokeExact(ptr(handle))));
    }

    OmpdResult<State> state(long thread) {
        MemorySegment wait = out.asSlice(8, 8);
        out.fill((byte) 0);
        int rc = call(() -> (int) lib.getState.invokeExact(ptr(thread), out.address(), wait.address()));
        return rc == OmpdResult.OK ? OmpdResult.ok(new State(out.get(JAVA_LONG, 0), wait.get(JAVA_LONG, 0)),
                "ompd_get_state") : OmpdResult.failed(rc, "ompd_get_state");
    }

    // --- parallel regions ----------------------------------------------------------------------------------------

    OmpdResult<Long> currParallelHandle(long thread) {
        return handleOut("ompd_get_curr_parallel_handle", HandleKind.PARALLEL,
                call(() -> (int) lib.getCurrParallelHandle.invokeExact(ptr(thread), out.address())));
    }

    OmpdResult<Long> enclosingParallelHandle(long parallel) {
        return handleOut("ompd_get_enclosing_parallel_handle", HandleKind.PARALLEL,
                call(() -> (int) lib.getEnclosingParallelHandle.invokeExact(ptr(parallel), out.address())));
    }

    OmpdResult<Long> taskParallelHandle(long task) {
        return handleOut("ompd_get_task_parallel_handle", HandleKind.PARALLEL,
                call(() -> (int) lib.getTaskParallelHandle.invokeExact(ptr(task), out.address())));
    }

    OmpdResult<Integer> parallelHandleCompare(long a, long b) {
        return intOut("ompd_parallel_handle_compare",
                call(() -> (int) lib.parallelHandleCompare.invokeExact(ptr(a), ptr(b), out.address())));
    }

    int relParallelHandle(long handle) {
        return release(HandleKind.PARALLEL, call(() -> (int) lib.relParallelHandle.invokeExact(ptr(handle))));
    }

    OmpdResult<Long> threadInParallel(long parallel, int threadNum) {
        return handleOut("ompd_get_thread_in_parallel", HandleKind.THREAD,
                call(() -> (int) lib.getThreadInParallel.invokeExact(ptr(parallel), threadNum, out.address())));
    }

    OmpdResult<Long> taskInParallel(long parallel, int threadNum) {
        return handleOut("ompd_get_task_in_parallel", HandleKind.TASK,
                call(() -> (int) lib.getTaskInParallel.invokeExact(ptr(parallel), threadNum, out.address())));
    }

    // --- tasks ---------------------------------------------------------------------------------------------------

    OmpdResult<Long> currTaskHandle(long thread) {
        return handleOut("ompd_get_curr_task_handle", HandleKind.TASK,
                call(() -> (int) lib.getCurrTaskHandle.invokeExact(ptr(thread), out.address())));
    }

    OmpdResult<Long> generatingTaskHandle(long task) {
        return handleOut("ompd_get_generating_task_handle", HandleKind.TASK,
                call(() -> (int) lib.getGeneratingTaskHandle.invokeExact(ptr(task), out.address())));
    }

    OmpdResult<Long> schedulingTaskHandle(long task) {
        return handleOut("ompd_get_scheduling_task_handle", HandleKind.TASK,
                call(() -> (int) lib.getSchedulingTaskHandle.invokeExact(ptr(task), out.address())));
    }

    OmpdResult<Integer> taskHandleCompare(long a, long b) {
        return intOut("ompd_task_handle_compare", call(() -> (int) lib.taskHandleCompare.invokeExact(ptr(a), ptr(b), out.address())));
    }

    int relTaskHandle(long handle) {
        return release(HandleKind.TASK, call(() -> (int) lib.relTaskHandle.invokeExact(ptr(handle))));
    }

    /** {@code ompd_get_task_function}: the entry point's address (of the {@code ompd_address_t} written). */
    OmpdResult<Long> taskFunction(long task) {
        int rc = call(() -> (int) lib.getTaskFunction.invokeExact(ptr(task), out.address()));
        return rc == OmpdResult.OK ? OmpdResult.ok(out.get(JAVA_LONG, 8), "ompd_get_task_function")
                : OmpdResult.failed(rc, "ompd_get_task_function");
    }

    /** {@code ompd_get_task_frame}: two {@code ompd_frame_info_t} (segment, address, flag). */
    OmpdResult<TaskFrames> taskFrame(long task) {
        MemorySegment exit = out.asSlice(0, 24);
        MemorySegment enter = out.asSlice(32, 24);
        out.fill((byte) 0); // libompd 19 sets the addresses but not frame_flag: unset flags read as 0
        int rc = call(() -> (int) lib.getTaskFrame.invokeExact(ptr(task), exit.address(), enter.address()));
        if (rc != OmpdResult.OK) {
            return OmpdResult.failed(rc, "ompd_get_task_frame");
        }
        return OmpdResult.ok(new TaskFrames(exit.get(JAVA_LONG, 8), (int) exit.get(JAVA_LONG, 16),
                enter.get(JAVA_LONG, 8), (int) enter.get(JAVA_LONG, 16)), "ompd_get_task_frame");
    }

    // --- states, ICVs, tool data, display control variables ------------------------------------------------------

    OmpdResult<StateEntry> enumerateStates(long space, long current) {
        MemorySegment name = out.asSlice(8, 8);
        MemorySegment more = out.asSlice(16, 8);
        name.set(ADDRESS, 0, MemorySegment.NULL);
        int rc = call(() -> (int) lib.enumerateStates.invokeExact(ptr(space), current, out.address(), name.address(), more.address()));
        String text = takeString(name.get(ADDRESS, 0));
        return rc == OmpdResult.OK ? OmpdResult.ok(new StateEntry(out.get(JAVA_LONG, 0), text,
                more.get(JAVA_LONG, 0) != 0), "ompd_enumerate_states") : OmpdResult.failed(rc, "ompd_enumerate_states");
    }

    OmpdResult<IcvEntry> enumerateIcvs(long space, long current) {
        MemorySegment name = out.asSlice(8, 8);
        MemorySegment scope = out.asSlice(16, 4);
        MemorySegment more = out.asSlice(24, 4);
        name.set(ADDRESS, 0, MemorySegment.NULL);
        int rc = call(() -> (int) lib.enumerateIcvs.invokeExact(ptr(space), current, out.address(), name.address(), scope.address(), more.address()));
        String text = takeString(name.get(ADDRESS, 0));
        return rc == OmpdResult.OK ? OmpdResult.ok(new IcvEntry(out.get(JAVA_LONG, 0), text, scope.get(JAVA_INT, 0),
                more.get(JAVA_INT, 0) != 0), "ompd_enumerate_icvs") : OmpdResult.failed(rc, "ompd_enumerate_icvs");
    }

    OmpdResult<Long> icvFromScope(long handle, int scope, long icv) {
        return longOut("ompd_get_icv_from_scope",
                call(() -> (int) lib.getIcvFromScope.invokeExact(ptr(handle), scope, icv, out.address())));
    }

    OmpdResult<String> icvStringFromScope(long handle, int scope, long icv) {
        clearOut();
        return stringOut("ompd_get_icv_string_from_scope",
                call(() -> (int) lib.getIcvStringFromScope.invokeExact(ptr(handle), scope, icv, out.address())));
    }

    OmpdResult<ToolData> toolData(long handle, int scope) {
        MemorySegment address = out.asSlice(16, 16);
        out.fill((byte) 0);
        int rc = call(() -> (int) lib.getToolData.invokeExact(ptr(handle), scope, out.address(), address.address()));
        return rc == OmpdResult.OK ? OmpdResult.ok(new ToolData(out.get(JAVA_LONG, 0), address.get(JAVA_LONG, 8)),
                "ompd_get_tool_data") : OmpdResult.failed(rc, "ompd_get_tool_data");
    }

    /** {@code ompd_get_display_control_vars}, copied, then given back with {@code ompd_rel_display_control_vars}. */
    OmpdResult<List<String>> displayControlVars(long space) {
        out.set(ADDRESS, 0, MemorySegment.NULL);
        int rc = call(() -> (int) lib.getDisplayControlVars.invokeExact(ptr(space), out.address()));
        MemorySegment vector = out.get(ADDRESS, 0);
        if (rc != OmpdResult.OK || vector.equals(MemorySegment.NULL)) {
            return OmpdResult.failed(rc == OmpdResult.OK ? OmpdResult.ERROR : rc, "ompd_get_display_control_vars");
        }
        List<String> vars = new ArrayList<>();
        MemorySegment entries = vector.reinterpret(Long.MAX_VALUE);
        for (long i = 0; i < 1 << 16; i++) {
            MemorySegment s = entries.getAtIndex(ADDRESS, i);
            if (s.equals(MemorySegment.NULL)) {
                break;
            }
            vars.add(s.reinterpret(Long.MAX_VALUE).getString(0));
        }
        int rel = call(() -> (int) lib.relDisplayControlVars.invokeExact(out.address()));
        return rel == OmpdResult.OK ? OmpdResult.ok(List.copyOf(vars), "ompd_get_display_control_vars")
                : OmpdResult.failed(rel, "ompd_rel_display_control_vars");
    }

    // --- accounting ----------------------------------------------------------------------------------------------

    /** Handles of {@code kind} obtained so far. */
    long obtained(HandleKind kind) {
        return counts.get(kind)[0];
    }

    /** Handles of {@code kind} released so far. */
    long released(HandleKind kind) {
        return counts.get(kind)[1];
    }

    // --- plumbing ------------------------------------------------------------------------------------------------

    /** A downcall returning {@code ompd_rc_t}. */
    @FunctionalInterface
    private interface NativeCall {
        int invoke() throws Throwable;
    }

    private static int call(NativeCall c) {
        try {
            return c.invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("OMPD call failed", t);
        }
    }

    /** Out pointers are cleared first, so that a call that fails without setting one leaves NULL, never a stale value. */
    private void clearOut() {
        out.set(ADDRESS, 0, MemorySegment.NULL);
    }

    /** A handle or pointer as libompd takes it: every pointer argument is linked as a 64-bit word (NativeWords). */
    private static long ptr(long address) {
        return address;
    }

    private OmpdResult<Long> handleOut(String name, HandleKind kind, int rc) {
        if (rc != OmpdResult.OK) {
            return OmpdResult.failed(rc, name);
        }
        long handle = out.get(JAVA_LONG, 0);
        if (handle == 0) {
            return OmpdResult.failed(OmpdResult.ERROR, name);
        }
        counts.get(kind)[0]++;
        return OmpdResult.ok(handle, name);
    }

    private int release(HandleKind kind, int rc) {
        if (rc == OmpdResult.OK) {
            counts.get(kind)[1]++;
        }
        return rc;
    }

    private OmpdResult<Long> longOut(String name, int rc) {
        return rc == OmpdResult.OK ? OmpdResult.ok(out.get(JAVA_LONG, 0), name) : OmpdResult.failed(rc, name);
    }

    private OmpdResult<Integer> intOut(String name, int rc) {
        return rc == OmpdResult.OK ? OmpdResult.ok(out.get(JAVA_INT, 0), name) : OmpdResult.failed(rc, name);
    }

    private OmpdResult<String> stringOut(String name, int rc) {
        MemorySegment s = out.get(ADDRESS, 0);
        String text = rc == OmpdResult.OK || memory.owns(s.address()) ? takeString(s) : null;
        return rc == OmpdResult.OK && text != null ? OmpdResult.ok(text, name) : OmpdResult.failed(
                rc == OmpdResult.OK ? OmpdResult.ERROR : rc, name);
    }

    /** Copies a C string and frees it if libompd allocated it for the tool (a static string is left alone). */
    private String takeString(MemorySegment s) {
        if (s.equals(MemorySegment.NULL)) {
            return null;
        }
        long owned = memory.sizeOf(s.address());
        MemorySegment bytes = s.reinterpret(owned > 0 ? owned : 1 << 20);
        long length = 0;
        while (length < bytes.byteSize() && bytes.get(JAVA_BYTE, length) != 0) {
            length++;
        }
        String text = new String(bytes.asSlice(0, length).toArray(JAVA_BYTE), StandardCharsets.UTF_8);
        if (owned >= 0) {
            try {
                memory.free(s.address());
            } catch (Throwable t) {
                throw new IllegalStateException("free failed", t);
            }
        }
        return text;
    }
}
