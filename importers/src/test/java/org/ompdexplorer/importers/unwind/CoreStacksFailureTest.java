package org.ompdexplorer.importers.unwind;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Bad input never fails the unwinding: missing or other builds of files, an unreadable core, no libdw. */
class CoreStacksFailureTest {
    private static CoreStacks.Request request(Path core, Path exe) {
        return new CoreStacks.Request(core, exe, null, org.ompdexplorer.importers.debuginfo.DebugFiles.local(List.of()), (path, isExe) -> Optional.of(Path.of(path)),
                start -> null, core.toString());
    }

    @Test
    void aCoreLibdwflCannotReadGivesAWarningAndNoStacks(@TempDir Path dir) throws IOException {
        Path core = dir.resolve("not-a.core");
        Files.write(core, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0});
        CoreStacks.Taken taken = CoreStacks.take(request(core, null), lwp -> new ThreadId(lwp));

        assertThat(taken.stacks()).isEmpty();
        assertThat(taken.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo("stacks-unreadable");
            assertThat(d.message()).contains("call stacks were not taken");
        });
    }

    @Test
    void withoutLibdwTheImportGoesOnWithOneWarningNamingThePackage() {
        Path core = NativeFixtures.core("nested_parallel.gcore.core");
        CoreStacks.Taken taken = CoreStacks.take(request(core, null), lwp -> new ThreadId(lwp), "libdw-missing.so.1");

        assertThat(taken.stacks()).isEmpty();
        assertThat(taken.modules()).isEmpty();
        assertThat(taken.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo("stacks-unavailable");
            assertThat(d.fix()).contains("libdw1");
        });
    }

    @Test
    void stacksOfThreadsTheSnapshotDoesNotHaveAreLeftOut() {
        Path core = NativeFixtures.core("nested_parallel.gcore.core");
        long first = firstLwp(core); // the core's own first thread: fixture cores are remade with new LWPs
        CoreStacks.Taken taken = CoreStacks.take(request(core, null), lwp -> lwp == first ? new ThreadId(1) : null);

        assertThat(taken.stacks()).extracting(CallStack::thread).containsExactly(new ThreadId(1));
        assertThat(taken.stacks().getFirst().isPartial()).isFalse();
    }

    private static long firstLwp(Path core) {
        try (org.ompdexplorer.importers.elf.CoreFile c = org.ompdexplorer.importers.elf.CoreFile.open(core)) {
            return c.threads().getFirst().lwp();
        } catch (java.io.IOException | org.ompdexplorer.importers.elf.ElfFormatException e) {
            throw new IllegalStateException(e);
        }
    }
}
