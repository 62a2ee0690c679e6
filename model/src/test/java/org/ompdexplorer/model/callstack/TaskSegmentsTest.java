package org.ompdexplorer.model.callstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FrameInfo;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.ThreadId;

/**
 * The gdb plugin's cut, on the shape of the nested_parallel fixture's primary thread (its gdb backtrace in
 * {@code nested_parallel.gcore.core.gdb-ompd-bt.txt}): libc's sleep under the fixture's hold, the inner region's
 * outlined function, the runtime's fork between the two implicit tasks, the outer outlined function, the runtime's
 * fork of the outer region, main. libomp records each task frame as a frame pointer (CFA − 16).
 */
class TaskSegmentsTest {
    private static final List<CodeModule> MODULES = List.of(
            new CodeModule("/work/prog", "aa", 0x5000_0000L, 0x5000_0000L, 0x5010_0000L, null),
            new CodeModule("/usr/lib/x86_64-linux-gnu/libc.so.6", "bb", 0x6000_0000L, 0x6000_0000L,
                    0x6020_0000L, null),
            new CodeModule("/cache/runtime/lib/libomp.so", "cc", 0x6100_0000L, 0x6100_0000L, 0x6120_0000L, null));
    private static final int PROG = 0;
    private static final int LIBC = 1;
    private static final int OMP = 2;

    private static final String[][] FRAMES = {
        // function, module, cfa
        {"__GI___clock_nanosleep", "1", "0x7000100"},
        {"fixture_hold_forever", "0", "0x7000200"},
        {"fixture_known_point", "0", "0x7000300"},
        {"main.omp_outlined_debug__.omp_outlined_debug__", "0", "0x7000400"},
        {"main.omp_outlined_debug__.omp_outlined", "0", "0x7000500"},
        {"__kmp_invoke_microtask", "2", "0x7000600"},
        {"__kmp_invoke_task_func", "2", "0x7000700"},
        {"__kmp_fork_call", "2", "0x7000800"},
        {"__kmpc_fork_call", "2", "0x7000900"},
        {"main.omp_outlined_debug__", "0", "0x7000a00"},
        {"main.omp_outlined", "0", "0x7000b00"},
        {"__kmp_invoke_microtask", "2", "0x7000c00"},
        {"__kmp_invoke_task_func", "2", "0x7000d00"},
        {"__kmp_fork_call", "2", "0x7000e00"},
        {"__kmpc_fork_call", "2", "0x7000f00"},
        {"main", "0", "0x7001000"},
        {"__libc_start_call_main", "1", "0"},
    };

    private static CallStack stack() {
        List<CallFrame> frames = new ArrayList<>();
        for (int i = 0; i < FRAMES.length; i++) {
            int module = Integer.parseInt(FRAMES[i][1]);
            frames.add(CallFrame.unwound(MODULES.get(module).start() + 0x100 * i, Long.decode(FRAMES[i][2]), i == 0,
                    module).withSymbol(FRAMES[i][0], null, 0, 0, false));
        }
        return new CallStack(new ThreadId(1), frames, null);
    }

    private static Task task(long id, TaskKind kind, long exitFp, long enterFp) {
        TaskFrames frames = TaskFrames.of(new FrameInfo(exitFp, exitFp == 0 ? 0 : FrameInfo.FRAMEPOINTER),
                new FrameInfo(enterFp, enterFp == 0 ? 0 : FrameInfo.FRAMEPOINTER));
        return new Task(new TaskId(id), kind, Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(),
                Fact.absent(), Fact.of(CodeLocation.at(0)), Fact.absent(), Fact.of(frames), Fact.absent(), List.of(),
                null);
    }

    /**
     * Inner implicit task #3 runs; outer implicit task #2 entered the runtime at the inner fork, initial task #1 at the
     * outer one: as libomp records them, an enter frame names the program's frame that called the runtime (the
     * outlined function, main), an exit frame the runtime's frame that called the task (__kmp_invoke_microtask).
     */
    private static final List<Task> CHAIN = List.of(
            task(3, TaskKind.IMPLICIT, 0x7000600 - 16, 0),
            task(2, TaskKind.IMPLICIT, 0x7000c00 - 16, 0x7000a00 - 16),
            task(1, TaskKind.INITIAL, 0, 0x7001000 - 16));

