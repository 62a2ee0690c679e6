package org.ompdexplorer.importers.unwind;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the debug information of a libdwfl module says is at a code address: the function (from DWARF, else the
 * symbol table), its source position, and the calls inlined there, innermost first — as {@code eu-stack -i} and
 * gdb show them. Results are kept per address: the threads of one program stop at the same few places.
 *
 * <p>libdw 0.188 finds an address's compilation unit through {@code .debug_aranges} only, which clang does not
 * write; when that finds none, the module's units are searched by their own address ranges.
 */
final class DwflSymbols {
    private final Libdw dw;
    private final Demangler demangler;
    private Arena arena;
    private final Map<Long, Units> unitsByModule = new HashMap<>();
    private final Map<Long, Map<Long, List<SourceFrame>>> cache = new HashMap<>();
    private final Map<Long, FunctionNames> functionsByModule = new HashMap<>();
    private static final int STT_FUNC = 2;

    DwflSymbols(Libdw dw) {
        this.dw = dw;
        this.demangler = new Demangler(dw.libc);
    }

    /**
     * The functions at {@code address} (in the process's address space) in {@code module} ({@code Dwfl_Module *}),
     * innermost first; empty when nothing is known there.
     */
    List<SourceFrame> at(long module, long address) {
        return cache.computeIfAbsent(module, m -> new HashMap<>()).computeIfAbsent(address, a -> {
            try (Arena scratch = Arena.ofConfined()) {
                arena = scratch;
                return lookUp(module, a);
            } catch (Throwable t) {
                return List.of();
            } finally {
                arena = null;
            }
        });
    }

    private List<SourceFrame> lookUp(long module, long address) throws Throwable {
        MemorySegment bias = arena.allocate(JAVA_LONG);
        long cu = (long) dw.dwflModuleAddrdie.invokeExact(module, address, bias.address());
        if (cu == 0) {
            cu = unitHolding(module, address, bias);
        }
        if (cu == 0) {
            String symbol = symbolName(module, address);
            return symbol == null ? List.of() : List.of(new SourceFrame(symbol, null, 0, 0, false));
        }
        long pc = address - bias.get(JAVA_LONG, 0);
        List<SourceFrame> frames = new ArrayList<>();
        // the innermost position is the line table's; each inlined call's is its call site in the next function out
        String file = null;
        int line = 0;
        int column = 0;
        long lineRecord = (long) dw.dwarfGetsrcDie.invokeExact(cu, pc);
        if (lineRecord != 0) {
            file = inCompilationDirectory(cu, Libc.string((long) dw.dwarfLinesrc.invokeExact(lineRecord, 0L, 0L)));
            MemorySegment value = arena.allocate(JAVA_INT);
            if ((int) (long) dw.dwarfLineno.invokeExact(lineRecord, value.address()) == 0) {
                line = Math.max(0, value.get(JAVA_INT, 0));
            }
            if ((int) (long) dw.dwarfLinecol.invokeExact(lineRecord, value.address()) == 0) {
                column = Math.max(0, value.get(JAVA_INT, 0));
            }
        }
        // the innermost scope at pc, then the scopes that hold it as written (dwarf_getscopes would go on through
        // an inlined function's own definition, not the function it was inlined into)
        MemorySegment scopesOut = arena.allocate(JAVA_LONG);
        int n = (int) (long) dw.dwarfGetscopes.invokeExact(cu, pc, scopesOut.address());
        long innermost = scopesOut.get(JAVA_LONG, 0);
        long scopes = 0;
        if (n > 0) {
            MemorySegment chainOut = arena.allocate(JAVA_LONG);
            n = (int) (long) dw.dwarfGetscopesDie.invokeExact(innermost, chainOut.address());
            scopes = n > 0 ? chainOut.get(JAVA_LONG, 0) : 0;
        }
        // an assembler unit names its entry points as written (glibc's __clone3); debuggers name them by symbol
        boolean assembler = (int) (long) dw.dwarfSrclang.invokeExact(cu) == Libdw.DW_LANG_MIPS_ASSEMBLER;
        try {
            for (int i = 0; i < n && !assembler; i++) {
                long die = scopes + i * Libdw.DIE_SIZE;
                int tag = (int) (long) dw.dwarfTag.invokeExact(die);
                if (tag != Libdw.DW_TAG_SUBPROGRAM && tag != Libdw.DW_TAG_INLINED_SUBROUTINE
                        && tag != Libdw.DW_TAG_ENTRY_POINT) {
                    continue;
                }
                boolean inlined = tag == Libdw.DW_TAG_INLINED_SUBROUTINE;
                frames.add(new SourceFrame(dieName(die), file, line, column, inlined));
                if (!inlined) {
                    break; // the real function: anything further out is its enclosing scope, not a caller
                }
                file = inCompilationDirectory(cu, callFile(cu, die));
                line = (int) Math.max(0, unsigned(die, Libdw.DW_AT_CALL_LINE));
                column = (int) Math.max(0, unsigned(die, Libdw.DW_AT_CALL_COLUMN));
            }
        } finally {
            if (scopes != 0) {
                dw.libc.free(scopes);
            }
            if (innermost != 0) {
                dw.libc.free(innermost);
            }
        }
        if (frames.isEmpty()) {
            frames.add(new SourceFrame(symbolName(module, address), file, line, column, false));
        } else if (frames.getLast().function() == null) {
            SourceFrame last = frames.removeLast();
            frames.add(new SourceFrame(symbolName(module, address), last.file(), last.line(), last.column(),
                    last.inlined()));
        }
        return List.copyOf(frames);
    }

