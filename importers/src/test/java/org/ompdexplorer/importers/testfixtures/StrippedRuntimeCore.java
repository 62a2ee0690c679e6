package org.ompdexplorer.importers.testfixtures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.importers.elf.ElfFile;

/**
 * A new user's situation on Debian (issue 26): a program built with the distribution's {@code clang-19 -fopenmp},
 * running on a stripped {@code libomp.so.5} whose debug file is elsewhere, and a core of it. The runtime is the
 * project's OMPD build ({@link NativeFixtures#runtimePrefix()}) split the way distributions split theirs
 * ({@code objcopy --only-keep-debug}, then {@code --strip-debug --strip-unneeded --add-gnu-debuglink}: the build-id
 * stays), since Debian's own debug archive cannot be reached from these machines.
 *
 * @param runtimeDirectory the stripped {@code libomp.so.5} and its {@code libompd.so}
 * @param debugDirectory   what a debuginfod server serves: the runtime's split debug file
 * @param program          the program, built with Debian's clang-19
 * @param core             its core, taken with gcore at its known point
 * @param buildId          the runtime's build-id
 */
public record StrippedRuntimeCore(Path runtimeDirectory, Path debugDirectory, Path program, Path core,
                                  String buildId) {
    /** Makes one under {@code dir} on the LLVM 19 runtime (a few seconds: objcopy, one compile, one gcore). */
    public static StrippedRuntimeCore make(Path dir) throws Exception {
        return make(dir, NativeFixtures.DEFAULT_LLVM);
    }

    /** {@link #make(Path)} on the OMPD build of LLVM {@code llvm}'s runtime; the program is still clang-19's. */
    public static StrippedRuntimeCore make(Path dir, int llvm) throws Exception {
        Path clang = LiveCores.onPath("clang-19");
        Path runtime = NativeFixtures.runtimePrefix(llvm).resolve("lib");
        Path lib = Files.createDirectories(dir.resolve("stripped-runtime"));
        Path served = Files.createDirectories(dir.resolve("served"));
        String buildId;
        try (ElfFile original = ElfFile.open(runtime.resolve("libomp.so.5"))) {
            buildId = original.buildId().orElseThrow();
        }
        Path debug = served.resolve("libomp.so.5.debug");
        Path objcopy = LiveCores.onPath("objcopy");
        LiveCores.run(List.of(objcopy.toString(), "--only-keep-debug", runtime.resolve("libomp.so.5").toString(),
                debug.toString()));
        LiveCores.run(List.of(objcopy.toString(), "--strip-debug", "--strip-unneeded", "--add-gnu-debuglink="
                + debug, runtime.resolve("libomp.so.5").toString(), lib.resolve("libomp.so.5").toString()));
        Files.copy(runtime.resolve("libompd.so"), lib.resolve("libompd.so"));
        Path program = dir.resolve("task_tree");
        LiveCores.run(List.of(clang.toString(), "-fopenmp", "-g", "-O1", "-o", program.toString(),
                NativeFixtures.source("task_tree").toString()));
        Path core = LiveCores.gcore(dir, "task_tree.core", List.of(program.toString()),
                Map.of("LD_LIBRARY_PATH", lib.toString(), "OMP_DEBUG", "enabled"), true);
        return new StrippedRuntimeCore(lib, served, program, core, buildId);
    }
}
