package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The odd ranks called out in a sentence each, against the largest class:
 * {@code rank 17: thread T3 at a barrier in solve(); the other 255 ranks: every thread at a taskwait in main()}.
 * Only what differs from the largest class is said of an outlier; the largest class is said whole.
 */
public final class OutlierSentences {
    private OutlierSentences() {
    }

    /**
     * One sentence per class but the largest, the oddest first: the smallest class, then one where a thread's state
     * or wait differs from the largest class's (a rank held elsewhere) before one that differs only in a frame or in
     * its task counts (a rank caught a moment apart), then the lowest rank. One sentence saying every rank is alike
     * when there is one class; none without ranks.
     */
    public static List<String> of(List<RankClass> classes) {
        if (classes.isEmpty()) {
            return List.of();
        }
        RankClass norm = classes.getFirst();
        if (classes.size() == 1) {
            return List.of((norm.size() == 1 ? "the one rank, " + norm.ranks() : "all " + norm.size() + " ranks")
                    + ": " + whole(norm.state()));
        }
        int total = classes.stream().mapToInt(RankClass::size).sum();
        List<RankClass> odd = new ArrayList<>(classes.subList(1, classes.size()));
        odd.sort(java.util.Comparator.comparingInt(RankClass::size)
                .thenComparing(c -> !statesDiffer(c.state(), norm.state()))
                .thenComparingInt(c -> c.ranks().first()));
        List<String> out = new ArrayList<>(odd.size());
        for (RankClass c : odd) {
            String others = classes.size() == 2 ? "the other " + plural(total - c.size(), "rank")
                    : "the largest class (" + norm.ranks().named() + ")";
            out.add(c.ranks().named() + ": " + difference(c.state(), norm.state()) + "; " + others + ": "
                    + whole(norm.state()));
        }
        return out;
    }

    /** Whether a thread's state or wait differs between the two, or one has a thread the other has not. */
    static boolean statesDiffer(RankState state, RankState norm) {
        if (state.threads().size() != norm.threads().size()) {
            return true;
        }
        for (ThreadSummary t : state.threads()) {
            ThreadSummary same = norm.thread(t.thread());
            if (same == null || !Objects.equals(same.state(), t.state())
                    || !Objects.equals(same.waitKind(), t.waitKind())) {
                return true;
            }
        }
        return false;
    }

    /** Every thread's phrase, threads with the same phrase together; then the task counts. */
    static String whole(RankState state) {
        if (state.threads().isEmpty()) {
            return "no OpenMP thread; " + tasksPhrase(state);
        }
        Map<String, List<Long>> byPhrase = new LinkedHashMap<>();
        for (ThreadSummary t : state.threads()) {
            byPhrase.computeIfAbsent(t.phrase(), p -> new ArrayList<>()).add(t.thread());
        }
        String threads = byPhrase.size() == 1 ? "every thread " + byPhrase.keySet().iterator().next()
                : joinThreads(byPhrase);
        return threads + "; " + tasksPhrase(state);
    }

    /** What {@code state} has that {@code norm} has not: the threads that differ, else the task counts. */
    static String difference(RankState state, RankState norm) {
        Map<String, List<Long>> byPhrase = new LinkedHashMap<>();
        for (ThreadSummary t : state.threads()) {
            ThreadSummary same = norm.thread(t.thread());
            if (same == null || !Objects.equals(same.withoutStack(), t.withoutStack())) {
                byPhrase.computeIfAbsent(t.phrase(), p -> new ArrayList<>()).add(t.thread());
            }
        }
        List<String> parts = new ArrayList<>();
        if (!byPhrase.isEmpty()) {
            parts.add(joinThreads(byPhrase));
        }
        List<Long> lacking = norm.threads().stream().map(ThreadSummary::thread).filter(id -> state.thread(id) == null)
                .toList();
        if (!lacking.isEmpty()) {
            parts.add("no " + threadsNamed(lacking));
        }
        if (!state.tasks().equals(norm.tasks())) {
            parts.add(tasksPhrase(state));
        }
        return String.join(", ", parts);
    }

    /** {@code tasks 3 queued, 1 running}, or {@code no explicit tasks}. */
    static String tasksPhrase(RankState state) {
        return state.tasks().isEmpty() ? state.taskCounts() : "tasks " + state.taskCounts();
    }

    private static String joinThreads(Map<String, List<Long>> byPhrase) {
        List<String> parts = new ArrayList<>();
        byPhrase.forEach((phrase, ids) -> parts.add(threadsNamed(ids) + " " + phrase));
        return String.join(", ", parts);
    }

    private static String threadsNamed(List<Long> ids) {
        return (ids.size() == 1 ? "thread " : "threads ") + org.ompdexplorer.model.IdRanges.format(ids, "T");
    }

    static String plural(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
