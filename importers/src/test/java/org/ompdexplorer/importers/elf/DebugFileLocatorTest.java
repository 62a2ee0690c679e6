package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/** Separate debug files, found by build-id under a debug directory and by .gnu_debuglink. */
class DebugFileLocatorTest {
    @TempDir
    Path temp;

    @Test
    void findsTheDebugFileOfAStrippedRuntimeByBuildIdAndByDebuglink() throws Exception {
        Path runtime = NativeFixtures.runtimePrefix().resolve("lib/libomp.so.5");
        Path stripped = temp.resolve("lib/libomp.so.5");
        Files.createDirectories(stripped.getParent());
        Path debugDir = temp.resolve("debug");
        String id;
        try (ElfFile original = ElfFile.open(runtime)) {
            id = original.buildId().orElseThrow();
        }
        Path byId = Files.createDirectories(debugDir.resolve(".build-id/" + id.substring(0, 2)))
                .resolve(id.substring(2) + ".debug");
        run("objcopy", "--only-keep-debug", runtime.toString(), byId.toString());
        run("strip", "--strip-all", "-o", stripped.toString(), runtime.toString());
        try (ElfFile file = ElfFile.open(stripped)) {
            assertThat(file.symbols().hasFullSymbolTable()).isFalse();
            assertThat(new DebugFileLocator(List.of()).find(file)).isEmpty();
            assertThat(new DebugFileLocator(List.of(debugDir)).find(file)).contains(byId);
            assertThat(new DebugFileLocator(List.of(debugDir)).withSystemDirectory().candidates(file))
                    .startsWith(byId, DebugFileLocator.SYSTEM_DEBUG_DIRECTORY.resolve(".build-id/" + id.substring(0, 2)
                            + "/" + id.substring(2) + ".debug"));
        }
        Path linked = temp.resolve("lib/libomp-linked.so.5");
        Path debugNextTo = temp.resolve("lib/.debug/libomp.debug");
        Files.createDirectories(debugNextTo.getParent());
        Files.copy(byId, debugNextTo);
        run("objcopy", "--add-gnu-debuglink=" + debugNextTo, stripped.toString(), linked.toString());
        try (ElfFile file = ElfFile.open(linked)) {
            assertThat(file.debugLink()).get().extracting(ElfFile.DebugLink::fileName).isEqualTo("libomp.debug");
            assertThat(new DebugFileLocator(List.of()).find(file)).contains(debugNextTo);
        }
    }

    private static void run(String tool, String... args) throws Exception {
        Path path = TestCores.onPath(tool).orElse(null);
        NativeFixtures.require(path != null, "no " + tool, "apt-get install binutils");
        List<String> command = new java.util.ArrayList<>(List.of(path.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0).as(command + ": " + out).isTrue();
    }
}
