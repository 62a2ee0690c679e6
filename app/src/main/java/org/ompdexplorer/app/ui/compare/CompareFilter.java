package org.ompdexplorer.app.ui.compare;

import java.util.List;
import java.util.function.Function;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;

/**
 * A filter of the compare navigator, made by a count of the summary page: what the count counts, found again in
 * each step's diff, so that a series keeps the filter from step to step.
 *
 * @param label what is listed, for the navigator's group ("tasks added")
 * @param nodes the entities of a diff that the count counts, in the order they are listed
 */
public record CompareFilter(String label, Function<SnapshotDiff, List<UnionNode>> nodes) {
}
