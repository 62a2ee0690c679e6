package org.ompdexplorer.app.stacks;

import org.ompdexplorer.app.graph.TextMetrics;

/**
 * The parallel stacks in Graphviz's DOT language: a box per block with its threads and frames (left-aligned lines),
 * filled in its class's colour, an edge from each block to the blocks under it; {@code dot -Tpdf} lays it out
 * top-down as the window does.
 */
public final class StacksDot {
    private StacksDot() {
    }

    public static String write(StacksPicture picture, StacksPalette p) {
        StringBuilder b = new StringBuilder("digraph stacks {\n")
                .append("  graph [rankdir=TB, bgcolor=\"").append(p.background()).append("\", fontname=\"")
                .append(TextMetrics.FONT_FAMILY).append("\"];\n")
                .append("  node [shape=box, style=\"rounded,filled\", fontname=\"").append(TextMetrics.FONT_FAMILY)
                .append("\", fontsize=11, fontcolor=\"").append(p.fg()).append("\"];\n")
                .append("  edge [color=\"").append(p.edge()).append("\", arrowhead=none];\n");
        for (StacksPicture.Block block : picture.blocks()) {
            b.append("  b").append(block.index()).append(" [label=").append(label(block)).append(", fillcolor=\"")
                    .append(p.fill(block.stackClass())).append("\", color=\"").append(p.stroke(block.stackClass()))
                    .append("\"").append(block.stackClass() >= 0 ? ", penwidth=2" : "").append("];\n");
        }
        for (StacksPicture.Edge e : picture.edges()) {
            b.append("  b").append(e.from()).append(" -> b").append(e.to()).append(";\n");
        }
        return b.append("}\n").toString();
    }

    /** Each line left-aligned ({@code \l}), quotes and backslashes escaped. */
    private static String label(StacksPicture.Block block) {
        StringBuilder b = new StringBuilder("\"");
        for (String line : block.text().split("\n")) {
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                switch (c) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    default -> b.append(c < 0x20 ? ' ' : c);
                }
            }
            b.append("\\l");
        }
        return b.append('"').toString();
    }
}
