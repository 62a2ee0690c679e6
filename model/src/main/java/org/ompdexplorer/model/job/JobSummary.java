package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What the job view knows of a job: every rank snapshot folded ({@link RankSummary}) and every input it could not
 * read ({@link JobProblem}). Summaries merge associatively and commutatively — a merge of merges, in any grouping and
 * order, equals the merge of everything — so a node can summarize its own ranks' files ({@code job --summarize}) and
 * one process merge the nodes' summaries. Merging is a union: the same rank snapshot merged twice is kept once.
 * Everything the report says ({@link JobFindings}) is computed from this content alone.
 */
public final class JobSummary {
    /** The summary of nothing: the unit of {@link #merge}. */
    public static final JobSummary EMPTY = new JobSummary(List.of(), List.of());

    private final List<RankSummary> ranks;
    private final List<JobProblem> problems;

    private JobSummary(List<RankSummary> ranks, List<JobProblem> problems) {
        this.ranks = ranks;
        this.problems = problems;
    }

    /** Rank snapshots in {@link RankSummary#ORDER}, each once. */
    public List<RankSummary> ranks() {
        return ranks;
    }

    /** Inputs not merged, sorted, each once. */
    public List<JobProblem> problems() {
        return problems;
    }

    /** This summary and {@code other} as one. */
    public JobSummary merge(JobSummary other) {
        return new Builder().addAll(this).addAll(other).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JobSummary s && ranks.equals(s.ranks) && problems.equals(s.problems);
    }

    @Override
    public int hashCode() {
        return ranks.hashCode() * 31 + problems.hashCode();
    }

    @Override
    public String toString() {
        return ranks.size() + " rank snapshots, " + problems.size() + " problems";
    }

    /**
     * Collects rank snapshots and problems, in any order and from any thread one at a time; equal rank states are
     * kept as one object, so a job whose ranks are alike costs little more than one rank.
     */
    public static final class Builder {
        private final TreeSet<RankSummary> ranks = new TreeSet<>(RankSummary.ORDER);
        private final TreeSet<JobProblem> problems = new TreeSet<>();
        private final Map<RankState, RankState> states = new HashMap<>();

        public Builder add(RankSummary rank) {
            RankState shared = states.computeIfAbsent(rank.state(), s -> s);
            ranks.add(shared == rank.state() ? rank : rank.withState(shared));
            return this;
        }

        public Builder add(JobProblem problem) {
            problems.add(problem);
            return this;
        }

        public Builder addAll(JobSummary summary) {
            summary.ranks.forEach(this::add);
            problems.addAll(summary.problems);
            return this;
        }

        public Builder addAll(Builder other) {
            other.ranks.forEach(this::add);
            problems.addAll(other.problems);
            return this;
        }

        public JobSummary build() {
            return new JobSummary(List.copyOf(new ArrayList<>(ranks)), List.copyOf(problems));
        }
    }
}
