package org.ompdexplorer.app.stacks;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.app.graph.Rect;
import org.ompdexplorer.app.graph.TextMetrics;
import org.ompdexplorer.model.IdRanges;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.FrameKey;
import org.ompdexplorer.model.callstack.MergedStacks;

/**
 * Lays the merged stacks out as a tree of boxes, outermost at the top (STAT's and Visual Studio's Parallel Stacks'
 * picture): a chain of frames that the same threads share is one box (as {@code stacks --merged} prints one block),
 * a box's children side by side under it, each box centred over its children. Text is measured with the graph's font
 * metrics, so it runs off the FX thread and the SVG matches the window. At most {@link #MAX_BLOCKS} boxes, taken
 * breadth first so that no branch is starved; a box shows at most {@link #MAX_LINES} frames. Linear in the boxes.
 */
public final class StacksLayouter {
    public static final int MAX_BLOCKS = 400;
    public static final int MAX_LINES = 30;
    public static final double FONT = 12;
    static final double LINE = 16;
    static final double PAD = 8;
    static final double GAP_X = 24;
    static final double GAP_Y = 36;
    static final double MIN_WIDTH = 140;
    static final double MAX_WIDTH = 440;
    static final double MARGIN = 16;
    static final double SLACK = 8;

    private StacksLayouter() {
    }

    /** A box before it is placed. */
    private static final class Proto {
        final List<MergedStacks.Node> chain = new ArrayList<>();
        final List<Proto> children = new ArrayList<>();
        List<String> lines;
        List<Boolean> runtime;
        String heading;
        String ending = "";
        int stackClass = -1;
        double width;
        double height;
        double subtree;
        int index;
        Rect bounds;

        MergedStacks.Node last() {
            return chain.getLast();
        }
    }

    /** The picture of every thread's stack in {@code snapshot}, runtime runs folded or not. */
    public static StacksPicture of(org.ompdexplorer.model.Snapshot snapshot, boolean runtimeFolded) {
        java.util.Set<FrameKey> runtime = new java.util.HashSet<>();
        for (org.ompdexplorer.model.callstack.CallStack stack : snapshot.callStacks()) {
            for (org.ompdexplorer.model.callstack.CallFrame f : stack.frames()) {
                if (f.role() == org.ompdexplorer.model.callstack.FrameRole.RUNTIME) {
                    runtime.add(FrameKey.of(f, snapshot.modules()));
                }
            }
        }
        return layout(MergedStacks.of(snapshot.callStacks(), snapshot.modules(), runtimeFolded), runtimeFolded,
                runtime);
    }

    /** @param runtime the places of the runtime's frames, shown muted when not folded */
    public static StacksPicture layout(MergedStacks merged, boolean runtimeFolded, java.util.Set<FrameKey> runtime) {
        List<MergedStacks.Node> ends = merged.classes();
        Map<MergedStacks.Node, Integer> classOf = new IdentityHashMap<>();
        for (int i = 0; i < ends.size(); i++) {
            classOf.put(ends.get(i), i);
        }
        List<Proto> roots = new ArrayList<>();
        int hidden = build(merged.root(), roots);
        List<Proto> order = new ArrayList<>();
        double x = MARGIN;
        double height = 0;
        for (Proto r : roots) {
            measure(r, classOf, runtime);
        }
        for (Proto r : roots) {
            height = Math.max(height, place(r, x, MARGIN, order));
            x += r.subtree + GAP_X;
        }
        List<StacksPicture.Block> blocks = new ArrayList<>();
        List<StacksPicture.Edge> edges = new ArrayList<>();
        Map<MergedStacks.Node, Integer> blockOfEnd = new IdentityHashMap<>();
        for (Proto p : order) {
            blocks.add(new StacksPicture.Block(p.index, p.bounds, p.heading, p.lines, p.runtime, p.last().threads(),
                    p.stackClass, p.ending));
            blockOfEnd.put(p.last(), p.index);
            for (Proto c : p.children) {
                double px = p.bounds.centerX();
                double cx = c.bounds.centerX();
                double mid = p.bounds.maxY() + GAP_Y / 2;
                edges.add(new StacksPicture.Edge(p.index, c.index, new double[] {px, p.bounds.maxY(), px, mid, cx,
                    mid, cx, c.bounds.y()}));
            }
        }
        List<StacksPicture.StackClass> classes = new ArrayList<>();
        for (int i = 0; i < ends.size(); i++) {
            Integer block = blockOfEnd.get(ends.get(i));
            if (block != null) {
                classes.add(new StacksPicture.StackClass(i, label(i), ends.get(i).ending(), block,
                        merged.where(ends.get(i)).shortDisplay()));
            }
        }
        double width = roots.isEmpty() ? 0 : x - GAP_X + MARGIN;
        return new StacksPicture(width, roots.isEmpty() ? 0 : height + MARGIN, blocks, edges, classes,
                merged.threadCount(), runtimeFolded, hidden);
    }

