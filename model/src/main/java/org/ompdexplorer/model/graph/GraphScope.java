package org.ompdexplorer.model.graph;

import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TaskId;

/** What part of a snapshot a graph shows. */
public sealed interface GraphScope {
    /** Every task. */
    record Whole() implements GraphScope {
    }

    /** The tasks bound to one parallel region. */
    record Region(RegionId region) implements GraphScope {
    }

    /** One task and every task it generated, transitively. */
    record Subtree(TaskId root) implements GraphScope {
    }

    static GraphScope whole() {
        return new Whole();
    }
}
