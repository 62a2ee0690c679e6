package org.ompdexplorer.importers.unwind;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * elfutils' libdwfl over module files on this machine, each reported where the process had it (its load bias), so
 * that a process's code addresses are looked up as they are: the symbolizer of what a snapshot names by address
 * (task functions, creation sites, an agent's raw frames), with the same lookups as a core's frames
 * ({@link DwflSymbols}: the function from DWARF, else the symbol table, file:line:column, inlined calls). Separate
 * debug files are found as libdwfl finds them (build-id under {@code /usr/lib/debug}, {@code .gnu_debuglink}).
 *
 * <p>One libdwfl session, used by one thread at a time; closed with {@link #close}.
 */
public final class ModuleSymbols implements AutoCloseable {
    private final Libdw dw;
    private final Arena arena = Arena.ofShared();
    private final DwflSymbols symbols;
    private final Map<String, Long> reported = new HashMap<>();
    private long dwfl;
    private String problem;

    private ModuleSymbols(Libdw dw) throws LibdwUnavailableException {
        this.dw = dw;
        this.symbols = new DwflSymbols(dw);
        MemorySegment callbacks = arena.allocate(Libdw.CALLBACKS_SIZE, 8);
        callbacks.set(JAVA_LONG, 0, dw.buildIdFindElf.address());
        callbacks.set(JAVA_LONG, 8, dw.standardFindDebuginfo.address());
        callbacks.set(JAVA_LONG, 16, dw.offlineSectionAddress.address());
        try {
            dwfl = (long) dw.dwflBegin.invokeExact(callbacks.address());
        } catch (Throwable t) {
            dwfl = 0;
        }
        if (dwfl == 0) {
            arena.close();
            throw new LibdwUnavailableException("libdwfl cannot start a session: " + dw.errmsg());
        }
    }

    /**
     * A session with the system's libdw.
     *
     * @throws LibdwUnavailableException when libdw cannot be loaded (not installed, older than 0.188)
     */
    public static ModuleSymbols open() throws LibdwUnavailableException {
        return open(Libdw.SONAME);
    }

    /** {@link #open()} with the libdw named {@code library} (a test names one that is missing). */
    public static ModuleSymbols open(String library) throws LibdwUnavailableException {
        return new ModuleSymbols(Libdw.get(library));
    }

    /**
     * Reports {@code file}, loaded at {@code bias} (0 for an executable linked at its address), once per file and
     * bias; the module's handle, or empty when libdwfl cannot read the file ({@link #problem} says why).
     */
    public Optional<Long> report(Path file, long bias) {
        String key = file.toAbsolutePath() + "@" + Long.toHexString(bias);
        Long known = reported.get(key);
        if (known != null) {
            return known == 0 ? Optional.empty() : Optional.of(known);
        }
        long module;
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment path = scratch.allocateFrom(file.toAbsolutePath().toString());
            long ignored = (long) dw.dwflReportBeginAdd.invokeExact(dwfl);
            // an ET_DYN file placed at bias + its first PT_LOAD's address (add_p_vaddr): bias as the process had it
            module = (long) dw.dwflReportElf.invokeExact(dwfl, path.address(), path.address(), -1L, bias, 1L);
            problem = module == 0 ? dw.errmsg() : null;
            long ended = (long) dw.dwflReportEnd.invokeExact(dwfl, 0L, 0L);
        } catch (Throwable t) {
            module = 0;
            problem = t.toString();
        }
        reported.put(key, module);
        return module == 0 ? Optional.empty() : Optional.of(module);
    }

    /** Why the last {@link #report} gave no module. */
    public String problem() {
        return problem;
    }

    /**
     * The functions at {@code address} (a process address) in {@code module}, innermost first: the callee inlined
     * there with the line table's file:line:column, then each function it was inlined into at its call site; empty
     * when nothing is known there.
     */
    public List<SourceFrame> at(long module, long address) {
        return symbols.at(module, address);
    }

    @Override
    public void close() {
        try {
            if (dwfl != 0) {
                long ignored = (long) dw.dwflEnd.invokeExact(dwfl);
            }
        } catch (Throwable t) {
            // the session is over either way
        } finally {
            dwfl = 0;
            if (arena.scope().isAlive()) {
                arena.close();
            }
        }
    }

    /**
     * What stands for the libdw a session would use, for a cache of symbolized loads: its file's path, size and
     * modification time (an upgrade changes them), or {@code none}. Loads the library (cheap) without linking its
     * functions.
     */
    public static String libdwStamp() {
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(Libdw.SONAME, Arena.global());
            Optional<MemorySegment> function = lookup.find("dwfl_report_elf");
            if (function.isEmpty()) {
                return "none";
            }
            Optional<Path> file = mappedFile(function.get().address());
            if (file.isEmpty()) {
                return Libdw.SONAME;
            }
            return file.get() + " " + Files.size(file.get()) + " " + Files.getLastModifiedTime(file.get()).toMillis();
        } catch (IllegalArgumentException | IllegalCallerException | IOException e) {
            return "none";
        }
    }

    /** The file mapped at {@code address} in this process ({@code /proc/self/maps}). */
    private static Optional<Path> mappedFile(long address) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"), StandardCharsets.UTF_8)) {
            int dash = line.indexOf('-');
            int space = line.indexOf(' ');
            int slash = line.indexOf('/');
            if (dash < 0 || space < dash || slash < 0) {
                continue;
            }
            long start = Long.parseUnsignedLong(line.substring(0, dash), 16);
            long end = Long.parseUnsignedLong(line.substring(dash + 1, space), 16);
            if (Long.compareUnsigned(start, address) <= 0 && Long.compareUnsigned(address, end) < 0) {
                return Optional.of(Path.of(line.substring(slash)));
            }
        }
        return Optional.empty();
    }
}