    /** The compilation unit whose ranges hold {@code address}, searched unit by unit; 0 when none does. */
    private long unitHolding(long module, long address, MemorySegment bias) throws Throwable {
        Units units = unitsByModule.get(module);
        if (units == null) {
            List<Long> list = new ArrayList<>();
            long cu = 0;
            while ((cu = (long) dw.dwflModuleNextcu.invokeExact(module, cu, bias.address())) != 0) {
                list.add(cu);
            }
            units = new Units(list, list.isEmpty() ? 0 : bias.get(JAVA_LONG, 0)); // one bias for all of a module's units
            unitsByModule.put(module, units);
        }
        bias.set(JAVA_LONG, 0, units.bias());
        long pc = address - units.bias();
        for (long cu : units.dies()) {
            if ((int) (long) dw.dwarfHaspc.invokeExact(cu, pc) > 0) {
                return cu;
            }
        }
        return 0;
    }

    /** A module's compilation-unit DIEs (libdwfl's, valid while the session lasts) and their bias. */
    private record Units(List<Long> dies, long bias) {
    }

    /**
     * The symbol table's name for the function holding {@code address}, demangled, or {@code null}. Of several names
     * of one address (aliases: {@code clone3} and {@code __clone3}) the public one, with the fewest leading
     * underscores, as gdb shows it; a symbol version ({@code @GLIBC_2.2.5}) is left out.
     */
    private String symbolName(long module, long address) throws Throwable {
        MemorySegment offset = arena.allocate(JAVA_LONG);
        MemorySegment sym = arena.allocate(Libdw.SYM_SIZE, 8);
        String name = Libc.string((long) dw.dwflModuleAddrinfo.invokeExact(module, address, offset.address(),
                sym.address(), 0L, 0L, 0L));
        if (name == null) {
            return null;
        }
        String plain = withoutVersion(name);
        if (underscores(plain) > 0) {
            // only a name with leading underscores can have a more public alias
            String alias = functions(module).preferredAt(address - offset.get(JAVA_LONG, 0));
            if (alias != null) {
                plain = alias;
            }
        }
        return demangler.functionName(plain);
    }

    /** A module's function symbols, read once per module. */
    private FunctionNames functions(long module) throws Throwable {
        FunctionNames names = functionsByModule.get(module);
        if (names == null) {
            names = FunctionNames.of(dw, module, arena);
            functionsByModule.put(module, names);
        }
        return names;
    }

    /**
     * A module's function symbols by address, as their values and their names' addresses in libelf's string tables
     * (valid while the session lasts): a name is decoded only when asked for — libc's table has some 14,000.
     *
     * @param values sorted, in symbol table order where equal
     * @param names  the name of each value's symbol
     */
    private record FunctionNames(long[] values, long[] names) {
        static FunctionNames of(Libdw dw, long module, Arena arena) throws Throwable {
            int count = (int) (long) dw.dwflModuleGetsymtab.invokeExact(module);
            MemorySegment sym = arena.allocate(Libdw.SYM_SIZE, 8);
            MemorySegment value = arena.allocate(JAVA_LONG);
            long[] values = new long[Math.max(0, count)];
            long[] names = new long[values.length];
            int n = 0;
            for (int i = 1; i < count; i++) {
                long name = (long) dw.dwflModuleGetsymInfo.invokeExact(module, (long) i, sym.address(),
                        value.address(), 0L, 0L, 0L);
                if (name == 0 || (sym.get(JAVA_BYTE, 4) & 0xf) != STT_FUNC
                        || MemorySegment.ofAddress(name).reinterpret(1).get(JAVA_BYTE, 0) == 0) {
                    continue;
                }
                values[n] = value.get(JAVA_LONG, 0);
                names[n++] = name;
            }
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (a, b) -> Long.compare(values[a], values[b])); // stable: table order kept
            long[] sortedValues = new long[n];
            long[] sortedNames = new long[n];
            for (int i = 0; i < n; i++) {
                sortedValues[i] = values[order[i]];
                sortedNames[i] = names[order[i]];
            }
            return new FunctionNames(sortedValues, sortedNames);
        }

