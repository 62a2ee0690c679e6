package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranks in the same OpenMP state (an equivalence class, as STAT's): equal {@link RankState#classKey()}s — every
 * thread's state, wait and innermost frame of the program, and the task counts by status.
 *
 * @param state          the class's state (without stacks)
 * @param ranks          its ranks
 * @param representative the snapshot of its lowest rank: the one to open to look closer
 */
public record RankClass(RankState state, RankSet ranks, RankSummary representative) {
    /** Largest first; equal sizes by lowest rank. */
    public static final Comparator<RankClass> LARGEST_FIRST = Comparator
            .comparingInt((RankClass c) -> -c.ranks().size()).thenComparingInt(c -> c.ranks().first());

    public int size() {
        return ranks.size();
    }

    /** The classes of one moment's rank snapshots (one per rank), {@link #LARGEST_FIRST}. */
    public static List<RankClass> of(List<RankSummary> moment) {
        Map<RankState, List<RankSummary>> byKey = new LinkedHashMap<>();
        for (RankSummary r : moment) {
            byKey.computeIfAbsent(r.state().classKey(), k -> new ArrayList<>()).add(r);
        }
        List<RankClass> classes = new ArrayList<>(byKey.size());
        byKey.forEach((key, members) -> {
            RankSummary lowest = members.stream().min(Comparator.comparingInt(RankSummary::rank)).orElseThrow();
            classes.add(new RankClass(key, RankSet.of(members.stream().map(RankSummary::rank).toList()), lowest));
        });
        classes.sort(LARGEST_FIRST);
        return List.copyOf(classes);
    }
}
