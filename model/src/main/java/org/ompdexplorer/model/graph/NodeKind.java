package org.ompdexplorer.model.graph;

/** What a node of the task graph stands for: a task of one of the spec's kinds, or several (collapsed). */
public enum NodeKind {
    INITIAL,
    IMPLICIT,
    EXPLICIT,
    TARGET,
    /** Sibling tasks alike in kind, function and lifecycle, drawn as one node ("98 × task_body, queued"). */
    AGGREGATE,
    /** A task and everything it generated, transitively, drawn as one node when the graph would be too big. */
    SUBTREE,
    /** A task's children beyond the first few, unlike one another, drawn as one node ("347 more tasks"). */
    MORE;

    /** Whether the node stands for more than one task and expands on request. */
    public boolean collapsed() {
        return this == AGGREGATE || this == SUBTREE || this == MORE;
    }
}
