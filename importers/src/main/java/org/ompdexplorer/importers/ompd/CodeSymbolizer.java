package org.ompdexplorer.importers.ompd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.elf.SymbolTable;
import org.ompdexplorer.model.CodeLocation;

/**
 * Turns code addresses of the process (task entry points) into code locations: the function from the module's
 * symbol table, and file:line from its DWARF through the system's {@code llvm-symbolizer} (or {@code addr2line})
 * when one is installed, one run per module for all its addresses.
 */
final class CodeSymbolizer {
    private static final List<String> TOOLS = List.of("llvm-symbolizer-19", "llvm-symbolizer", "addr2line");
    private static final int BATCH = 2000;

    private final ModuleFiles files;
    private final Map<String, SymbolTable> tables;
    private final Map<String, Path> lineFiles;
    private final boolean sourceLines;
    private final List<String> notes = new ArrayList<>();

    /**
     * @param files       the core's module files
     * @param tables      symbol tables to use instead of a module's own (a stripped runtime's debug file), by path
     * @param lineFiles   files to read line tables from instead of a module's own, by module path
     * @param sourceLines whether to run an external symbolizer for file:line
     */
    CodeSymbolizer(ModuleFiles files, Map<String, SymbolTable> tables, Map<String, Path> lineFiles, boolean sourceLines) {
        this.files = files;
        this.tables = Map.copyOf(tables);
        this.lineFiles = Map.copyOf(lineFiles);
        this.sourceLines = sourceLines;
    }

    /** Why some locations have no symbol or no line (module not found, no symbolizer installed). */
    List<String> notes() {
        return notes;
    }

    /** A location for each address; one that no module maps keeps only its address. */
    Map<Long, CodeLocation> symbolize(Collection<Long> addresses) {
        Map<Long, CodeLocation> result = new HashMap<>();
        Map<LoadedModule, List<Long>> byModule = new LinkedHashMap<>();
        for (long address : new TreeSet<>(addresses)) {
            Optional<LoadedModule> module = files.moduleAt(address);
            if (module.isPresent()) {
                byModule.computeIfAbsent(module.get(), m -> new ArrayList<>()).add(address);
            } else {
                result.put(address, CodeLocation.at(address));
            }
        }
        Optional<Path> tool = sourceLines ? findTool() : Optional.empty();
        if (sourceLines && tool.isEmpty() && !byModule.isEmpty()) {
            notes.add("no llvm-symbolizer or addr2line on PATH: task functions have no file:line (apt-get install llvm"
                    + " or binutils)");
        }
        byModule.forEach((module, list) -> symbolizeModule(module, list, tool, result));
        return result;
    }

    private void symbolizeModule(LoadedModule module, List<Long> addresses, Optional<Path> tool,
                                 Map<Long, CodeLocation> result) {
        Optional<ElfFile> file = files.open(module);
        if (file.isEmpty()) {
            notes.add("cannot symbolize addresses in " + module.path() + ": " + files.problem(module).orElse("not found"));
            addresses.forEach(a -> result.put(a, CodeLocation.at(a)));
            return;
        }
        long bias = module.loadBias(file.get());
        FunctionSymbols functions;
        try {
            functions = FunctionSymbols.of(tables.getOrDefault(module.path(), file.get().symbols()));
        } catch (ElfFormatException e) {
            notes.add("cannot read the symbols of " + file.get().path() + ": " + e.getMessage());
            functions = null;
        }
        List<String> lines = tool.isPresent()
                ? lines(tool.get(), lineFiles.getOrDefault(module.path(), file.get().path()), addresses, bias)
                : List.of();
        for (int i = 0; i < addresses.size(); i++) {
            long address = addresses.get(i);
            String symbol = functions == null ? null : functions.containing(address - bias).map(ElfSymbol::name)
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
                    notes.add(tool.getFileName() + " failed on " + file + ": no file:line for its functions");
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

    private static Optional<Path> findTool() {
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
