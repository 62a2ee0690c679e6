package org.ompdexplorer.app.ui.details;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.StackSnapshots;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Task;

class StackSectionsTest {
    private final LoadedSnapshot loaded = StackSnapshots.of("/build/prog/prog.c");
    private final DetailsViewModel vm = new DetailsViewModel(new SameThreadBackgroundTasks());

    private DetailsPage show(Target target) {
        vm.setSnapshot(loaded);
        vm.show(target);
        return vm.pageProperty().get();
    }

    private OmpThread thread(int i) {
        return loaded.snapshot().threads().get(i);
    }

    @Test
    void aThreadsPageCutsItsStackIntoTaskSegmentsWithRuntimeRunsFolded() {
        OmpThread t1 = thread(1);
        StackSection stack = (StackSection) show(Target.of(t1.id())).section(StackSections.ID).orElseThrow();
        Task current = loaded.snapshot().index().task(t1.currentTask()).orElseThrow();
        assertThat(stack.segments()).hasSize(2);
        StackSection.Segment own = stack.segments().getFirst();
        assertThat(own.task().text()).as("named as every view names it")
                .isEqualTo(Names.of(current, loaded.snapshot().index()));
        assertThat(own.task().link()).isEqualTo(Target.of(current.id()));
        assertThat(own.rows()).hasSize(3);
        StackSection.Fold fold = (StackSection.Fold) own.rows().getFirst();
        assertThat(fold.label()).isEqualTo("2 runtime frames (#0–#1: __kmp_wait … __kmpc_barrier)");
        StackSection.Frame work = (StackSection.Frame) own.rows().get(1);
        assertThat(List.of(work.number(), work.function(), work.position(), work.module()))
                .containsExactly(2, "work", "/build/prog/prog.c:14", "prog");
        assertThat(((StackSection.Frame) own.rows().get(2)).isRuntime()).as("a lone runtime frame is not folded")
                .isTrue();
        assertThat(stack.segments().get(1).task().text()).isEqualTo("outside every task");
        assertThat(stack.partial()).isEmpty();
    }

    @Test
    void aPartialStackSaysWhyAndInlinedFramesAreMarked() {
        DetailsPage page = show(Target.of(thread(5).id()));
        StackSection stack = (StackSection) page.section(StackSections.ID).orElseThrow();
        assertThat(stack.partial()).isEqualTo("the unwinder stopped at an unreadable frame");
        StackSection.Frame hold = (StackSection.Frame) stack.segments().getFirst().rows().getFirst();
        assertThat(hold.frame().inlined()).isTrue();
        assertThat(page.asText()).contains("partial: the unwinder stopped at an unreadable frame",
                "#0  (inlined) fixture_hold at /build/prog/prog.c:31  [prog]", "#1  wait_here at /build/prog/prog.c:51");
    }

    @Test
    void aTasksPageShowsItsOwnSegmentOnItsThread() {
        OmpThread t0 = thread(0);
        DetailsPage page = show(Target.of(t0.currentTask().get()));
        StackSection segment = (StackSection) page.section(StackSections.ID).orElseThrow();
        assertThat(segment.thread().link()).isEqualTo(Target.of(t0.id()));
        assertThat(segment.segments()).hasSize(1);
        assertThat(segment.segments().getFirst().rows()).extracting(r -> r instanceof StackSection.Frame f
                ? f.number() + " " + f.function() : ((StackSection.Fold) r).label())
                .containsExactly("0 solve", "1 work", "2 runtime frames (#2–#3: __kmp_invoke_microtask … __kmp_fork_call)");
        assertThat(((StackSection.Frame) segment.segments().getFirst().rows().getFirst()).position())
                .isEqualTo("/build/prog/prog.c:40:7");
    }

    @Test
    void aFileWithoutStacksKeepsItsPagesAsTheyWereAndAThreadWithoutOneAmongStacksSaysSo() {
        vm.setSnapshot(TestSnapshots.handWritten());
        vm.show(Target.of(TestSnapshots.handWritten().snapshot().threads().getFirst().id()));
        assertThat(vm.pageProperty().get().section(StackSections.ID)).isEmpty();
        vm.show(Target.of(new org.ompdexplorer.model.TaskId(5)));
        assertThat(vm.pageProperty().get().section(StackSections.ID)).isEmpty();

        org.ompdexplorer.model.Snapshot s = loaded.snapshot();
        vm.setSnapshot(LoadedSnapshot.of(s.withCallStacks(s.modules(), s.callStacks().subList(1, 6)), "five"));
        vm.show(Target.of(s.threads().getFirst().id()));
        assertThat(vm.pageProperty().get().section(StackSections.ID).orElseThrow())
                .isInstanceOfSatisfying(Section.Note.class, n -> assertThat(n.text())
                        .isEqualTo("This snapshot has no call stack for this thread."));
        vm.show(Target.of(s.threads().getFirst().currentTask().get()));
        assertThat(vm.pageProperty().get().section(StackSections.ID).orElseThrow())
                .isInstanceOfSatisfying(Section.Note.class, n -> assertThat(n.text()).startsWith("No thread's call"
                        + " stack has frames of task #"));
    }
}
