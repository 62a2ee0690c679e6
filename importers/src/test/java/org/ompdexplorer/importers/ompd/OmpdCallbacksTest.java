package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;

/**
 * The eleven callbacks called the way libompd calls them: through the function pointers of the callback table,
 * from native code.
 */
class OmpdCallbacksTest {
    private static final Linker LINKER = Linker.nativeLinker();

    @Test
    void memoryIsZeroedCountedAndOnlyOwnBlocksAreFreed() throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            OmpdCallbacks callbacks = new OmpdCallbacks(arena);
            callbacks.begin(null);
            MethodHandle alloc = entry(callbacks, 0, FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
            MethodHandle free = entry(callbacks, 1, FunctionDescriptor.of(JAVA_INT, ADDRESS));
            MemorySegment out = arena.allocate(ADDRESS);
            assertThat((int) alloc.invokeExact(64L, out)).isZero();
            MemorySegment block = out.get(ADDRESS, 0).reinterpret(64);
            assertThat(block.toArray(JAVA_BYTE)).containsOnly((byte) 0);
            assertThat(callbacks.memory().allocations()).isEqualTo(1);
            assertThat((int) free.invokeExact(arena.allocate(8))).isEqualTo(OmpdResult.BAD_INPUT); // not ours
            assertThat((int) free.invokeExact(block)).isZero();
            assertThat((int) free.invokeExact(block)).isEqualTo(OmpdResult.BAD_INPUT); // no double free
            assertThat(callbacks.memory().frees()).isEqualTo(1);
            assertThat(callbacks.memory().liveCount()).isZero();
        }
    }

    @Test
    void typeSizesAreLp64AndByteOrderConversionCopies() throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            OmpdCallbacks callbacks = new OmpdCallbacks(arena);
            MethodHandle sizeof = entry(callbacks, 3, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
            MemorySegment sizes = arena.allocate(6);
            assertThat((int) sizeof.invokeExact(MemorySegment.NULL, sizes)).isZero();
            assertThat(sizes.toArray(JAVA_BYTE)).containsExactly(1, 2, 4, 8, 8, 8);
            MethodHandle toHost = entry(callbacks, 8, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG,
                    JAVA_LONG, ADDRESS));
            MemorySegment in = arena.allocateFrom(JAVA_LONG, 0x1122334455667788L, 42L);
            MemorySegment outBuf = arena.allocate(16);
            assertThat((int) toHost.invokeExact(MemorySegment.NULL, in, 8L, 2L, outBuf)).isZero();
            assertThat(outBuf.getAtIndex(JAVA_LONG, 0)).isEqualTo(0x1122334455667788L);
            assertThat(outBuf.getAtIndex(JAVA_LONG, 1)).isEqualTo(42L);
        }
    }

    @Test
    void aCoreIsNeverWrittenAndNothingIsAnsweredOutsideASession() throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            OmpdCallbacks callbacks = new OmpdCallbacks(arena);
            callbacks.end();
            MethodHandle write = entry(callbacks, 6, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS,
                    JAVA_LONG, ADDRESS));
            MemorySegment addr = arena.allocate(16);
            assertThat((int) write.invokeExact(MemorySegment.NULL, MemorySegment.NULL, addr, 8L, arena.allocate(8)))
                    .isEqualTo(OmpdResult.UNSUPPORTED);
            MethodHandle lookup = entry(callbacks, 4, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS,
                    ADDRESS, ADDRESS));
            assertThat((int) lookup.invokeExact(MemorySegment.NULL, MemorySegment.NULL, arena.allocateFrom("ompd_state"),
                    addr, MemorySegment.NULL)).isEqualTo(OmpdResult.STALE_HANDLE);
            MethodHandle print = entry(callbacks, 2, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
            assertThat((int) print.invokeExact(arena.allocateFrom("hello"), 0)).isZero();
        }
    }

    private static MethodHandle entry(OmpdCallbacks callbacks, int index, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(callbacks.table().getAtIndex(ADDRESS, index), descriptor);
    }
}
