package org.ompdexplorer.model.graph;

/** What a node of the task graph stands for: a task of one of the spec's kinds, or several alike (aggregate). */
public enum NodeKind {
    INITIAL,
    IMPLICIT,
    EXPLICIT,
    TARGET,
    /** Sibling tasks alike in kind, function and lifecycle, drawn as one node ("98 × task_body, queued"). */
    AGGREGATE
}
