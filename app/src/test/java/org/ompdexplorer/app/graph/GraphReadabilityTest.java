package org.ompdexplorer.app.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.model.graph.GraphGroup;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;

/**
 * What a reader of a lesson's graph relies on (issue 24 items 8, 9): every node and region header holds its whole
 * text, no edge runs through a region's header, and a step is laid out the same way every time.
 */
class GraphReadabilityTest {
    static java.util.stream.Stream<String> lessons() {
        return GraphLayoutTest.lessons();
    }

    private static GraphLayout laidOut(String step) {
        return GraphLayouter.layout(TaskGraphBuilder.of(GraphLayoutTest.lesson(step), GraphScope.whole(),
                GraphOptions.DEFAULT));
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void everyNodeHoldsItsWholeText(String step) {
        GraphLayout layout = laidOut(step);
        for (GraphNode n : layout.graph().nodes()) {
            Rect box = layout.nodes().get(n.index());
            double room = box.w() - 2 * NodeText.PAD_X;
            assertThat(TextMetrics.width(NodeText.title(n), NodeText.TITLE_SIZE, true)).as("%s: title of %s",
                    step, n.label()).isLessThanOrEqualTo(room);
            List<String> lines = NodeText.detailLines(n);
            assertThat(String.join(" · ", lines)).as("%s: every detail of %s drawn", step, n.label())
                    .isEqualTo(NodeText.detail(n));
            for (String line : lines) {
                assertThat(TextMetrics.width(line, NodeText.DETAIL_SIZE, false)).as("%s: details of %s: %s", step,
                        n.label(), line).isLessThanOrEqualTo(room);
            }
            // the last line's baseline (GraphPainter) and its descent within the box
            assertThat(32 + (lines.size() - 1) * NodeText.DETAIL_LINE + 4).as("%s: lines of %s", step, n.label())
                    .isLessThanOrEqualTo(box.h());
        }
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void everyRegionHeaderHoldsItsLabelAndNoEdgeCrossesIt(String step) {
        GraphLayout layout = laidOut(step);
        for (GraphGroup g : layout.graph().groups()) {
            Rect box = layout.groups().get(g.index());
            Rect header = layout.headers().get(g.index());
            assertThat(TextMetrics.width(g.label(), GraphLayouter.GROUP_LABEL_SIZE, true))
                    .as("%s: header of %s holds its label", step, g.label())
                    .isLessThanOrEqualTo(header.w() - 2 * GraphLayouter.HEADER_PAD);
            assertThat(box.contains(header.x(), header.y()) && box.contains(header.maxX(), header.maxY()))
                    .as("%s: header %s of %s within its box %s", step, header, g.label(), box).isTrue();
            for (int e = 0; e < layout.edges().size(); e++) {
                double[] xy = layout.edges().get(e).points();
                for (int i = 0; i + 3 < xy.length; i += 2) {
                    assertThat(crosses(header, xy[i], xy[i + 1], xy[i + 2], xy[i + 3]))
                            .as("%s: edge %s crosses the header of %s", step, layout.graph().edges().get(e), g.label())
                            .isFalse();
                }
            }
            for (GraphNode n : layout.graph().nodes()) {
                assertThat(header.intersects(layout.nodes().get(n.index()))).as("%s: %s over the header of %s", step,
                        n.label(), g.label()).isFalse();
            }
        }
    }

    /** Whether an axis-parallel segment runs through a box (touching its border does not count). */
    static boolean crosses(Rect r, double x1, double y1, double x2, double y2) {
        double minX = Math.min(x1, x2);
        double maxX = Math.max(x1, x2);
        double minY = Math.min(y1, y2);
        double maxY = Math.max(y1, y2);
        return maxX > r.x() && minX < r.maxX() && maxY > r.y() && minY < r.maxY();
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void aStepIsLaidOutTheSameWayEveryTime(String step) {
        GraphLayout first = laidOut(step);
        GraphLayout second = laidOut(step);
        assertThat(second.nodes()).isEqualTo(first.nodes());
        assertThat(second.groups()).isEqualTo(first.groups());
        for (int e = 0; e < first.edges().size(); e++) {
            assertThat(Arrays.equals(second.edges().get(e).points(), first.edges().get(e).points())).isTrue();
        }
    }
}
