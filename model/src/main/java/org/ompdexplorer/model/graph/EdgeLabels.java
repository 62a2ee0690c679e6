package org.ompdexplorer.model.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Address;

/**
 * The links of one kind between two nodes while they are collected, and the label of the one edge they become:
 * {@code inout→in 0x7ffc…} for one dependence, {@code 99 dependences · 97 inout→in, 2 out→in} for many,
 * {@code 12 scheduling links}, {@code awaits 12}, {@code 12 generating links}.
 */
final class EdgeLabels {
    /** The most dependence types an edge names; the rest are "…". */
    private static final int TYPES_NAMED = 2;

    final int from;
    final int to;
    final EdgeKind kind;
    final int order; // when its first link was met
    int count;
    private final Map<String, Integer> types = new LinkedHashMap<>(); // dependences: "inout→in" → how many
    private long address = -1; // the variable every dependence shares; -1: none yet; -2: more than one
    private boolean untyped; // a dependence whose two sides share no variable the snapshot names

    EdgeLabels(int from, int to, EdgeKind kind, int order) {
        this.from = from;
        this.to = to;
        this.kind = kind;
        this.order = order;
    }

    /** One more dependence on this edge: its two sides' types on the variable they share, or {@code null}. */
    void dependence(String typePair, long variable) {
        if (typePair == null) {
            untyped = true;
            address = -2;
            return;
        }
        types.merge(typePair, 1, Integer::sum);
        address = address == -1 || address == variable ? variable : -2;
    }

    /** The edge, with its label; {@code target} is the kind of node it leads to. */
    GraphEdge edge(NodeKind target) {
        return new GraphEdge(from, to, kind, label(target), count);
    }

    private String label(NodeKind target) {
        if (kind == EdgeKind.DEPENDENCE) {
            return dependences();
        }
        // an aggregate's members were all generated, and are all waited for, by the one task the edge comes from:
        // its own label ("98 × task_body") already says how many
        if (count == 1 || target == NodeKind.AGGREGATE && kind != EdgeKind.SCHEDULING) {
            return "";
        }
        return switch (kind) {
            case SCHEDULING -> count + " scheduling links";
            case GENERATING -> count + " generating links";
            case WAITS_FOR -> "awaits " + count;
            case DEPENDENCE -> throw new AssertionError();
        };
    }

    private String dependences() {
        String on = address >= 0 ? " " + Address.hex(address) : "";
        if (count == 1) {
            return types.isEmpty() ? "" : types.keySet().iterator().next() + on;
        }
        StringBuilder b = new StringBuilder().append(count).append(" dependences");
        if (types.isEmpty()) {
            return b.toString();
        }
        if (types.size() == 1 && !untyped) {
            return b.append(" · ").append(types.keySet().iterator().next()).append(on).toString();
        }
        List<Map.Entry<String, Integer>> most = new ArrayList<>(types.entrySet());
        most.sort(Map.Entry.<String, Integer>comparingByValue().reversed()); // stable: first met among equals
        b.append(" · ");
        for (int i = 0; i < Math.min(TYPES_NAMED, most.size()); i++) {
            b.append(i == 0 ? "" : ", ").append(most.get(i).getValue()).append(' ').append(most.get(i).getKey());
        }
        return most.size() > TYPES_NAMED || untyped ? b.append(", …").toString() : b.toString();
    }
}
