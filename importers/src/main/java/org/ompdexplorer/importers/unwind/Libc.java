package org.ompdexplorer.importers.unwind;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/** The few C library functions libdwfl's API needs around it: open/close a file, strdup for names it frees, free. */
final class Libc {
    private static final int O_RDONLY = 0;
    private static final int O_CLOEXEC = 02000000;

    private final MethodHandle open;
    private final MethodHandle close;
    private final MethodHandle strdup;
    private final MethodHandle free;

    Libc() {
        Linker linker = Linker.nativeLinker();
        var c = linker.defaultLookup();
        open = linker.downcallHandle(c.find("open").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT),
                Linker.Option.firstVariadicArg(2));
        // as words, the shape of libdw's one-argument functions (Libdw.words)
        close = linker.downcallHandle(c.find("close").orElseThrow(), Libdw.words(1));
        strdup = linker.downcallHandle(c.find("strdup").orElseThrow(), Libdw.words(1));
        free = linker.downcallHandle(c.find("free").orElseThrow(), Libdw.words(1));
    }

    /** A read-only file descriptor for the NUL-terminated path at {@code path}, or -1. */
    int openReadOnly(MemorySegment path) throws Throwable {
        return (int) open.invokeExact(path.address(), O_RDONLY | O_CLOEXEC);
    }

    void close(int fd) throws Throwable {
        long ignored = (long) close.invokeExact((long) fd);
    }

    /** A C heap copy of the string at {@code text}, which its receiver frees. */
    long strdup(MemorySegment text) throws Throwable {
        return (long) strdup.invokeExact(text.address());
    }

    void free(long block) throws Throwable {
        long ignored = (long) free.invokeExact(block);
    }

    /** The NUL-terminated UTF-8 string at {@code address}, or {@code null} for a null pointer. */
    static String string(long address) {
        if (address == 0) {
            return null;
        }
        return MemorySegment.ofAddress(address).reinterpret(Long.MAX_VALUE).getString(0, StandardCharsets.UTF_8);
    }
}
