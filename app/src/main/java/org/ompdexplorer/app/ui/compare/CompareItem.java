package org.ompdexplorer.app.ui.compare;

import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.diff.UnionNode;

/** A row of the compare navigator: the summary page, a group (threads, regions, tasks), or an entity of the union. */
public sealed interface CompareItem {
    record Summary() implements CompareItem {
    }

    record Group(String label, EntityKind kind) implements CompareItem {
    }

    record Entity(UnionNode node) implements CompareItem {
    }
}
