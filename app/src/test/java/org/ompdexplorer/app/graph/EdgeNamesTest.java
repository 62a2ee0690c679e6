package org.ompdexplorer.app.graph;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.graph.EdgeKind;

/**
 * One word, one thing (issue 24 item 15): "waits for" is a navigator badge's word for a task's unfinished
 * dependences; the graph's edge from a task at a taskwait or taskgroup to its child has a name of its own.
 */
class EdgeNamesTest {
    @Test
    void theTaskwaitEdgeIsNamedAwaitsInTheKeyTheLegendAndItsLabel() {
        EdgeStyle style = EdgeStyle.of(EdgeKind.WAITS_FOR, GraphPalette.LIGHT);
        assertThat(style.name()).isEqualTo("awaits");
        assertThat(EdgeKind.WAITS_FOR.label()).isEqualTo("awaits");
        assertThat(style.meaning()).contains("is at a taskwait or a taskgroup").contains("\"waits for\" is the unfinished");
        for (EdgeKind kind : EdgeKind.values()) {
            assertThat(EdgeStyle.of(kind, GraphPalette.LIGHT).name()).isNotEqualTo("waits for");
        }
    }
}
