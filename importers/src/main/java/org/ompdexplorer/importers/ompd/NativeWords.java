package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;

/**
 * C signatures with every pointer as a 64-bit word, which is how both LP64 ABIs the JDK's linker supports (x86-64
 * System V, AArch64) pass a pointer. The JDK's linker generates code once per distinct shape, and a cold
 * {@code import-core} spent most of its linking there: as words, the 34 OMPD functions have 8 shapes instead of 12 and
 * the 11 callbacks 4 instead of 8 (docs/benchmarks.md §12). A caller passes {@code MemorySegment.address()}; a
 * callback gets the address and makes a segment of it where it reads or writes.
 */
final class NativeWords {
    private NativeWords() {
    }

    /** {@code signature} with each {@code ADDRESS} argument as {@code JAVA_LONG}; it returns {@code int} (ompd_rc_t). */
    static FunctionDescriptor of(FunctionDescriptor signature) {
        MemoryLayout[] arguments = signature.argumentLayouts().toArray(MemoryLayout[]::new);
        for (int i = 0; i < arguments.length; i++) {
            if (arguments[i].equals(ADDRESS)) {
                arguments[i] = JAVA_LONG;
            }
        }
        return signature.returnLayout().map(r -> FunctionDescriptor.of(r, arguments))
                .orElseGet(() -> FunctionDescriptor.ofVoid(arguments));
    }
}
