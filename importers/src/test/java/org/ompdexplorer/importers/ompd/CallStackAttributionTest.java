package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;

/**
 * The stacks of the fixture cores are cut into their threads' task segments as gdb's {@code ompd bt} cuts them: the
 * outlined functions' frames belong to the thread's implicit or explicit task, the runtime frames between two
 * segments (the task scheduler, a taskwait, a barrier) are runtime frames.
 */
class CallStackAttributionTest {
    @Test
    void nestedParallelOutlinedFramesAreTheInnerImplicitTasks() {
        Snapshot snapshot = CoreImports.snapshot("nested_parallel.gcore.core");
        assertThat(snapshot.threads()).hasSize(4);
        for (OmpThread thread : snapshot.threads()) {
            CallStack stack = snapshot.index().callStack(thread.id()).orElseThrow();
            Task current = snapshot.index().schedulingChain(thread.id()).getFirst();
            assertThat(current.kind()).isEqualTo(TaskKind.IMPLICIT);
            List<CallFrame> frames = stack.frames();
            int outlined = indexOf(frames, "main.omp_outlined_debug__.omp_outlined");
            // fixture_hold_forever ← fixture_known_point ← the inner region's outlined body: the inner implicit task
            for (CallFrame f : frames.subList(0, outlined + 1)) {
                assertThat(f.task()).as("%s on %s", f.function(), thread.id()).isEqualTo(current.id());
                assertThat(f.role()).as("%s on %s", f.function(), thread.id()).isEqualTo(FrameRole.USER);
            }
            assertThat(frames.get(outlined + 1).function()).isEqualTo("__kmp_invoke_microtask");
            assertThat(frames.get(outlined + 1).role()).isEqualTo(FrameRole.RUNTIME);
            assertThat(stack.innermostUserFrame(snapshot.modules()).orElseThrow().function())
                    .isEqualTo("fixture_hold_forever");
        }
    }

    @Test
    void taskTreeTasksAreSegmentsWithTheSchedulerBetween() {
        Snapshot snapshot = CoreImports.snapshot("task_tree.gcore.core");
        for (OmpThread thread : snapshot.threads()) {
            CallStack stack = snapshot.index().callStack(thread.id()).orElseThrow();
            List<Task> chain = snapshot.index().schedulingChain(thread.id());
            List<CallFrame> frames = stack.frames();
            // each explicit task runs tree() from its entry point, called by the runtime's __kmp_invoke_task
            List<TaskId> segments = new ArrayList<>();
            for (int i = 0; i < frames.size(); i++) {
                CallFrame f = frames.get(i);
                if (f.function() != null && f.function().startsWith(".omp_task_entry.")) {
                    assertThat(f.role()).isEqualTo(FrameRole.USER);
                    assertThat(snapshot.index().task(f.task()).orElseThrow().kind()).isEqualTo(TaskKind.EXPLICIT);
                    segments.add(f.task());
                    CallFrame caller = frames.get(i + 1);
                    assertThat(caller.function()).isEqualTo("__kmp_invoke_task");
                    assertThat(caller.role()).as("the scheduler below task %s", f.task()).isEqualTo(FrameRole.RUNTIME);
                }
                if ("tree".equals(f.function())) {
                    // tree() is the body of the task whose entry point called it
                    assertThat(f.role()).isEqualTo(FrameRole.USER);
                    CallFrame entry = frames.subList(i, frames.size()).stream().filter(e -> e.function() != null
                            && e.function().startsWith(".omp_task_entry.")).findFirst().orElseThrow();
                    assertThat(f.task()).isEqualTo(entry.task());
                }
                if (f.function() != null && f.function().startsWith("__kmpc_omp_taskwait")) {
                    assertThat(f.role()).as("%s", f.function()).isEqualTo(FrameRole.RUNTIME);
                }
            }
            // the segments, innermost first, are the thread's scheduling chain: current task, then the tasks it
            // was scheduled on
            assertThat(segments).as("task segments of %s", thread.id()).isNotEmpty()
                    .isEqualTo(chain.stream().map(Task::id).limit(segments.size()).toList());
            assertThat(frames.getFirst().task()).isEqualTo(chain.getFirst().id());
        }
    }

    private static int indexOf(List<CallFrame> frames, String function) {
        for (int i = 0; i < frames.size(); i++) {
            if (function.equals(frames.get(i).function())) {
                return i;
            }
        }
        throw new AssertionError(function + " is not on the stack: " + frames);
    }
}