        /** Of the names of the functions at {@code value}, the first with the fewest leading underscores; or null. */
        String preferredAt(long value) {
            int i = java.util.Arrays.binarySearch(values, value);
            if (i < 0) {
                return null;
            }
            while (i > 0 && values[i - 1] == value) {
                i--;
            }
            String best = null;
            for (; i < values.length && values[i] == value; i++) {
                String name = withoutVersion(Libc.string(names[i]));
                if (best == null || underscores(name) < underscores(best)) {
                    best = name;
                }
            }
            return best;
        }
    }

    private static int underscores(String name) {
        int n = 0;
        while (n < name.length() && name.charAt(n) == '_') {
            n++;
        }
        return n;
    }

    private static String withoutVersion(String name) {
        int at = name.indexOf('@');
        return at > 0 ? name.substring(0, at) : name;
    }

    /** A function DIE's name as a debugger prints it: the linkage name demangled, else its name. */
    private String dieName(long die) throws Throwable {
        String linkage = string(die, Libdw.DW_AT_LINKAGE_NAME);
        if (linkage == null) {
            linkage = string(die, Libdw.DW_AT_MIPS_LINKAGE_NAME);
        }
        if (linkage != null) {
            return demangler.functionName(linkage); // gdb's choice too: glibc's __GI_ names are linkage names of C
        }
        String name = Libc.string((long) dw.dwarfDiename.invokeExact(die));
        return name != null ? name : linkage;
    }

    private String string(long die, int attribute) throws Throwable {
        MemorySegment attr = arena.allocate(Libdw.ATTRIBUTE_SIZE, 8);
        long found = (long) dw.dwarfAttrIntegrate.invokeExact(die, (long) attribute, attr.address());
        return found == 0 ? null : Libc.string((long) dw.dwarfFormstring.invokeExact(found));
    }

    private long unsigned(long die, int attribute) throws Throwable {
        MemorySegment attr = arena.allocate(Libdw.ATTRIBUTE_SIZE, 8);
        long found = (long) dw.dwarfAttrIntegrate.invokeExact(die, (long) attribute, attr.address());
        if (found == 0) {
            return 0;
        }
        MemorySegment value = arena.allocate(JAVA_LONG);
        return (int) (long) dw.dwarfFormudata.invokeExact(found, value.address()) == 0 ? value.get(JAVA_LONG, 0) : 0;
    }

    /**
     * {@code file} as a path from the root: a line table's name relative to the unit's compilation directory
     * ({@code DW_AT_comp_dir}) joined to it, as a debugger opens the file ({@code llvm-symbolizer} prints it so too),
     * so that the source is found from wherever the snapshot is opened.
     */
    private String inCompilationDirectory(long cu, String file) throws Throwable {
        if (file == null || file.startsWith("/")) {
            return file;
        }
        String directory = string(cu, Libdw.DW_AT_COMP_DIR);
        return directory == null || !directory.startsWith("/") ? file
                : directory + (directory.endsWith("/") ? "" : "/") + file;
    }

    /** The file of an inlined call's call site ({@code DW_AT_call_file}, an index in the unit's file table). */
    private String callFile(long cu, long die) throws Throwable {
        long index = unsigned(die, Libdw.DW_AT_CALL_FILE);
        MemorySegment files = arena.allocate(JAVA_LONG);
        MemorySegment count = arena.allocate(JAVA_LONG);
        if ((int) (long) dw.dwarfGetsrcfiles.invokeExact(cu, files.address(), count.address()) != 0
                || index < 0 || index >= count.get(JAVA_LONG, 0)) {
            return null;
        }
        return Libc.string((long) dw.dwarfFilesrc.invokeExact(files.get(JAVA_LONG, 0), index, 0L, 0L));
    }
}
