package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.CoreThread;
import org.ompdexplorer.importers.elf.ProcessInfo;
import org.ompdexplorer.importers.elf.ProgramHeader;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * A core cut off in the middle of a thread's stack memory (the disk filled, or a core size limit, while it was
 * written): refused with the typed truncated-core error, and with {@code --accept-truncated} imported with that
 * thread's stack partial and saying why, or refused with a message — never a fault, though libdwfl reads the core on
 * its own, past the cut, and ends a walk at missing memory as if the stack ended there.
 */
class TruncatedCoreStacksTest {
    /** A kernel core: its notes (the threads' registers) come first, so a cut in memory leaves them. */
    private static final String KERNEL_CORE = "nested_parallel.abort.core";
    /** gdb's gcore writes its notes last: a cut anywhere in memory takes them. */
    private static final String GCORE = "nested_parallel.gcore.core";
    private static final String NOTE = "the core was cut off in this thread's stack memory";

    @TempDir
    Path dir;

    static Stream<Integer> kernelCoreThreads() throws Exception {
        return lwps(KERNEL_CORE);
    }

    static Stream<Integer> gcoreThreads() throws Exception {
        return lwps(GCORE);
    }

    private static Stream<Integer> lwps(String name) throws Exception {
        try (CoreFile core = CoreFile.open(NativeFixtures.core(name))) {
            return core.threads().stream().map(CoreThread::lwp).toList().stream();
        }
    }

    /** A copy of core {@code name} cut 256 bytes above thread {@code lwp}'s stack pointer: its innermost frame is left. */
    private Path cutInStackOf(String name, int lwp) throws Exception {
        Path copy = Files.copy(NativeFixtures.core(name), dir.resolve("cut.core"));
        long cut;
        try (CoreFile core = CoreFile.open(copy)) {
            long sp = core.thread(lwp).orElseThrow().rsp();
            ProgramHeader stack = core.loadSegments().stream().filter(p -> p.containsAddress(sp)).findFirst()
                    .orElseThrow();
            cut = stack.offset() + (sp - stack.vaddr()) + 256;
            assertThat(cut).as("the cut is inside the stack's bytes in the file")
                    .isLessThan(stack.offset() + stack.fileSize());
        }
        try (RandomAccessFile f = new RandomAccessFile(copy.toFile(), "rw")) {
            f.setLength(cut);
        }
        return copy;
    }

    private static void refusedAsTruncated(CoreImportOptions options) {
        assertThatThrownBy(() -> new OmpdCoreImporter().importCore(options, ProgressListener.NONE))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(CoreImportException.Reason.TRUNCATED_CORE);
                    assertThat(e.getMessage()).contains("cut off");
                });
    }

    private static Optional<CallStack> stackOf(LoadResult result, int lwp) {
        return result.snapshot().threads().stream()
                .filter(t -> t.osId(OsThreadIdKind.LWP).orElse(-1L) == lwp).map(OmpThread::id).findFirst()
                .flatMap(id -> result.snapshot().callStacks().stream().filter(s -> s.thread().equals(id)).findFirst());
    }

    @ParameterizedTest
    @MethodSource("kernelCoreThreads")
    void aKernelCoreCutInAThreadsStackIsRefusedOrImportedWithThatStackPartial(int lwp) throws Exception {
        Path core = cutInStackOf(KERNEL_CORE, lwp);
        refusedAsTruncated(CoreImportOptions.of(core, null));

        LoadResult result;
        try {
            result = new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null).withAcceptTruncatedCore(true),
                    ProgressListener.NONE);
        } catch (SnapshotLoadException e) {
            // a cut before the runtime's state: libompd has nothing to read, and says so
            assertThat(e.getMessage()).contains("cut off");
            return;
        }
        assertThat(stackOf(result, lwp)).as("the cut thread still has its innermost frames").hasValueSatisfying(s -> {
            assertThat(s.frames()).isNotEmpty();
            assertThat(s.partial()).startsWith(NOTE);
        });
    }

    @Test
    void aKernelCoreCutInTheMainThreadsStackImportsWithThatStackPartialAndTheOthersWhole() throws Exception {
        int main;
        try (CoreFile whole = CoreFile.open(NativeFixtures.core(KERNEL_CORE))) {
            main = whole.processInfo().map(ProcessInfo::pid).orElseThrow();
        }
        Path core = cutInStackOf(KERNEL_CORE, main);

        LoadResult result = new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null)
                .withAcceptTruncatedCore(true), ProgressListener.NONE);

        CallStack cut = stackOf(result, main).orElseThrow();
        assertThat(cut.partial()).startsWith(NOTE);
        assertThat(cut.frames()).anySatisfy(f -> assertThat(f.function()).isEqualTo("fixture_hold_forever"));
        assertThat(result.snapshot().callStacks()).filteredOn(s -> s != cut).isNotEmpty()
                .noneMatch(CallStack::isPartial);
        assertThat(result.diagnostics()).anySatisfy(d -> assertThat(d.code()).isEqualTo("truncated-core"));
    }

    @ParameterizedTest
    @MethodSource("gcoreThreads")
    void aGcoreCutInAThreadsStackLosesItsNotesAndIsRefusedAsTruncated(int lwp) throws Exception {
        Path core = cutInStackOf(GCORE, lwp);
        refusedAsTruncated(CoreImportOptions.of(core, null));
        refusedAsTruncated(CoreImportOptions.of(core, null).withAcceptTruncatedCore(true));
    }
}