    @Test
    void eachFrameBelongsToTheTaskWhoseSegmentHoldsItAndTheForksBetweenAreRuntime() {
        CallStack cut = TaskSegments.attribute(stack(), CHAIN, MODULES);
        List<String> got = cut.frames().stream().map(f -> f.function() + " " + f.task() + " " + f.role()).toList();
        assertThat(got).containsExactly(
                "__GI___clock_nanosleep 3 USER",
                "fixture_hold_forever 3 USER",
                "fixture_known_point 3 USER",
                "main.omp_outlined_debug__.omp_outlined_debug__ 3 USER",
                "main.omp_outlined_debug__.omp_outlined 3 USER",
                "__kmp_invoke_microtask 2 RUNTIME",
                "__kmp_invoke_task_func 2 RUNTIME",
                "__kmp_fork_call 2 RUNTIME",
                "__kmpc_fork_call 2 RUNTIME",
                "main.omp_outlined_debug__ 2 USER",
                "main.omp_outlined 2 USER",
                "__kmp_invoke_microtask 1 RUNTIME",
                "__kmp_invoke_task_func 1 RUNTIME",
                "__kmp_fork_call 1 RUNTIME",
                "__kmpc_fork_call 1 RUNTIME",
                "main 1 USER",
                "__libc_start_call_main 1 USER");
    }

    @Test
    void aFrameGivenAsItsCfaIsComparedAsTheCfaAndTheBoundaryFramesBelongAsLibompMeansThem() {
        // the inner task's exit frame given as a CFA: __kmp_invoke_microtask (the frame it names) is outside it
        Task inner = new Task(new TaskId(3), TaskKind.IMPLICIT, Fact.absent(), Fact.absent(), Fact.absent(),
                Fact.absent(), Fact.absent(), Fact.of(CodeLocation.at(0)), Fact.absent(), Fact.of(TaskFrames.of(
                new FrameInfo(0x7000600, FrameInfo.CFA), new FrameInfo(0, 0))), Fact.absent(), List.of(), null);
        CallStack cut = TaskSegments.attribute(stack(), List.of(inner, CHAIN.get(1), CHAIN.get(2)), MODULES);
        assertThat(cut.frames().get(4).task()).isEqualTo(new TaskId(3));
        assertThat(cut.frames().get(5).task()).isEqualTo(new TaskId(2));
        // the outer task's enter frame names main.omp_outlined_debug__ (flags "runtime", as libomp writes them): its own
        assertThat(cut.frames().get(9).task()).isEqualTo(new TaskId(2));
        assertThat(cut.frames().get(9).role()).isEqualTo(FrameRole.USER);
    }

    @Test
    void framesPastEveryTaskBelongToNoneAndAreRuntimeOnlyInTheRuntimesModule() {
        // a worker: its only task's exit frame at the first __kmp_invoke_microtask
        CallStack cut = TaskSegments.attribute(stack(), List.of(CHAIN.getFirst()), MODULES);
        assertThat(cut.frames().get(4).task()).isEqualTo(new TaskId(3));
        assertThat(cut.frames().subList(5, FRAMES.length)).allSatisfy(f -> assertThat(f.task()).isNull());
        assertThat(cut.frames().get(5).role()).isEqualTo(FrameRole.RUNTIME);
        assertThat(cut.frames().get(9).role()).isEqualTo(FrameRole.USER);
    }

    @Test
    void aThreadWithoutATaskKeepsEveryFrameUnattributed() {
        CallStack cut = TaskSegments.attribute(stack(), List.of(), MODULES);
        assertThat(cut.frames()).allSatisfy(f -> assertThat(f.task()).isNull());
        assertThat(cut.frames().stream().filter(f -> f.role() == FrameRole.RUNTIME).count()).isEqualTo(8);
    }

    @Test
    void theInnermostUserFrameSkipsTheSystemsLibrariesAndTheRuntime() {
        CallStack cut = TaskSegments.attribute(stack(), CHAIN, MODULES);
        assertThat(cut.innermostUserFrame(MODULES)).map(CallFrame::function).contains("fixture_hold_forever");
        assertThat(PROG).isZero();
        assertThat(LIBC + OMP).isEqualTo(3);
    }
}
