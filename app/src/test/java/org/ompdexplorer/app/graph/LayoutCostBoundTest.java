package org.ompdexplorer.app.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.graph.GraphGroup;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * Issue 23 item 5: what the layouter is handed — nodes, edges and region boxes, counted — is bounded by a function
 * of the node budget (--max-nodes) alone, whatever the snapshot: scheduling links between every pair of collapsed
 * nodes, a scheduling cycle through every task, regions nested 5,000 deep. The CLI's graph and the window's use
 * the same builder and {@link FittedLayout}.
 */
class LayoutCostBoundTest {
    /** Per node: the node, 4 edges (ADR 12) and {@value #BOXES} region boxes. */
    private static final int BOXES = 16;

    private static void assertBounded(TaskGraph g, int maxNodes, String what) {
        int nodes = g.nodes().size();
        assertThat(nodes).as("%s: nodes", what).isLessThanOrEqualTo(maxNodes);
        assertThat(g.edges().size()).as("%s: edges of %d nodes", what, nodes).isLessThanOrEqualTo(4 * nodes);
        assertThat(g.groups().size()).as("%s: region boxes of %d nodes", what, nodes)
                .isLessThanOrEqualTo(BOXES * nodes);
        for (GraphGroup group : g.groups()) {
            int depth = 0;
            for (GraphGroup at = group; at.parent() >= 0; at = g.groups().get(at.parent())) {
                depth++;
            }
            assertThat(depth).as("%s: boxes nested in boxes", what).isLessThan(BOXES);
        }
    }

    private static GraphOptions cliOptions(int maxNodes) {
        return maxNodes < 0 ? GraphOptions.DEFAULT : GraphOptions.DEFAULT.withMaxNodes(maxNodes).withShape(0, 0);
    }

    @Test
    void schedulingLinksEverywhereAndInACycleAreBoundedByTheNodes() {
        Snapshot generated = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, 30_000, 5));
        int n = generated.tasks().size();
        SplittableRandom random = new SplittableRandom(3);
        Snapshot stolen = SnapshotEdits.scheduledOver(generated, p -> random.nextInt(n));
        Snapshot ring = SnapshotEdits.scheduledOver(generated, p -> (p + 1) % n);
        for (Snapshot s : List.of(stolen, ring)) {
            for (int maxNodes : new int[] {-1, 50, 2000}) {
                assertBounded(TaskGraphBuilder.of(s, GraphScope.whole(), cliOptions(maxNodes)),
                        maxNodes < 0 ? 2000 : maxNodes, "--max-nodes " + maxNodes);
            }
        }
    }

    /** Regions nested {@code depth} deep, the innermost's implicit task generating {@code extra} explicit tasks. */
    private static Snapshot nested(int depth) throws Exception {
        StringBuilder json = new StringBuilder("{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\","
                + "\"capture\":{\"source\":\"hand-written\"},\"threads\":[{\"id\":1}],\"parallelRegions\":[");
        for (int r = 1; r <= depth; r++) {
            json.append(r > 1 ? "," : "").append("{\"id\":").append(r).append(",\"teamSize\":1")
                    .append(r > 1 ? ",\"enclosingRegion\":" + (r - 1) : "").append('}');
        }
        json.append("],\"tasks\":[{\"id\":1,\"kind\":\"initial\",\"parallelRegion\":1}");
        for (int r = 2; r <= depth; r++) {
            json.append(",{\"id\":").append(r).append(",\"kind\":\"implicit\",\"generatingTask\":").append(r - 1)
                    .append(",\"parallelRegion\":").append(r).append('}');
        }
        // a task of the innermost region with no generating task: a root of the graph, 5,000 boxes deep
        json.append(",{\"id\":").append(depth + 1).append(",\"kind\":\"explicit\",\"parallelRegion\":").append(depth)
                .append(",\"lifecycle\":\"queued\"}]}");
        byte[] bytes = json.toString().getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "nested.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
    }

    @Test
    @Timeout(300) // a hang guard only: before, ELK was handed 5,000 nested boxes
    void regionsNestedThousandsDeepAreAtMostSixteenBoxesAPictureLaysOut() throws Exception {
        Snapshot deep = nested(5_000);
        for (GraphScope scope : List.of(GraphScope.whole(), new GraphScope.Subtree(new TaskId(5_001)))) {
            for (int maxNodes : new int[] {-1, 5, 50}) {
                TaskGraph g = TaskGraphBuilder.of(deep, scope, cliOptions(maxNodes));
                assertBounded(g, maxNodes < 0 ? 2000 : maxNodes, scope + " --max-nodes " + maxNodes);
            }
        }
        GraphLayout laidOut = FittedLayout.layout(deep, new GraphScope.Subtree(new TaskId(5_001)), cliOptions(5));
        assertBounded(laidOut.graph(), 5, "laid out");
        assertThat(laidOut.graph().groups()).extracting(GraphGroup::label)
                .anyMatch(l -> l.contains("regions nested inside"));
    }
}
