package org.ompdexplorer.app.graph;

import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphGroup;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.TaskGraph;

/**
 * The graph in Graphviz's DOT language: regions as clusters, node shapes and edge styles as in the window, so that
 * {@code dot -Tpdf} gives the same picture laid out by Graphviz.
 */
public final class DotWriter {
    private DotWriter() {
    }

    public static String write(TaskGraph graph, GraphPalette p) {
        StringBuilder b = new StringBuilder("digraph tasks {\n")
                .append("  graph [rankdir=TB, fontname=\"").append(TextMetrics.FONT_FAMILY)
                .append("\", fontsize=11, compound=true];\n")
                .append("  node [fontname=\"").append(TextMetrics.FONT_FAMILY)
                .append("\", fontsize=11, style=filled];\n")
                .append("  edge [fontname=\"").append(TextMetrics.FONT_FAMILY).append("\", fontsize=9];\n");
        cluster(graph, -1, p, b, "  ");
        for (GraphEdge e : graph.edges()) {
            EdgeStyle s = EdgeStyle.of(e.kind(), p);
            b.append("  n").append(e.from()).append(" -> n").append(e.to()).append(" [color=\"").append(s.color())
                    .append("\", penwidth=").append(s.width());
            if (s.dash() != null) {
                b.append(", style=").append(s.dash()[0] > 3 ? "dashed" : "dotted");
            }
            b.append(", tooltip=").append(quote(GraphPainter.title(e, s)));
            if (!e.label().isEmpty()) {
                b.append(", label=").append(quote(e.label())).append(", fontcolor=\"").append(s.color()).append('"');
            }
            b.append("];\n");
        }
        return b.append("}\n").toString();
    }

    /** The nodes and nested clusters of one group ({@code -1}: the top level). */
    private static void cluster(TaskGraph graph, int group, GraphPalette p, StringBuilder b, String indent) {
        for (GraphGroup g : graph.groups()) {
            if (g.parent() == group) {
                b.append(indent).append("subgraph cluster_").append(g.index()).append(" {\n")
                        .append(indent).append("  label=").append(quote(g.label()))
                        .append("; style=dashed; color=\"").append(p.border()).append("\";\n");
                cluster(graph, g.index(), p, b, indent + "  ");
                b.append(indent).append("}\n");
            }
        }
        for (GraphNode n : graph.nodes()) {
            if (n.group() == group) {
                b.append(indent).append('n').append(n.index()).append(" [label=")
                        .append(quote(NodeText.title(n) + "\n" + NodeText.detail(n))).append(", shape=")
                        .append(shape(n)).append(", fillcolor=\"").append(p.fill(n.lifecycle()))
                        .append("\", color=\"").append(p.stroke(n.lifecycle())).append("\"];\n");
            }
        }
    }

    private static String shape(GraphNode n) {
        return switch (n.kind()) {
            case INITIAL -> "oval";
            case IMPLICIT -> "box, style=\"rounded,filled\"";
            case EXPLICIT -> "box";
            case TARGET -> "octagon";
            case AGGREGATE, SUBTREE, MORE -> "box3d";
        };
    }

    /** A DOT string: quotes and backslashes escaped, a line break as DOT's centred {@code \n}. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> b.append(c < 0x20 ? ' ' : c);
            }
        }
        return b.append('"').toString();
    }
}
