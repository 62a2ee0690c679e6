package org.ompdexplorer.importers.unwind;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * C++ names as a debugger prints a frame's function: the Itanium-ABI name demangled by the C++ runtime's own
 * {@code __cxa_demangle} (libstdc++), then cut to the qualified name without parameters and without the return
 * type that template functions carry ({@code int f<x>(a, b)} → {@code f<x>}), as gdb shows it. A name that is not
 * mangled, or cannot be demangled (no libstdc++), is returned as it is.
 */
final class Demangler {
    private final MethodHandle cxaDemangle;
    private final Libc libc;

    Demangler(Libc libc) {
        this.libc = libc;
        MethodHandle handle = null;
        try {
            SymbolLookup cxx = SymbolLookup.libraryLookup("libstdc++.so.6", Arena.global());
            handle = cxx.find("__cxa_demangle").map(a -> Linker.nativeLinker().downcallHandle(a,
                    FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG))).orElse(null);
        } catch (IllegalArgumentException e) {
            handle = null; // no C++ runtime: names stay mangled
        }
        cxaDemangle = handle;
    }

    /** {@code name} as a debugger names the function. */
    String functionName(String name) {
        if (name == null || !name.startsWith("_Z") || cxaDemangle == null) {
            return name;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment status = arena.allocate(JAVA_INT);
            long text = (long) cxaDemangle.invokeExact(arena.allocateFrom(name).address(), 0L, 0L, status.address());
            if (text == 0 || status.get(JAVA_INT, 0) != 0) {
                return name;
            }
            String demangled = Libc.string(text);
            libc.free(text);
            return withoutSignature(demangled);
        } catch (Throwable t) {
            return name;
        }
    }

    /** The qualified name in a demangled signature: no parameter list, qualifiers or return type. */
    static String withoutSignature(String demangled) {
        String s = demangled.strip();
        // trailing qualifiers of a member function
        for (String q : new String[] {" const", " volatile", " &&", " &", " noexcept"}) {
            while (s.endsWith(q)) {
                s = s.substring(0, s.length() - q.length());
            }
        }
        if (s.endsWith(")")) {
            int depth = 0;
            for (int i = s.length() - 1; i >= 0; i--) {
                char c = s.charAt(i);
                if (c == ')') {
                    depth++;
                } else if (c == '(' && --depth == 0) {
                    s = s.substring(0, i);
                    break;
                }
            }
        }
        // a return type before the name, at the top level (outside <> and ())
        int depth = 0;
        int cut = -1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '<' || c == '(') {
                if (!s.startsWith("operator", Math.max(0, i - 8)) || i < 8) {
                    depth++;
                }
            } else if ((c == '>' || c == ')') && depth > 0) {
                depth--;
            } else if (c == ' ' && depth == 0 && !s.startsWith("operator", Math.max(0, i - 8))) {
                cut = i;
            }
        }
        return cut >= 0 ? s.substring(cut + 1) : s;
    }
}
