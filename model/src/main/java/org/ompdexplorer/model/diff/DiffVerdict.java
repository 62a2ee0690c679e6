package org.ompdexplorer.model.diff;

import org.ompdexplorer.model.EntityKind;

/** The one sentence that ends every report of a diff: whether A and B differ, or are two moments of a hang. */
public final class DiffVerdict {
    private DiffVerdict() {
    }

    /**
     * {@code A and B differ: …}; {@code Nothing moved between A and B (…), and 3 still blocked: the hang signal} for
     * two moments of a hang, which are not "the same"; else {@code A and B are the same (…)}.
     */
    public static String of(SnapshotDiff diff) {
        int blocked = diff.stillBlocked().size();
        String still = blocked == 0 ? "" : "; " + blocked + " still blocked";
        if (diff.hasDifferences()) {
            return "A and B differ: " + changeCounts(diff) + still;
        }
        String matched = plural(diff.counts(EntityKind.THREAD).matched(), "thread") + ", "
                + plural(diff.counts(EntityKind.PARALLEL_REGION).matched(), "parallel region") + ", "
                + plural(diff.counts(EntityKind.TASK).matched(), "task") + " matched";
        if (diff.hangs()) {
            return "Nothing moved between A and B (" + matched + "), and " + blocked + " still blocked: the hang"
                    + " signal";
        }
        return "A and B are the same (" + matched + ")" + still;
    }

    /** {@code 2 added, 1 removed, 2 changed}: every kind together (the verdict, a timeline's steps). */
    public static String changeCounts(SnapshotDiff d) {
        int added = 0;
        int removed = 0;
        int changed = 0;
        for (EntityKind kind : d.reportedKinds()) {
            KindCounts c = d.counts(kind);
            added += c.added();
            removed += c.removed();
            changed += c.changed();
        }
        return added + " added, " + removed + " removed, " + changed + " changed";
    }

    static String plural(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
