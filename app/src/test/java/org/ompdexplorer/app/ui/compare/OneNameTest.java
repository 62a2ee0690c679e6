package org.ompdexplorer.app.ui.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.cli.Cli;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.details.DetailsPage;
import org.ompdexplorer.app.ui.details.DetailsPages;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.ompdexplorer.app.ui.navigator.NavigatorViewModel;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.diff.Matching;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;
import org.ompdexplorer.resources.BundledResources;

/**
 * One entity, one name (issue 24, item 13; docs/ui.md "Names"): the same task, thread and region of the
 * task-dependences lesson (steps 2 → 3) named by the navigator, its details page, the compare pages, the graph and
 * the {@code summary} and {@code diff} reports — the same id and the same words everywhere.
 */
class OneNameTest {
    private static final LoadedSnapshot A = TestSnapshots.lessonStep("task-dependences", 2);
    private static final LoadedSnapshot B = TestSnapshots.lessonStep("task-dependences", 3);

    @TempDir
    Path dir;

    @Test
    void aTaskHasOneNameInEveryViewAndReport() throws IOException {
        Target task = Target.of(new TaskId(5));
        NavNode row = navigatorRow(task);
        DetailsPage page = DetailsPages.of(B, task);
        String compare = compareName(new EntityRef(org.ompdexplorer.model.EntityKind.TASK, 5));
        TaskGraph graph = TaskGraphBuilder.of(B.snapshot(), GraphScope.whole(), GraphOptions.DEFAULT);
        String node = graph.nodes().get(graph.nodeOf(5).orElseThrow()).label();

        // the row adds where it was written (file:line), the one thing a name leaves to the page
        assertThat(row.text() + " " + row.secondary()).isEqualTo("#5 task in main (task-dependences.c:52)");
        assertThat(page.title()).isEqualTo("task #5");
        assertThat(page.subtitle()).startsWith("task in main");
        assertThat(compare).isEqualTo("task #5 (task in main)");
        assertThat(node).isEqualTo("#5 task in main");
        assertThat(summary()).contains("#5 task in main  explicit");
        assertThat(diff()).contains("~ task #5 (task in main)", "depends on: task #3 (task in main) → none")
                .doesNotContain("explicit main.omp_outlined", "task #5 explicit");
    }

    @Test
    void aThreadHasOneNameInEveryViewAndReport() throws IOException {
        Target thread = Target.of(new ThreadId(2));
        NavNode row = navigatorRow(thread);
        DetailsPage page = DetailsPages.of(B, thread);
        String lwp = "lwp " + B.snapshot().index().thread(new ThreadId(2)).orElseThrow()
                .osId(org.ompdexplorer.model.OsThreadIdKind.LWP).orElseThrow();

        assertThat(row.text() + " " + row.secondary()).isEqualTo("T2 " + lwp);
        assertThat(page.title()).isEqualTo("thread T2");
        assertThat(page.subtitle()).startsWith(lwp);
        assertThat(compareName(new EntityRef(org.ompdexplorer.model.EntityKind.THREAD, 2)))
                .isEqualTo("thread T2 (" + lwp + ")");
        assertThat(summary()).contains("\n  T2  ");
        assertThat(diff()).contains("~ thread T2 (" + lwp + ")").doesNotContain("thread #");
    }

    @Test
    void aRegionHasOneNameInEveryViewAndReport() throws IOException {
        Target region = Target.of(new RegionId(2));
        NavNode row = navigatorRow(region);
        DetailsPage page = DetailsPages.of(B, region);
        String compare = compareName(new EntityRef(org.ompdexplorer.model.EntityKind.PARALLEL_REGION, 2));

        assertThat(row.text() + " " + row.secondary()).isEqualTo("P2 in main (task-dependences.c:38)");
        assertThat(page.title()).isEqualTo("parallel region P2");
        assertThat(page.subtitle()).startsWith("in main");
        assertThat(compare).isEqualTo("parallel region P2 (in main)");
        assertThat(summary()).contains("\n    P2  ");
        // the task-count table names regions by id as the views do, not by a nesting path
        assertThat(diff()).containsPattern("(?m)^  P2 +task in main +blocked on dependences")
                .doesNotContain("region /1", "region #");
    }

    private static NavNode navigatorRow(Target target) {
        NavigatorViewModel vm = new NavigatorViewModel();
        if (target instanceof Target.Entity e && e.ref().kind() == org.ompdexplorer.model.EntityKind.THREAD) {
            vm.groupingProperty().set(org.ompdexplorer.app.ui.navigator.Grouping.THREADS);
        }
        vm.setSnapshot(B);
        List<String> path = vm.pathTo(target).orElseThrow();
        NavNode node = vm.rootsProperty().get().stream().filter(n -> n.id().equals(path.getFirst())).findFirst()
                .orElseThrow();
        for (String id : path.subList(1, path.size())) {
            node = node.children().get(node.children().indexOf(id));
        }
        return node;
    }

    private static String compareName(EntityRef ref) {
        SnapshotDiff d = SnapshotDiff.of(A.snapshot(), B.snapshot());
        int b = Matching.position(B.snapshot(), ref);
        return UnionNames.of(d, new UnionNode(ref.kind(), d.matching().inA(ref.kind(), b), b));
    }

    private String summary() throws IOException {
        return cli("summary", step(3).toString());
    }

    private String diff() throws IOException {
        return cli("diff", step(2).toString(), step(3).toString());
    }

    private Path step(int n) throws IOException {
        Path file = dir.resolve("step-" + n + ".json");
        if (!Files.exists(file)) {
            try (InputStream in = BundledResources.openLessonStep("task-dependences", n)) {
                Files.copy(in, file);
            }
        }
        return file;
    }

    private static String cli(String... args) {
        StringWriter out = new StringWriter();
        Cli.run(args, new PrintWriter(out), new PrintWriter(new StringWriter()));
        return out.toString();
    }
}
