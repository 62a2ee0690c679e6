package org.ompdexplorer.app.ui.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

class SnapshotSearchTest {
    private final Snapshot lesson = TestSnapshots.handWritten().snapshot();

    private List<Target> find(String text) {
        SearchResult r = SnapshotSearch.run(lesson, text, JobContext.NONE);
        return IntStream.range(0, r.size()).mapToObj(i -> r.target(i, lesson)).toList();
    }

    @Test
    void findsTasksByFunctionOrCreationSite() {
        assertThat(find("fib")).containsExactly(Target.of(new TaskId(3)), Target.of(new TaskId(4)),
                Target.of(new TaskId(5)), Target.of(new TaskId(6)), Target.of(new TaskId(7)),
                Target.of(new TaskId(8)), Target.of(new TaskId(9)), Target.of(new TaskId(10)));
        assertThat(find("fn:ENTRY..2")).containsExactly(Target.of(new TaskId(4)), Target.of(new TaskId(6)),
                Target.of(new TaskId(8)), Target.of(new TaskId(10)));
    }

    @Test
    void findsByStateKindAndId() {
        assertThat(find("state:queued")).containsExactly(Target.of(new TaskId(7)), Target.of(new TaskId(8)),
                Target.of(new TaskId(10)));
        assertThat(find("work_parallel")).containsExactly(Target.of(new ThreadId(0)), Target.of(new ThreadId(1)));
        assertThat(find("kind:implicit")).containsExactly(Target.of(new TaskId(1)), Target.of(new TaskId(2)));
        assertThat(find("#5")).containsExactly(Target.of(new TaskId(5)));
        assertThat(find("T1")).containsExactly(Target.of(new ThreadId(1)));
        assertThat(find("nothing-like-this")).isEmpty();
    }

    @Test
    void stepsThroughMatchesAndNavigates() {
        List<Target> visited = new ArrayList<>();
        SearchViewModel vm = new SearchViewModel(new SameThreadBackgroundTasks(), visited::add);
        vm.setSnapshot(TestSnapshots.handWritten());
        vm.textProperty().set("state:queued");
        assertThat(vm.statusProperty().get()).isEqualTo("3 matches");
        vm.next();
        vm.next();
        vm.previous();
        vm.previous();
        assertThat(visited).containsExactly(Target.of(new TaskId(7)), Target.of(new TaskId(8)),
                Target.of(new TaskId(7)), Target.of(new TaskId(10)));
        assertThat(vm.statusProperty().get()).isEqualTo("3 of 3");
    }

    @Test
    void searchesAHundredThousandTasksQuickly() {
        Snapshot big = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, 100_000, 7));
        SnapshotSearch.run(big, "task_body_3", JobContext.NONE); // warm up
        long start = System.nanoTime();
        SearchResult r = SnapshotSearch.run(big, "task_body_3", JobContext.NONE);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.size()).isGreaterThan(12_000);
        assertThat(millis).isLessThan(500); // generous for a loaded CI machine; the benchmark measures it properly
        SearchViewModel vm = new SearchViewModel(new SameThreadBackgroundTasks(), t -> { });
        vm.setSnapshot(LoadedSnapshot.of(big, "big"));
        vm.textProperty().set("kind:explicit");
        assertThat(vm.result().size()).isEqualTo(100_000);
    }
}