    /** The boxes under {@code root}, breadth first, up to the cap; returns how many were left out. */
    private static int build(MergedStacks.Node root, List<Proto> roots) {
        record Pending(MergedStacks.Node start, Proto parent) {
        }
        ArrayDeque<Pending> queue = new ArrayDeque<>();
        root.children().forEach(c -> queue.add(new Pending(c, null)));
        int made = 0;
        int hidden = 0;
        while (!queue.isEmpty()) {
            Pending next = queue.poll();
            if (made >= MAX_BLOCKS) {
                hidden++;
                continue;
            }
            made++;
            Proto p = new Proto();
            MergedStacks.Node node = next.start();
            p.chain.add(node);
            while (node.children().size() == 1 && node.children().getFirst().threads().equals(node.threads())) {
                node = node.children().getFirst();
                p.chain.add(node);
            }
            (next.parent() == null ? roots : next.parent().children).add(p);
            for (MergedStacks.Node c : node.children()) {
                queue.add(new Pending(c, p));
            }
        }
        return hidden;
    }

    private static void measure(Proto p, Map<MergedStacks.Node, Integer> classOf, java.util.Set<FrameKey> runtime) {
        MergedStacks.Node last = p.last();
        Integer ends = classOf.get(last);
        if (ends != null && p.children.isEmpty()) {
            p.stackClass = ends;
        } else if (ends != null) {
            p.ending = "← " + threads(last.ending()) + " end here · class " + label(ends);
        }
        p.heading = threads(last.threads()) + (p.stackClass >= 0 ? "  · class " + label(p.stackClass) : "");
        p.lines = new ArrayList<>();
        p.runtime = new ArrayList<>();
        int n = p.chain.size();
        int keep = n > MAX_LINES ? MAX_LINES / 2 : n;
        for (int i = 0; i < n; i++) {
            if (n > MAX_LINES && i == keep) {
                p.lines.add("… " + (n - 2 * keep) + " more frames");
                p.runtime.add(false);
                i = n - keep - 1;
                continue;
            }
            FrameKey key = p.chain.get(i).key();
            p.lines.add(TextMetrics.fit(key.shortDisplay(), FONT, false, MAX_WIDTH - 2 * PAD));
            p.runtime.add(key.isRuntimeFold() || runtime.contains(key));
        }
        double w = TextMetrics.width(p.heading, FONT, true);
        for (String line : p.lines) {
            w = Math.max(w, TextMetrics.width(line, FONT, false));
        }
        if (!p.ending.isEmpty()) {
            w = Math.max(w, TextMetrics.width(p.ending, FONT, false));
        }
        // slack for a thicker class outline and for the toolkit's text, a hair wider than the font's advance widths
        p.width = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH + SLACK, Math.ceil(w + 2 * PAD + SLACK)));
        int rows = 1 + p.lines.size() + (p.ending.isEmpty() ? 0 : 1);
        p.height = PAD + LINE * rows + 4 + PAD;
        double children = 0;
        for (Proto c : p.children) {
            measure(c, classOf, runtime);
            children += c.subtree;
        }
        children += GAP_X * Math.max(0, p.children.size() - 1);
        p.subtree = Math.max(p.width, children);
    }

    /** Places the box and its subtree from {@code x}; returns the lowest edge drawn. */
    private static double place(Proto p, double x, double y, List<Proto> order) {
        p.index = order.size();
        order.add(p);
        p.bounds = new Rect(x + (p.subtree - p.width) / 2, y, p.width, p.height);
        double bottom = p.bounds.maxY();
        double children = -GAP_X;
        for (Proto c : p.children) {
            children += c.subtree + GAP_X;
        }
        double cx = x + (p.subtree - children) / 2;
        for (Proto c : p.children) {
            bottom = Math.max(bottom, place(c, cx, p.bounds.maxY() + GAP_Y, order));
            cx += c.subtree + GAP_X;
        }
        return bottom;
    }

    /** {@code [3] T1-T3}. */
    static String threads(java.util.SortedSet<ThreadId> threads) {
        return "[" + threads.size() + "] " + IdRanges.format(threads.stream().map(ThreadId::value).toList(), "T");
    }

    /** {@code A} … {@code Z}, then {@code C27}, {@code C28}, …. */
    public static String label(int index) {
        return index < 26 ? String.valueOf((char) ('A' + index)) : "C" + (index + 1);
    }
}
