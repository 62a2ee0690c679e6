package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.callstack.FrameKey;

/**
 * Every thread's call stack of every rank merged into one prefix tree, outermost frame at the root (STAT's picture
 * of a job): each node is a place in the code with the ranks whose threads pass through it and how many
 * rank × thread pairs do. Frames are the same node when their {@link FrameKey}s are (addresses differ between
 * ranks; keys do not); runs of the runtime's frames are one node. O(ranks × threads × depth).
 */
public final class RankStacks {
    /**
     * A node of the tree.
     *
     * @param key      the place in the code; {@code null} at the root
     * @param ranks    the ranks with a thread whose stack passes through it
     * @param threads  how many rank × thread pairs pass through it
     * @param ending   the ranks with a thread whose innermost frame it is
     * @param children the next frames inwards, in the order first met (ranks ascending)
     */
    public record Node(FrameKey key, RankSet ranks, int threads, RankSet ending, List<Node> children) {
        public boolean isRoot() {
            return key == null;
        }
    }

    private RankStacks() {
    }

    /** The tree of one moment's ranks (one snapshot per rank); its root has no key. */
    public static Node of(List<RankSummary> moment) {
        Builder root = new Builder(null);
        for (RankSummary r : moment) {
            for (ThreadSummary t : r.state().threads()) {
                List<FrameKey> stack = t.stack();
                if (stack.isEmpty()) {
                    continue;
                }
                root.pass(r.rank());
                Builder at = root;
                for (int i = stack.size() - 1; i >= 0; i--) {
                    at = at.child(stack.get(i));
                    at.pass(r.rank());
                }
                at.ending.add(r.rank());
            }
        }
        return root.build();
    }

    private static final class Builder {
        final FrameKey key;
        final List<Integer> ranks = new ArrayList<>();
        final List<Integer> ending = new ArrayList<>();
        final Map<FrameKey, Builder> children = new LinkedHashMap<>();
        int threads;

        Builder(FrameKey key) {
            this.key = key;
        }

        void pass(int rank) {
            threads++;
            if (ranks.isEmpty() || ranks.getLast() != rank) {
                ranks.add(rank);
            }
        }

        Builder child(FrameKey childKey) {
            return children.computeIfAbsent(childKey, Builder::new);
        }

        Node build() {
            List<Node> built = new ArrayList<>(children.size());
            for (Builder child : children.values()) {
                built.add(child.build());
            }
            return new Node(key, RankSet.of(ranks), threads, RankSet.of(ending), List.copyOf(built));
        }
    }
}
