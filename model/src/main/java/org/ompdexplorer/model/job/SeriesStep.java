package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.List;

/**
 * Two moments of a series of job snapshots (every rank signalled twice or more), STAT's progress-or-hang question:
 * which ranks moved in between and which did not. A rank moved when anything of its state changed: a thread's state,
 * wait or stack, or its task counts.
 *
 * @param from  the earlier moment, from 1
 * @param to    the later moment
 * @param moved the ranks whose state changed
 * @param still the ranks in exactly the same state at both moments: stuck, if the moments are far enough apart
 */
public record SeriesStep(int from, int to, RankSet moved, RankSet still) {
    /** The steps between consecutive moments; {@code byRank} holds each rank's snapshots, earliest first. */
    static List<SeriesStep> of(List<List<RankSummary>> byRank) {
        int moments = byRank.stream().mapToInt(List::size).max().orElse(0);
        List<SeriesStep> steps = new ArrayList<>();
        for (int m = 0; m + 1 < moments; m++) {
            List<Integer> moved = new ArrayList<>();
            List<Integer> still = new ArrayList<>();
            for (List<RankSummary> rank : byRank) {
                if (rank.size() > m + 1) {
                    boolean same = rank.get(m).state().equals(rank.get(m + 1).state());
                    (same ? still : moved).add(rank.getFirst().rank());
                }
            }
            steps.add(new SeriesStep(m + 1, m + 2, RankSet.of(moved), RankSet.of(still)));
        }
        return List.copyOf(steps);
    }

    /** {@code moments 1 → 2: ranks 0-6 moved; rank 7 did not (the same state at both)}. */
    public String sentence() {
        String head = "moments " + from + " → " + to + ": ";
        if (still.isEmpty()) {
            return head + (moved.size() == 1 ? "the one rank moved" : "every rank moved (" + moved.size() + ")");
        }
        if (moved.isEmpty()) {
            return head + "no rank moved: all " + still.size() + " in the same state at both — a hang, if the "
                    + "moments are far enough apart";
        }
        return head + moved.named() + " moved; " + still.named() + " did not (the same state at both)";
    }
}
