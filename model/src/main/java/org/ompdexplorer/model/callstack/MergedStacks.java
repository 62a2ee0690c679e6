package org.ompdexplorer.model.callstack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.ThreadId;

/**
 * All threads' call stacks merged into one prefix tree, outermost frame at the root (LLNL STAT's and Visual Studio's
 * Parallel Stacks' picture): each node is a place in the code with the threads whose stacks pass through it; the
 * threads that share a whole path are one class. Frames are the same node when their {@link FrameKey}s are equal.
 * With {@code foldRuntime}, each run of the runtime's frames is one {@link FrameKey#RUNTIME} node, so threads that
 * differ only inside the runtime merge. O(total frames).
 */
public final class MergedStacks {
    /**
     * A node of the tree.
     *
     * @param key      the place in the code
     * @param threads  the threads whose stacks pass through it, ascending
     * @param ending   the threads whose innermost frame is this node, ascending
     * @param children the next frames inwards, in the order first met (threads ascending)
     * @param depth    the number of nodes above it
     * @param userCode the frame is the program's own code: not the runtime's, not a system library's (libc's sleep)
     */
    public record Node(FrameKey key, SortedSet<ThreadId> threads, SortedSet<ThreadId> ending, List<Node> children,
                       int depth, boolean userCode) {
        public boolean isRoot() {
            return key == null;
        }
    }

    private final Node root;
    private final int threadCount;

    private MergedStacks(Node root, int threadCount) {
        this.root = root;
        this.threadCount = threadCount;
    }

    public static MergedStacks of(List<CallStack> stacks, List<CodeModule> modules, boolean foldRuntime) {
        Builder root = new Builder(null, 0);
        int count = 0;
        for (CallStack stack : stacks) {
            if (stack.frames().isEmpty()) {
                continue;
            }
            count++;
            ThreadId thread = stack.thread();
            root.threads.add(thread);
            Builder at = root;
            List<CallFrame> frames = stack.frames();
            for (int i = frames.size() - 1; i >= 0; i--) {
                CallFrame frame = frames.get(i);
                FrameKey key = foldRuntime && frame.role() == FrameRole.RUNTIME ? FrameKey.RUNTIME
                        : FrameKey.of(frame, modules);
                if (key.isRuntimeFold() && key.equals(at.key)) {
                    continue; // the fold goes on
                }
                at = at.child(key);
                at.threads.add(thread);
                if (at.threads.size() == 1) {
                    at.userCode = frame.isUserCode(modules);
                }
            }
            at.ending.add(thread);
        }
        return new MergedStacks(root.build(), count);
    }

    /** The root: no frame, every thread with a stack. Its children are the outermost frames. */
    public Node root() {
        return root;
    }

    /** The number of threads with a non-empty stack. */
    public int threadCount() {
        return threadCount;
    }

    /**
     * The classes of threads that share a whole path, largest first (ties by lowest thread), each with the node where
     * its members' stacks end.
     */
    public List<Node> classes() {
        List<Node> ends = new ArrayList<>();
        collectEnds(root, ends);
        ends.sort((a, b) -> a.ending().size() != b.ending().size()
                ? Integer.compare(b.ending().size(), a.ending().size())
                : a.ending().first().compareTo(b.ending().first()));
        return ends;
    }

    /**
     * Where the threads ending at {@code end} are in the program's own code: the innermost frame of their path that is
     * the program's (not the runtime's, not libc's sleep under it); {@code end}'s own place when none is.
     */
    public FrameKey where(Node end) {
        List<Node> path = pathTo(end);
        for (int i = path.size() - 1; i >= 0; i--) {
            if (path.get(i).userCode()) {
                return path.get(i).key();
            }
        }
        return end.key();
    }

    /** The path from the root to {@code node} (excluding the root), outermost first, or empty when not in the tree. */
    public List<Node> pathTo(Node node) {
        List<Node> path = new ArrayList<>();
        return find(root, node, path) ? path : List.of();
    }

    private static boolean find(Node at, Node wanted, List<Node> path) {
        if (at == wanted) {
            return true;
        }
        for (Node child : at.children()) {
            path.add(child);
            if (find(child, wanted, path)) {
                return true;
            }
            path.removeLast();
        }
        return false;
    }

    private static void collectEnds(Node node, List<Node> out) {
        if (!node.ending().isEmpty()) {
            out.add(node);
        }
        for (Node child : node.children()) {
            collectEnds(child, out);
        }
    }

    private static final class Builder {
        final FrameKey key;
        final int depth;
        final TreeSet<ThreadId> threads = new TreeSet<>();
        final TreeSet<ThreadId> ending = new TreeSet<>();
        final Map<FrameKey, Builder> children = new LinkedHashMap<>();
        boolean userCode;

        Builder(FrameKey key, int depth) {
            this.key = key;
            this.depth = depth;
        }

        Builder child(FrameKey childKey) {
            return children.computeIfAbsent(childKey, k -> new Builder(k, depth + 1));
        }

        Node build() {
            List<Node> built = new ArrayList<>(children.size());
            for (Builder child : children.values()) {
                built.add(child.build());
            }
            return new Node(key, Collections.unmodifiableSortedSet(threads),
                    Collections.unmodifiableSortedSet(ending), List.copyOf(built), depth, userCode);
        }
    }
}
