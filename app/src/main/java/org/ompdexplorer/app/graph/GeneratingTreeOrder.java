package org.ompdexplorer.app.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphGroup;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.TaskGraph;

/**
 * The left-to-right order a graph's nodes keep within a layer: a depth-first walk of the generating links, a task's
 * children in creation order (the graph's node order), the roots likewise. Siblings thus stand in the order they
 * were created, a subtree keeps to its parent's side, and two tasks seen in two snapshots of a series stand the same
 * way round in both. A region's box stands where its first node does; lanes stand in thread order (the order of the
 * graph's groups), before the nodes in no lane. Linear in the nodes and edges.
 *
 * @param nodes by node index, its place among the nodes of its layer
 * @param boxes by group index, its place among the nodes of its layer
 */
record GeneratingTreeOrder(int[] nodes, int[] boxes) {
    static GeneratingTreeOrder of(TaskGraph g) {
        boolean lanes = g.groups().stream().anyMatch(GraphGroup::isLane);
        int[] nodes = walk(g, lanes ? g.groups().size() : 0);
        int[] boxes = new int[g.groups().size()];
        Arrays.fill(boxes, Integer.MAX_VALUE);
        for (GraphGroup group : g.groups()) {
            if (group.isLane()) {
                boxes[group.index()] = group.index();
            }
        }
        for (GraphNode node : g.nodes()) {
            int rank = nodes[node.index()];
            for (int at = node.group(); at >= 0 && boxes[at] > rank; at = g.groups().get(at).parent()) {
                boxes[at] = rank;
            }
        }
        return new GeneratingTreeOrder(nodes, boxes);
    }

    /** Each node's place in the walk, from {@code first} on. */
    private static int[] walk(TaskGraph g, int first) {
        int n = g.nodes().size();
        int[] parent = new int[n];
        Arrays.fill(parent, -1);
        for (GraphEdge e : g.edges()) {
            if (e.kind() == EdgeKind.GENERATING && e.from() != e.to()) {
                parent[e.to()] = e.from();
            }
        }
        List<List<Integer>> children = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            children.add(new ArrayList<>(0));
        }
        List<Integer> roots = new ArrayList<>();
        for (int i = 0; i < n; i++) { // in node order, which is creation order
            (parent[i] < 0 ? roots : children.get(parent[i])).add(i);
        }
        int[] rank = new int[n];
        Arrays.fill(rank, -1);
        int next = first;
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        for (int r = roots.size() - 1; r >= 0; r--) {
            todo.push(roots.get(r));
        }
        while (!todo.isEmpty()) {
            int at = todo.pop();
            if (rank[at] >= 0) {
                continue;
            }
            rank[at] = next++;
            List<Integer> c = children.get(at);
            for (int i = c.size() - 1; i >= 0; i--) {
                todo.push(c.get(i));
            }
        }
        for (int i = 0; i < n; i++) { // a cycle of generating links no root reaches: after the rest, in node order
            if (rank[i] < 0) {
                rank[i] = next++;
            }
        }
        return rank;
    }
}
