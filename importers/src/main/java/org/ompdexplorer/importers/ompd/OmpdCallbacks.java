package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The eleven tool callbacks of {@code ompd_callbacks_t}, implemented in Java as upcall stubs: memory management,
 * printing, type sizes and byte order here; symbols, memory and thread contexts delegated to the
 * {@link OmpdTarget} of the session in progress.
 *
 * <p>An exception must never unwind into libompd (it would crash the JVM): every callback catches everything
 * and answers {@code ompd_rc_callback_error}. A callback arriving with no session in progress answers
 * {@code ompd_rc_stale_handle}.
 */
final class OmpdCallbacks {
    /** {@code ompd_callbacks_t}: 11 function pointers, in this order. */
    static final int TABLE_SIZE = 11 * 8;
    /** {@code ompd_device_type_sizes_t} for x86-64 LP64: char, short, int, long, long long, pointer. */
    private static final byte[] LP64_SIZES = {1, 2, 4, 8, 8, 8};

    private final MemorySegment table;
    private final NativeMemory memory;
    private volatile OmpdTarget target;

    OmpdCallbacks(Arena arena) {
        this.memory = new NativeMemory();
        this.table = arena.allocate(TABLE_SIZE, 8);
        Object[][] callbacks = {
            {"allocMemory", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS)},
            {"freeMemory", FunctionDescriptor.of(JAVA_INT, ADDRESS)},
            {"printString", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)},
            {"sizeofType", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)},
            {"symbolAddrLookup", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS)},
            {"readMemory", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS)},
            {"writeMemory", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS)},
            {"readString", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS)},
            {"deviceToHost", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS)},
            {"hostToDevice", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS)},
            {"threadContextForThreadId", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS)},
        };
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        for (int i = 0; i < callbacks.length; i++) {
            String name = (String) callbacks[i][0];
            FunctionDescriptor descriptor = (FunctionDescriptor) callbacks[i][1];
            try {
                FunctionDescriptor words = NativeWords.of(descriptor); // pointers come as addresses
                MethodType type = words.toMethodType();
                MethodHandle handle = lookup.findVirtual(OmpdCallbacks.class, name, type).bindTo(this);
                table.setAtIndex(ADDRESS, i, Linker.nativeLinker().upcallStub(handle, words, arena));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("callback " + name + " does not match its descriptor", e);
            }
        }
    }

    /** The {@code ompd_callbacks_t} to pass to {@code ompd_initialize}. */
    MemorySegment table() {
        return table;
    }

    /** The memory libompd allocated through {@code alloc_memory}, with its counts. */
    NativeMemory memory() {
        return memory;
    }

    /** Routes symbol, memory and thread-context callbacks to {@code session} until {@link #end()}. */
    void begin(OmpdTarget session) {
        memory.reset();
        target = session;
    }

    /** Ends the session: callbacks answer {@code stale_handle} until the next {@link #begin}. */
    void end() {
        target = null;
    }

    // --- the callbacks (called from native code only) ---------------------------------------------------------

    private int allocMemory(long bytes, long out) {
        try {
            MemorySegment block = memory.allocate(bytes);
            if (block.equals(MemorySegment.NULL)) {
                return OmpdResult.NOMEM;
            }
            MemorySegment.ofAddress(out).reinterpret(8).set(ADDRESS, 0, block);
            return OmpdResult.OK;
        } catch (Throwable t) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }

    private int freeMemory(long block) {
        try {
            return memory.free(block) ? OmpdResult.OK : OmpdResult.BAD_INPUT;
        } catch (Throwable t) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }

    private int printString(long text, int category) {
        try {
            OmpdTarget t = target;
            if (t != null && text != 0) {
                t.print(MemorySegment.ofAddress(text).reinterpret(Long.MAX_VALUE).getString(0), category);
            }
            return OmpdResult.OK;
        } catch (Throwable e) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }

    private int sizeofType(long context, long sizes) {
        try {
            MemorySegment.copy(LP64_SIZES, 0, MemorySegment.ofAddress(sizes).reinterpret(LP64_SIZES.length), JAVA_BYTE,
                    0, LP64_SIZES.length);
            return OmpdResult.OK;
        } catch (Throwable t) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }

    private int symbolAddrLookup(long context, long threadContext, long name, long out, long fileName) {
        try {
            OmpdTarget t = target;
            if (t == null) {
                return OmpdResult.STALE_HANDLE;
            }
            String symbol = MemorySegment.ofAddress(name).reinterpret(Long.MAX_VALUE).getString(0);
            String file = fileName == 0 ? null : MemorySegment.ofAddress(fileName).reinterpret(Long.MAX_VALUE).getString(0);
            long[] address = new long[1];
            int rc = t.symbolAddress(context, threadContext, symbol, file, address);
            if (rc == OmpdResult.OK) {
                MemorySegment addr = MemorySegment.ofAddress(out).reinterpret(16);
                addr.set(JAVA_LONG, 0, 0); // ompd_segment_none
                addr.set(JAVA_LONG, 8, address[0]);
            }
            return rc;
        } catch (Throwable e) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }

    /**
     * The largest read libompd gets: its structures and strings are far smaller. libompd sizes reads from type
     * sizes it reads out of the core, so a damaged core can ask for gigabytes into a small buffer of its own;
     * refusing those keeps the copy from running over libompd's memory.
     */
    static final long MAX_READ = 16L << 20;

    private int readMemory(long context, long threadContext, long address, long bytes, long buffer) {
        return read(context, threadContext, address, bytes, buffer, false);
    }

    private int readString(long context, long threadContext, long address, long bytes, long buffer) {
        return read(context, threadContext, address, bytes, buffer, true);
    }

    private int read(long context, long threadContext, long address, long bytes, long buffer, boolean string) {
        try {
            OmpdTarget t = target;
            if (t == null) {
                return OmpdResult.STALE_HANDLE;
            }
            if (bytes < 0 || bytes > MAX_READ || address == 0 || buffer == 0) {
                return OmpdResult.BAD_INPUT;
            }
            long at = MemorySegment.ofAddress(address).reinterpret(16).get(JAVA_LONG, 8);
            MemorySegment into = MemorySegment.ofAddress(buffer).reinterpret(bytes);
            return string ? t.readString(context, threadContext, at, into)
                    : t.readMemory(context, threadContext, at, into);
        } catch (Throwable e) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }

    /** A core cannot be written to; the importer never asks libompd to write. */
    private int writeMemory(long context, long threadContext, long address, long bytes, long buffer) {
        return OmpdResult.UNSUPPORTED;
    }

    /** Host and device are both little-endian x86-64 here: converting is copying. */
    private int deviceToHost(long context, long input, long unitSize, long count, long output) {
        return copy(input, unitSize, count, output);
    }

    private int hostToDevice(long context, long input, long unitSize, long count, long output) {
        return copy(input, unitSize, count, output);
    }

    private static int copy(long input, long unitSize, long count, long output) {
        try {
            if (unitSize < 0 || count < 0 || unitSize > 64 || count > (1L << 30)) {
                return OmpdResult.BAD_INPUT;
            }
            long size = unitSize * count;
            MemorySegment.copy(MemorySegment.ofAddress(input).reinterpret(size), 0,
                    MemorySegment.ofAddress(output).reinterpret(size), 0, size);
            return OmpdResult.OK;
        } catch (Throwable t) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }

    private int threadContextForThreadId(long context, long kind, long idSize, long id, long out) {
        try {
            OmpdTarget t = target;
            if (t == null) {
                return OmpdResult.STALE_HANDLE;
            }
            if (idSize <= 0 || idSize > 64 || id == 0) {
                return OmpdResult.BAD_INPUT;
            }
            long[] threadContext = new long[1];
            int rc = t.threadContext(context, kind, MemorySegment.ofAddress(id).reinterpret(idSize), threadContext);
            if (rc == OmpdResult.OK) {
                MemorySegment.ofAddress(out).reinterpret(8).set(JAVA_LONG, 0, threadContext[0]);
            }
            return rc;
        } catch (Throwable e) {
            return OmpdResult.CALLBACK_ERROR;
        }
    }
}
