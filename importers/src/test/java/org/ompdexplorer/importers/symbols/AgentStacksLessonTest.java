package org.ompdexplorer.importers.symbols;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.callstack.TaskSegments;

/**
 * A real agent snapshot with call stacks, read as a user reads it: the fib lesson's program (scripts/lessons), built
 * with -g and frame pointers, captured at its first step (the first leaf: a chain of suspended fib tasks on one
 * thread, the other thread spinning in its hold task). Every fib task on the chain has its fib frame, in chain order;
 * the spinning thread's frames are its hold task's.
 */
class AgentStacksLessonTest {
    private static final Path SOURCE = Path.of("../scripts/lessons/fib-taskwait.c").toAbsolutePath().normalize();
    @TempDir
    static Path dir;
    private static Snapshot first;
    private static LoadResult loaded;

    @BeforeAll
    static void capture() throws Exception {
        Path exe = AgentCaptures.compile(SOURCE, dir.resolve("fib"), "-g", "-O0", "-fno-omit-frame-pointer");
        List<Path> taken = AgentCaptures.capture(exe, dir.resolve("out"));
        assertThat(taken).hasSize(4);
        loaded = new SnapshotLoader().load(taken.getFirst(), LoadOptions.LENIENT, ProgressListener.NONE);
        first = loaded.snapshot();
    }

    @Test
    void everyThreadHasAStackSymbolizedFromTheProgram() {
        assertThat(loaded.diagnostics()).noneMatch(d -> d.severity().name().equals("ERROR"));
        assertThat(first.callStacks()).hasSize(first.threads().size());
        for (CallStack stack : first.callStacks()) {
            assertThat(stack.innermostUserFrame(first.modules())).as("where %s is", stack.thread())
                    .hasValueSatisfying(f -> assertThat(f.file()).endsWith("fib-taskwait.c"));
        }
    }

    @Test
    void eachSuspendedFibTaskOfTheChainHasItsFibFrameInChainOrder() {
        OmpThread leafThread = first.threads().stream()
                .filter(t -> first.index().schedulingChain(t.id()).size() > 3).findFirst().orElseThrow();
        List<Task> chain = TaskSegments.chainOf(first.index(), leafThread.id());
        List<TaskId> explicit = chain.stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)).map(Task::id).toList();
        CallStack stack = first.index().callStack(leafThread.id()).orElseThrow();
        List<TaskId> fibFrames = stack.frames().stream().filter(f -> "fib".equals(f.function()))
                .map(CallFrame::task).distinct().toList();
        // the chain's explicit tasks are fib(6)'s task down to the leaf; fib frames are theirs, innermost first
        assertThat(fibFrames).isEqualTo(explicit);
        assertThat(stack.frames()).filteredOn(f -> "fib".equals(f.function()))
                .allSatisfy(f -> assertThat(f.role()).isEqualTo(FrameRole.USER));
        assertThat(stack.frames()).filteredOn(f -> f.function() != null && f.function().startsWith("__kmp"))
                .allSatisfy(f -> assertThat(f.role()).isEqualTo(FrameRole.RUNTIME));
    }

    @Test
    void theSpinningThreadsFramesAreItsHoldTasks() throws Exception {
        Set<Long> chained = first.threads().stream().filter(t -> first.index().schedulingChain(t.id()).size() > 3)
                .map(t -> t.id().value()).collect(Collectors.toSet());
        OmpThread holder = first.threads().stream().filter(t -> !chained.contains(t.id().value())
                && t.currentTask().isKnown()).findFirst().orElseThrow();
        CallStack stack = first.index().callStack(holder.id()).orElseThrow();
        CallFrame where = stack.innermostUserFrame(first.modules()).orElseThrow();
        assertThat(where.task()).isEqualTo(holder.currentTask().get());
        // the hold task's spin: clang puts a task's body into its entry function
        List<String> source = java.nio.file.Files.readAllLines(SOURCE);
        int spin = source.indexOf("            while (!atomic_load(&lesson_done)) {") + 1;
        assertThat(spin).isPositive();
        assertThat(where.line()).isBetween(spin, spin + 1);
    }
}
