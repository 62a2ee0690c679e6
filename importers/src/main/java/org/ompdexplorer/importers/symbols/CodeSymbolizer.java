package org.ompdexplorer.importers.symbols;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.FunctionSymbols;
import org.ompdexplorer.importers.elf.SymbolTable;
import org.ompdexplorer.importers.unwind.LibdwUnavailableException;
import org.ompdexplorer.importers.unwind.ModuleSymbols;
import org.ompdexplorer.importers.unwind.SourceFrame;
import org.ompdexplorer.model.CodeLocation;

/**
 * Turns code addresses of a process into code locations, one module at a time: the function from the module's
 * symbol table, and file:line from its DWARF through elfutils' libdwfl ({@link ModuleSymbols}: the module's file
 * reported at its load bias, separate debug files found by build-id) — the one symbolizer of both sources, as for a
 * core's call stacks: task functions of a core, creation sites and raw stack frames of an agent snapshot (those with
 * their inlined calls and columns, {@link #frames}). Without libdw, one note says so and locations get their function
 * from the symbol table only.
 */
public final class CodeSymbolizer implements AutoCloseable {
    private final boolean sourceLines;
    private final List<String> notes = new ArrayList<>();
    private final Map<ElfFile, FunctionSymbols> functions = new IdentityHashMap<>();
    private final Set<Path> unreadable = new HashSet<>();
    private final String libdw;
    private ModuleSymbols session;
    private boolean sessionTried;

    /**
     * One module's file as symbols are read from it.
     *
     * @param file      the module's ELF file on this machine
     * @param bias      what to subtract from a process address to get the file's address as linked
     * @param symbols   a symbol table to use instead of the file's own (a stripped runtime's debug file), or null
     * @param lineFile  a file to read debug information from instead of this one (its separate debug file), or null
     */
    public record ModuleFile(ElfFile file, long bias, SymbolTable symbols, Path lineFile) {
        public static ModuleFile of(ElfFile file, long bias) {
            return new ModuleFile(file, bias, null, null);
        }
    }

    /** @param sourceLines whether to read file:line from the modules' debug information (libdw) */
    public CodeSymbolizer(boolean sourceLines) {
        this(sourceLines, null);
    }

    /** With the libdw named {@code libdw} ({@code null}: the system's; a test names one that is missing). */
    CodeSymbolizer(boolean sourceLines, String libdw) {
        this.sourceLines = sourceLines;
        this.libdw = libdw;
    }

    /** Why some locations have no symbol or no line (no libdw, a file libdw cannot read, a symbol table unreadable). */
    public List<String> notes() {
        return notes;
    }

    /** Adds a note (a caller's, such as a module not found), kept with the symbolizer's own. */
    public void note(String note) {
        notes.add(note);
    }

    /**
     * A location for each of {@code addresses} (process addresses in {@code module}): its address with the
     * function containing it and, when the line tables say, its file:line (the line table's, of the innermost
     * inlined call).
     */
    public Map<Long, CodeLocation> symbolize(ModuleFile module, List<Long> addresses) {
        List<Long> sorted = List.copyOf(new TreeSet<>(addresses));
        Map<Long, CodeLocation> result = new HashMap<>();
        FunctionSymbols table = functions(module);
        Optional<Long> handle = sourceLines ? reported(module) : Optional.empty();
        for (long address : sorted) {
            String symbol = table == null ? null : table.containing(address - module.bias()).map(ElfSymbol::name)
                    .orElse(null);
            String fileName = null;
            int line = 0;
            if (handle.isPresent()) {
                List<SourceFrame> at = session.at(handle.get(), address);
                if (!at.isEmpty() && at.getFirst().file() != null) {
                    fileName = at.getFirst().file();
                    line = at.getFirst().line();
                }
            }
            result.put(address, new CodeLocation(address, symbol, fileName, line));
        }
        return result;
    }

    /**
     * The functions at {@code address} (a process address in {@code module}), innermost first, as a core's frames
     * get them: an inlined callee with the line table's file:line:column, then each function it was inlined into at
     * its call site. Without libdw (or without file:line asked for), the symbol table's function alone; empty when
     * nothing is known there.
     */
    public List<SourceFrame> frames(ModuleFile module, long address) {
        Optional<Long> handle = sourceLines ? reported(module) : Optional.empty();
        if (handle.isPresent()) {
            return session.at(handle.get(), address);
        }
        FunctionSymbols table = functions(module);
        return table == null ? List.of() : table.containing(address - module.bias())
                .map(s -> List.of(new SourceFrame(s.name(), null, 0, 0, false))).orElse(List.of());
    }

    /** The module's function symbols (read once per file), or {@code null} when its symbol tables are damaged. */
    public FunctionSymbols functions(ModuleFile module) {
        if (functions.containsKey(module.file()) && module.symbols() == null) {
            return functions.get(module.file());
        }
        FunctionSymbols table;
        try {
            table = FunctionSymbols.of(module.symbols() != null ? module.symbols() : module.file().symbols());
        } catch (ElfFormatException e) {
            notes.add("cannot read the symbols of " + module.file().path() + ": " + e.getMessage());
            table = null;
        }
        if (module.symbols() == null) {
            functions.put(module.file(), table);
        }
        return table;
    }

    /** The module in the libdwfl session, reported on first use; empty without libdw or when it cannot read it. */
    private Optional<Long> reported(ModuleFile module) {
        if (!sessionTried) {
            sessionTried = true;
            try {
                session = libdw == null ? ModuleSymbols.open() : ModuleSymbols.open(libdw);
            } catch (LibdwUnavailableException e) {
                notes.add("code locations have no file:line: " + e.getMessage() + " (install elfutils' libdw:"
                        + " apt-get install libdw1, or dnf install elfutils-libs)");
            }
        }
        if (session == null) {
            return Optional.empty();
        }
        Path file = module.lineFile() != null ? module.lineFile() : module.file().path();
        Optional<Long> handle = session.report(file, module.bias());
        if (handle.isEmpty() && unreadable.add(file)) {
            notes.add("libdw cannot read " + file + " (" + session.problem() + "): its code locations have no"
                    + " file:line");
        }
        return handle;
    }

    /** Ends the libdwfl session (its modules' files and debug information). */
    @Override
    public void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }

    /**
     * What stands for the symbolizer in a cache of symbolized loads: the libdw a session would use, stamped with its
     * file's size and modification time, or {@code none} (docs/decisions/0014-symbolized-when-read.md).
     */
    public static String symbolizerStamp() {
        return ModuleSymbols.libdwStamp();
    }
}
