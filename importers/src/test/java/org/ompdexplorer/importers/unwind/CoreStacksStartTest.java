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

/** Stacks taken on a thread of their own, beside the core's import, are those taken in line. */
class CoreStacksStartTest {
    private static CoreStacks.Request request(Path core) {
        return new CoreStacks.Request(core, null, null, org.ompdexplorer.importers.debuginfo.DebugFiles.local(List.of()), (path, isExe) -> Optional.of(Path.of(path)),
                start -> null, core.toString());
    }

    @Test
    void stacksStartedBesideTheImportEqualThoseTakenInLine() throws InterruptedException {
        Path core = NativeFixtures.core("nested_parallel.gcore.core");
        CoreStacks.Started started = CoreStacks.start(request(core));
        CoreStacks.Taken inLine = CoreStacks.take(request(core), ThreadId::new);

        CoreStacks.Taken beside = started.await(ThreadId::new);

        assertThat(beside.stacks()).isNotEmpty().isEqualTo(inLine.stacks());
        assertThat(beside.modules()).isEqualTo(inLine.modules());
        assertThat(beside.diagnostics()).isEqualTo(inLine.diagnostics());
    }

    @Test
    void onlyTheThreadsNamedWhenAwaitedAreKept() throws InterruptedException {
        Path core = NativeFixtures.core("nested_parallel.gcore.core");
        long first = firstLwp(core); // the core's own first thread: fixture cores are remade with new LWPs
        CoreStacks.Taken taken = CoreStacks.start(request(core)).await(lwp -> lwp == first ? new ThreadId(1) : null);

        assertThat(taken.stacks()).extracting(CallStack::thread).containsExactly(new ThreadId(1));
    }

    @Test
    void aCoreLibdwflCannotReadGivesItsWarningWhenAwaited(@TempDir Path dir) throws IOException,
            InterruptedException {
        Path core = dir.resolve("not-a.core");
        Files.write(core, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0});

        CoreStacks.Taken taken = CoreStacks.start(request(core)).await(ThreadId::new);

        assertThat(taken.stacks()).isEmpty();
        assertThat(taken.diagnostics()).singleElement().satisfies(d -> assertThat(d.code())
                .isEqualTo("stacks-unreadable"));
    }

    private static long firstLwp(Path core) {
        try (org.ompdexplorer.importers.elf.CoreFile c = org.ompdexplorer.importers.elf.CoreFile.open(core)) {
            return c.threads().getFirst().lwp();
        } catch (java.io.IOException | org.ompdexplorer.importers.elf.ElfFormatException e) {
            throw new IllegalStateException(e);
        }
    }
}
