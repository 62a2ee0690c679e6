package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.HashMap;
import java.util.Map;

/**
 * The memory libompd asks the tool for ({@code alloc_memory} / {@code free_memory}): zeroed C heap blocks, each
 * one recorded until freed, so that a session can count allocations against frees, free what libompd leaked,
 * and refuse to free a pointer it never handed out (a double free would corrupt the heap).
 *
 * <p>Zeroed because libompd leaves some handle fields unset (a thread handle from
 * {@code ompd_get_thread_in_parallel} has no thread context): zero makes them reliably "none".
 */
final class NativeMemory {
    /** C's calloc and free; linked per instance so that denied native access surfaces as IllegalCallerException. */
    private final MethodHandle cCalloc;
    private final MethodHandle cFree;
    private final Map<Long, Long> live = new HashMap<>();
    private long allocations;
    private long frees;
    private long bytes;

    NativeMemory() {
        Linker linker = Linker.nativeLinker();
        var libc = linker.defaultLookup();
        cCalloc = linker.downcallHandle(libc.find("calloc").orElseThrow(), FunctionDescriptor.of(ADDRESS, JAVA_LONG, JAVA_LONG));
        cFree = linker.downcallHandle(libc.find("free").orElseThrow(), FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** Allocates {@code size} zeroed bytes (at least one), or returns {@link MemorySegment#NULL}. */
    synchronized MemorySegment allocate(long size) throws Throwable {
        MemorySegment block = (MemorySegment) cCalloc.invokeExact(1L, Math.max(1L, size));
        if (!block.equals(MemorySegment.NULL)) {
            live.put(block.address(), size);
            allocations++;
            bytes += size;
        }
        return block;
    }

    /** Frees a block this object allocated; false (and nothing freed) for any other pointer. */
    synchronized boolean free(long address) throws Throwable {
        if (address == 0) {
            return true; // free(NULL) is a no-op in C too
        }
        if (live.remove(address) == null) {
            return false;
        }
        cFree.invokeExact(MemorySegment.ofAddress(address));
        frees++;
        return true;
    }

    /** Whether {@code address} is a live block of this object (so the tool owns it and must free it). */
    synchronized boolean owns(long address) {
        return live.containsKey(address);
    }

    /** Size of the live block at {@code address}, or -1. */
    synchronized long sizeOf(long address) {
        return live.getOrDefault(address, -1L);
    }

    /** Frees every block still live and returns how many there were. */
    synchronized int freeAll() {
        int leaked = live.size();
        for (long address : live.keySet()) {
            try {
                cFree.invokeExact(MemorySegment.ofAddress(address));
            } catch (Throwable t) {
                throw new IllegalStateException("free failed", t);
            }
        }
        live.clear();
        return leaked;
    }

    /** Starts counting afresh (for a new session). */
    synchronized void reset() {
        allocations = 0;
        frees = 0;
        bytes = 0;
    }

    /** Blocks allocated since {@link #reset()}. */
    synchronized long allocations() {
        return allocations;
    }

    /** Blocks freed (through {@code free_memory}) since {@link #reset()}. */
    synchronized long frees() {
        return frees;
    }

    /** Bytes allocated since {@link #reset()}. */
    synchronized long bytesAllocated() {
        return bytes;
    }

    /** Blocks allocated and not yet freed. */
    synchronized int liveCount() {
        return live.size();
    }
}
