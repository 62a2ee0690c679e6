package org.ompdexplorer.importers.ompd;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.ompdexplorer.importers.elf.AuxVector;
import org.ompdexplorer.importers.elf.DumpedBuildId;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.ompd.CoreImportException.Reason;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * Checks that the executable used for a core is the program the core was written from: same GNU build-id as the
 * copy of its headers in the core, or, when the core has none, the same entry point as the kernel recorded
 * ({@code AT_ENTRY}). A wrong executable would give wrong function names, so it is refused.
 */
final class ExecutableCheck {
    private ExecutableCheck() {
    }

    /**
     * @param diagnostics receives a warning when the executable is missing (the import goes on without its symbols)
     * @throws CoreImportException when the executable given is unreadable or does not match the core
     */
    static void verify(String input, MemoryImage memory, ModuleFiles files, CoreImportOptions options,
                       List<Diagnostic> diagnostics) throws CoreImportException {
        Optional<String> path = memory.core().executablePath();
        Optional<LoadedModule> module = path.flatMap(p -> memory.core().module(p));
        if (module.isEmpty()) {
            return; // a core without NT_FILE: nothing to check against
        }
        Optional<ElfFile> file = files.open(module.get());
        if (file.isEmpty()) {
            String why = files.problem(module.get()).orElse("not found");
            if (options.executable() != null) {
                throw new CoreImportException(input, Reason.FILE_NOT_FOUND, "the executable " + options.executable()
                        + " cannot be used: " + why, "pass the program the core was written from with --exe FILE", null);
            }
            diagnostics.add(Diagnostic.warning("executable-not-found", "the program the core was written from is not"
                    + " here: " + why, "pass it with --exe FILE to get task function names",
                    Location.inInput(input, 0, 0, null)));
            return;
        }
        ElfFile exe = file.get();
        Optional<String> inCore = DumpedBuildId.of(memory, module.get());
        Optional<String> onDisk;
        try {
            onDisk = exe.buildId();
        } catch (ElfFormatException e) {
            onDisk = Optional.empty();
        }
        if (inCore.isPresent() && onDisk.isPresent()) {
            if (!inCore.get().equals(onDisk.get())) {
                throw mismatch(input, exe, module.get(), "build-id " + onDisk.get() + ", the core's program has build-id "
                        + inCore.get());
            }
            return;
        }
        OptionalLong entry = memory.core().auxVector().get(AuxVector.AT_ENTRY);
        if (entry.isPresent() && entry.getAsLong() != module.get().loadBias(exe) + exe.header().entry()) {
            throw mismatch(input, exe, module.get(), "its entry point is not where the core's program had it");
        }
    }

    private static CoreImportException mismatch(String input, ElfFile exe, LoadedModule module, String detail) {
        return new CoreImportException(input, Reason.EXECUTABLE_MISMATCH, exe.path() + " is not the program the core"
                + " was written from (" + module.path() + "): " + detail, "pass the executable the core was written"
                + " from with --exe FILE", null);
    }
}
