package org.ompdexplorer.app.ui.navigator;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.Target;

/** One grouping of a snapshot's entities as a tree. */
interface NavigatorTree {
    /** The top-level entries. */
    List<NavNode> roots();

    /** The ids from a top-level entry down to the target's entry, or empty when this grouping does not show it. */
    Optional<List<String>> pathTo(Target target);
}
