package org.ompdexplorer.app.ui.child;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * A child JVM that crashes in native code the way a libompd reading a damaged core does: a SIGSEGV in a C
 * function called through FFM, which the JVM answers with its crash log and SIGABRT.
 */
public final class CrashingChild {
    private CrashingChild() {
    }

    public static void main(String[] args) throws Throwable {
        System.err.println("progress initializing_OMPD 0 -1");
        Linker linker = Linker.nativeLinker();
        MethodHandle strlen = linker.downcallHandle(linker.defaultLookup().find("strlen").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        long n = (long) strlen.invokeExact(MemorySegment.NULL);
        System.err.println("not reached: " + n);
    }
}
