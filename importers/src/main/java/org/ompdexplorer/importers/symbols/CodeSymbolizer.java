package org.ompdexplorer.importers.symbols;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.FunctionSymbols;
import org.ompdexplorer.importers.elf.SymbolTable;
import org.ompdexplorer.model.CodeLocation;

/**
 * Turns code addresses of a process into code locations, one module at a time: the function from the module's
 * symbol table, and file:line from its DWARF through the system's {@code llvm-symbolizer} (or {@code addr2line})
 * when one is installed, one run per module for all its addresses. The one symbolizer of both sources: task
 * functions of a core, creation sites of an agent snapshot.
 */
public final class CodeSymbolizer {
    private static final List<String> TOOLS = List.of("llvm-symbolizer-19", "llvm-symbolizer", "addr2line");
    private static final int BATCH = 2000;

    private final boolean sourceLines;
    private final List<String> notes = new ArrayList<>();
    private final Map<ElfFile, FunctionSymbols> functions = new IdentityHashMap<>();
    private Optional<Path> tool;

    /**
     * One module's file as symbols are read from it.
     *
     * @param file      the module's ELF file on this machine
     * @param bias      what to subtract from a process address to get the file's address as linked
     * @param symbols   a symbol table to use instead of the file's own (a stripped runtime's debug file), or null
     * @param lineFile  a file to read line tables from instead of this one, or null
     */
    public record ModuleFile(ElfFile file, long bias, SymbolTable symbols, Path lineFile) {
        public static ModuleFile of(ElfFile file, long bias) {
            return new ModuleFile(file, bias, null, null);
        }
    }

    /** @param sourceLines whether to run an external symbolizer for file:line */
    public CodeSymbolizer(boolean sourceLines) {
        this.sourceLines = sourceLines;
    }

    /** Why some locations have no symbol or no line (no symbolizer installed, a symbol table unreadable). */
    public List<String> notes() {
        return notes;
    }

    /** Adds a note (a caller's, such as a module not found), kept with the symbolizer's own. */
    public void note(String note) {
        notes.add(note);
    }

    /**
     * A location for each of {@code addresses} (process addresses in {@code module}): its address with the
     * function containing it and, when the line tables say, its file:line.
     */
    public Map<Long, CodeLocation> symbolize(ModuleFile module, List<Long> addresses) {
        List<Long> sorted = List.copyOf(new TreeSet<>(addresses));
        Map<Long, CodeLocation> result = new HashMap<>();
        FunctionSymbols table = functions(module);
        Optional<Path> found = sourceLines ? tool() : Optional.empty();
        List<String> lines = found.isPresent() ? lines(found.get(), module.lineFile() != null ? module.lineFile()
                : module.file().path(), sorted, module.bias()) : List.of();
        for (int i = 0; i < sorted.size(); i++) {
            long address = sorted.get(i);
            String symbol = table == null ? null : table.containing(address - module.bias()).map(ElfSymbol::name)
                    .orElse(null);
            String fileName = null;
            int line = 0;
            if (i < lines.size()) {
                String l = lines.get(i).replaceFirst(" \\(discriminator \\d+\\)$", "");
                int colon = l.lastIndexOf(':');
                if (colon > 0 && !l.startsWith("??")) {
                    fileName = l.substring(0, colon);
                    try {
                        line = Math.max(0, Integer.parseInt(l.substring(colon + 1)));
                    } catch (NumberFormatException e) {
                        line = 0;
                    }
                }
            }
            result.put(address, new CodeLocation(address, symbol, fileName, line));
        }
        return result;
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

    private Optional<Path> tool() {
        if (tool == null) {
            tool = findTool();
            if (tool.isEmpty()) {
                notes.add("no llvm-symbolizer or addr2line on PATH: code locations have no file:line (apt-get install"
                        + " llvm or binutils)");
            }
        }
        return tool;
    }

    /** One "file:line" (or "??:0") per address, from the external tool; empty if it fails. */
    private List<String> lines(Path tool, Path file, List<Long> addresses, long bias) {
        List<String> out = new ArrayList<>();
        for (int from = 0; from < addresses.size(); from += BATCH) {
            List<String> command = new ArrayList<>();
            command.add(tool.toString());
            if (tool.getFileName().toString().startsWith("llvm-symbolizer")) {
                command.addAll(List.of("--obj=" + file, "--output-style=GNU", "--no-inlines", "--functions=none"));
            } else {
                command.addAll(List.of("-e", file.toString()));
            }
            for (long a : addresses.subList(from, Math.min(addresses.size(), from + BATCH))) {
                command.add("0x" + Long.toHexString(a - bias));
            }
            try {
                Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                p.getOutputStream().close();
                String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    p.destroyForcibly();
                    notes.add(tool.getFileName() + " failed on " + file + ": no file:line for its code");
                    return List.of();
                }
                text.lines().filter(l -> !l.isBlank()).forEach(out::add);
            } catch (IOException e) {
                notes.add("cannot run " + tool + ": " + e.getMessage());
                return List.of();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
        return out.size() == addresses.size() ? out : List.of();
    }

    /** The external symbolizer this machine has ({@code llvm-symbolizer}, else {@code addr2line}) on PATH. */
    public static Optional<Path> findTool() {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String tool : TOOLS) {
            Optional<Path> found = Stream.of(path.split(":")).filter(d -> !d.isEmpty()).map(d -> Path.of(d, tool))
                    .filter(Files::isExecutable).findFirst();
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }
}
