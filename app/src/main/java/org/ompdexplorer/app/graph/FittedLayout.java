package org.ompdexplorer.app.graph;

import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;

/**
 * A scope's graph laid out within {@value #MAX_SIDE} px on each side at 100 %, when its options limit the picture's
 * width and depth ({@link GraphOptions#fitted()}): the options' limits are a guess made in nodes; when ELK's picture
 * still comes out bigger (wide nodes, long edges, nested region boxes), the limit of the side that is too long is cut
 * in proportion and the graph made again, a few times at most. Once the user opened nodes, the picture is what they
 * asked for: it is not made again, and may be bigger. Pure computation: call it off the FX thread.
 */
public final class FittedLayout {
    /**
     * The longest side of a picture by default, in px at 100 %: a PNG of it at twice the size is within
     * {@link GraphExport#MAX_PNG_SIDE}.
     */
    public static final double MAX_SIDE = 8_000;
    private static final int ROUNDS = 4;
    /** Aim a little below the bound: what collapses is whole subtrees, which does not shrink a side in proportion. */
    private static final double MARGIN = 0.95;

    private FittedLayout() {
    }

    public static GraphLayout layout(Snapshot snapshot, GraphScope scope, GraphOptions options) {
        return layout(snapshot, scope, options, MAX_SIDE);
    }

    /**
     * As {@link #layout(Snapshot, GraphScope, GraphOptions)}, within {@code maxSide} px a side: the window asks for
     * less than a file gets, a picture that fits its pane with the text drawn.
     */
    public static GraphLayout layout(Snapshot snapshot, GraphScope scope, GraphOptions options, double maxSide) {
        return layout(snapshot, scope, options, maxSide, maxSide);
    }

    /**
     * As {@link #layout(Snapshot, GraphScope, GraphOptions)}, within {@code maxWidth × maxHeight} px: the window bounds
     * the width by the pane the graph is shown in.
     */
    public static GraphLayout layout(Snapshot snapshot, GraphScope scope, GraphOptions options, double maxWidth,
                                     double maxHeight) {
        var graphs = TaskGraphBuilder.graphsOf(snapshot, scope);
        GraphLayout layout = GraphLayouter.layout(graphs.apply(options));
        GraphOptions tried = options;
        boolean asked = !options.expanded().isEmpty();
        for (int round = 0; round < ROUNDS && tried.fitted() && !asked && !fits(layout, maxWidth, maxHeight);
             round++) {
            GraphOptions tighter = tried.tighter(MARGIN * maxWidth / layout.width(),
                    MARGIN * maxHeight / layout.height());
            if (tighter.equals(tried)) {
                break; // at the smallest limits already: the roots and their first children take the room
            }
            tried = tighter;
            TaskGraph smaller = graphs.apply(tried);
            if (smaller.nodes().size() < layout.graph().nodes().size()) {
                layout = GraphLayouter.layout(smaller);
            }
        }
        return layout;
    }

    /** Whether a layout is within {@value #MAX_SIDE} px on both sides. */
    public static boolean fits(GraphLayout layout) {
        return fits(layout, MAX_SIDE, MAX_SIDE);
    }

    private static boolean fits(GraphLayout layout, double maxWidth, double maxHeight) {
        return layout.width() <= maxWidth && layout.height() <= maxHeight;
    }
}
