package org.ompdexplorer.app.stacks;

import java.util.List;
import java.util.SortedSet;
import org.ompdexplorer.app.graph.Rect;
import org.ompdexplorer.model.ThreadId;

/**
 * The merged call stacks laid out: one box per chain of frames the same threads share, outermost at the top, each
 * box under the box its threads came from; the window, SVG and DOT all draw this one picture.
 *
 * @param blocks       the boxes, parents before children (the first are the outermost)
 * @param edges        parent to child
 * @param classes      the threads that share a whole path, largest first, each with the box its stacks end in
 * @param threadCount  the threads with a stack
 * @param runtimeFolded whether each run of runtime frames is one line
 * @param hidden       boxes left out past {@link StacksLayouter#MAX_BLOCKS}
 */
public record StacksPicture(double width, double height, List<Block> blocks, List<Edge> edges,
                            List<StackClass> classes, int threadCount, boolean runtimeFolded, int hidden) {
    public StacksPicture {
        blocks = List.copyOf(blocks);
        edges = List.copyOf(edges);
        classes = List.copyOf(classes);
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    /**
     * One box: a chain of frames, outermost first, that the same threads pass through.
     *
     * @param heading    {@code [3] T1-T3}, with {@code · class B} when a class's stacks end here
     * @param frames     its frames as a debugger names them, outermost first ({@code (OpenMP runtime)} for a fold)
     * @param runtime    for each frame, whether it is the runtime's
     * @param threads    the threads through it
     * @param stackClass the class whose stacks end in it (its last frame), or -1
     * @param ending     a line under the frames for threads that end here while others go on, or empty
     */
    public record Block(int index, Rect bounds, String heading, List<String> frames, List<Boolean> runtime,
                        SortedSet<ThreadId> threads, int stackClass, String ending) {
        public Block {
            frames = List.copyOf(frames);
            runtime = List.copyOf(runtime);
        }

        /** The box's text, heading then frames, one a line: a tooltip, an SVG title, a screen reader's name. */
        public String text() {
            StringBuilder b = new StringBuilder(heading);
            frames.forEach(f -> b.append('\n').append(f));
            if (!ending.isEmpty()) {
                b.append('\n').append(ending);
            }
            return b.toString();
        }
    }

    /** @param points x, y pairs: down from the parent's bottom, across, down to the child's top */
    public record Edge(int from, int to, double[] points) {
    }

    /**
     * @param label   {@code A}, {@code B}, … in the order of {@link StacksPicture#classes()}
     * @param threads its threads
     * @param block   the box its stacks end in
     * @param where   its innermost frame, as a debugger names it
     */
    public record StackClass(int index, String label, SortedSet<ThreadId> threads, int block, String where) {
    }
}
