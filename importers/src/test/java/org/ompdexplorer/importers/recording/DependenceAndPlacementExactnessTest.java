package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;

/**
 * Issue 28 item 5: a recording gives exactly the dependences its depend clauses imply, drawn as the whole-run graph's
 * dependence edges, and runs a task where the program fixes it. The expectation is the source's, never the
 * recording's.
 *
 * <p>libomp reports a dependence only while its predecessor has not completed (a completed one no longer holds the
 * task back), so a program whose predecessors may finish before their successors are created (corpus/wavefront.c
 * on a fast machine) records fewer dependences than its clauses name. The dependences lesson holds its producer
 * until every task is created: all its dependences are reported.
 */
class DependenceAndPlacementExactnessTest {
    @TempDir
    Path dir;

    @Test
    void theDependencesLessonHasExactlyTheEdgesItsDependClausesImply() throws Exception {
        RecordedRun r = RecordedRun.of(RecordedRun.lesson("task-dependences"), dir, Map.of());
        List<Task> tasks = r.tasksOf(TaskKind.EXPLICIT);
        // in creation order (the source's): producer, left, right, join, combine, consumer
        assertThat(tasks).hasSize(6);
        long producer = id(tasks, 0), left = id(tasks, 1), right = id(tasks, 2), join = id(tasks, 3);
        long combine = id(tasks, 4), consumer = id(tasks, 5);
        Set<List<Long>> implied = Set.of(List.of(producer, left), List.of(producer, right), List.of(left, join),
                List.of(right, join), List.of(producer, combine), List.of(combine, consumer));
        Set<List<Long>> recorded = new HashSet<>();
        for (Task t : tasks) {
            for (TaskId before : t.agent().dependsOn()) {
                assertThat(recorded.add(List.of(before.value(), t.id().value()))).as("reported once").isTrue();
            }
        }
        assertThat(recorded).isEqualTo(implied);
        TaskGraph graph = TaskGraphBuilder.of(r.snapshot, GraphScope.whole(),
                new GraphOptions(false, 0, 0, Set.of()));
        Set<List<Long>> drawn = new HashSet<>();
        for (GraphEdge e : graph.edges()) {
            if (e.kind() == EdgeKind.DEPENDENCE) {
                drawn.add(List.of(graph.nodes().get(e.from()).tasks().getFirst(),
                        graph.nodes().get(e.to()).tasks().getFirst()));
            }
        }
        assertThat(drawn).as("the graph's dependence edges").isEqualTo(implied);
        // the clauses as declared: out is reported as inout; x, a, b and y are four variables
        long x = address(tasks, 0, 0);
        assertThat(types(tasks.get(0))).containsExactly(DependenceType.INOUT);
        assertThat(tasks.get(1).agent().dependences()).extracting(Dependence::type, Dependence::address)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(DependenceType.IN, x),
                        org.assertj.core.groups.Tuple.tuple(DependenceType.INOUT, address(tasks, 1, 1)));
        assertThat(types(tasks.get(3))).containsExactly(DependenceType.IN, DependenceType.IN);
        assertThat(address(tasks, 3, 0)).isEqualTo(address(tasks, 1, 1));
        assertThat(address(tasks, 3, 1)).isEqualTo(address(tasks, 2, 1));
        assertThat(address(tasks, 5, 0)).isEqualTo(address(tasks, 4, 1)).isNotEqualTo(x);
        // the single's thread waits until the producer runs: it runs on the team's other thread
        Task single = r.task(tasks.get(0).generatingTask().get());
        assertThat(r.run.beganOn(new TaskId(producer))).isNotEqualTo(r.run.beganOn(single.id()))
                .isNotEqualTo(Fact.absent());
    }

    /**
     * A wavefront over an N×N matrix (the dependence-matrix pattern of blocked LU and Smith-Waterman): cell (i,j)
     * reads (i-1,j) and (i,j-1) and writes itself. Cell (0,0) is held until every cell is created, so no cell
     * completes before its successors exist and every dependence is reported.
     */
    private static final String WAVEFRONT = """
            #include <omp.h>
            #include <stdatomic.h>
            #include <stdio.h>
            #define N 5

            static atomic_int started, release;
            static double m[N][N];

            int main(void) {
            #pragma omp parallel num_threads(2)
            #pragma omp single
                {
            #pragma omp task depend(inout : m[0][0])
                    {
                        atomic_store(&started, 1);
                        while (!atomic_load(&release)) {
                        }
                        m[0][0] = 1;
                    }
                    while (!atomic_load(&started)) {
                    }
                    for (int i = 0; i < N; i++) {
                        for (int j = 0; j < N; j++) {
                            if (i == 0 && j == 0) {
                                continue;
                            }
                            if (i == 0) {
            #pragma omp task depend(in : m[i][j - 1]) depend(inout : m[i][j]) firstprivate(i, j)
                                m[i][j] = m[i][j - 1] + 1;
                            } else if (j == 0) {
            #pragma omp task depend(in : m[i - 1][j]) depend(inout : m[i][j]) firstprivate(i, j)
                                m[i][j] = m[i - 1][j] + 1;
                            } else {
            #pragma omp task depend(in : m[i - 1][j], m[i][j - 1]) depend(inout : m[i][j]) firstprivate(i, j)
                                m[i][j] = m[i - 1][j] + m[i][j - 1];
                            }
                        }
                    }
                    atomic_store(&release, 1);
                }
                printf("%g\\n", m[N - 1][N - 1]);
                return 0;
            }
            """;

    @Test
    void aHeldWavefrontHasExactlyTheEdgesOfItsMatrix() throws Exception {
        int n = 5;
        Path source = Files.writeString(dir.resolve("wavefront_held.c"), WAVEFRONT);
        RecordedRun r = RecordedRun.of(source, dir, Map.of());
        List<Task> cells = r.tasksOf(TaskKind.EXPLICIT); // in creation order: row by row
        assertThat(cells).hasSize(n * n);
        Set<List<Long>> implied = new HashSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long cell = id(cells, i * n + j);
                if (i > 0) {
                    implied.add(List.of(id(cells, (i - 1) * n + j), cell));
                }
                if (j > 0) {
                    implied.add(List.of(id(cells, i * n + j - 1), cell));
                }
                // the cell's own inout is its last dependence, on its own element; readers name their neighbours'
                Task t = cells.get(i * n + j);
                assertThat(types(t).getLast()).isEqualTo(DependenceType.INOUT);
                assertThat(types(t)).hasSize(1 + (i > 0 ? 1 : 0) + (j > 0 ? 1 : 0));
                if (i > 0) {
                    assertThat(address(cells, i * n + j, 0)).isEqualTo(address(cells, (i - 1) * n + j,
                            types(cells.get((i - 1) * n + j)).size() - 1));
                }
            }
        }
        assertThat(implied).hasSize(2 * n * (n - 1));
        Set<List<Long>> recorded = new HashSet<>();
        for (Task t : cells) {
            for (TaskId before : t.agent().dependsOn()) {
                assertThat(recorded.add(List.of(before.value(), t.id().value()))).as("reported once").isTrue();
            }
        }
        assertThat(recorded).isEqualTo(implied);
        TaskGraph graph = TaskGraphBuilder.of(r.snapshot, GraphScope.whole(), new GraphOptions(false, 0, 0, Set.of()));
        Set<List<Long>> drawn = new HashSet<>();
        for (GraphEdge e : graph.edges()) {
            if (e.kind() == EdgeKind.DEPENDENCE) {
                drawn.add(List.of(graph.nodes().get(e.from()).tasks().getFirst(),
                        graph.nodes().get(e.to()).tasks().getFirst()));
            }
        }
        assertThat(drawn).as("the graph's dependence edges: more than its nodes").isEqualTo(implied)
                .hasSizeGreaterThan(graph.nodes().size());
    }

    /** Tasks with if(0) are undeferred: each runs on the thread that creates it, at once. */
    private static final String UNDEFERRED = """
            #include <omp.h>
            #include <stdio.h>

            int main(void) {
                int sum = 0;
            #pragma omp parallel num_threads(4) reduction(+ : sum)
                for (int k = 0; k < 3; k++) {
            #pragma omp task if (0) shared(sum)
                    sum += omp_get_thread_num();
                }
                printf("%d\\n", sum);
                return 0;
            }
            """;

    @Test
    void undeferredTasksRunOnTheThreadThatCreatedThem() throws Exception {
        Path source = Files.writeString(dir.resolve("undeferred.c"), UNDEFERRED);
        RecordedRun r = RecordedRun.of(source, dir, Map.of());
        List<Task> implicit = r.tasksOf(TaskKind.IMPLICIT);
        assertThat(implicit).extracting(t -> t.threadNum().get()).containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(implicit.stream().map(t -> r.run.beganOn(t.id())).distinct()).hasSize(4);
        assertThat(r.tasksOf(TaskKind.EXPLICIT)).hasSize(4 * 3);
        for (Task team : implicit) {
            List<Task> created = r.children(team);
            assertThat(created).as("task %s's loop", team.id()).hasSize(3);
            Fact<ThreadId> thread = r.run.beganOn(team.id());
            for (Task t : created) {
                assertThat(t.agent().flags()).contains(TaskFlag.UNDEFERRED);
                assertThat(r.run.beganOn(t.id())).as("task %s", t.id()).isEqualTo(thread);
                assertThat(r.run.moved(t.id())).isFalse();
                assertThat(r.children(t)).isEmpty();
            }
        }
    }

    private static long id(List<Task> tasks, int i) {
        return tasks.get(i).id().value();
    }

    private static long address(List<Task> tasks, int task, int dependence) {
        return tasks.get(task).agent().dependences().get(dependence).address();
    }

    private static List<DependenceType> types(Task t) {
        return t.agent().dependences().stream().map(Dependence::type).toList();
    }
}
