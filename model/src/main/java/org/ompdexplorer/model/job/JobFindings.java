package org.ompdexplorer.model.job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What the job view says of a {@link JobSummary}: the one query the CLI's report, its JSON and the window all read.
 * Rank snapshots of another job or another program than most are left out and said; each rank's snapshots,
 * earliest first, are the moments of a series; the latest moment of every rank is put in classes of the same state
 * (largest first), its outliers said in a sentence each, and its stacks merged with rank sets.
 *
 * @param jobId    the job's id, when the snapshots say (most snapshots' {@code capture.job.id})
 * @param program  the program most ranks run, or {@code null}
 * @param size     the number of ranks the launcher said, or {@code null}
 * @param ranks    the ranks read
 * @param moments  the most snapshots a rank has: 1, or the length of a series
 * @param classes  the ranks at their latest moment in classes of the same state, {@link RankClass#LARGEST_FIRST}
 * @param outliers the odd classes, one sentence each, oddest first ({@link OutlierSentences})
 * @param stacks   the latest moment's stacks merged over ranks × threads ({@link RankStacks})
 * @param series   between consecutive moments, which ranks moved ({@link SeriesStep})
 * @param problems every input not merged or merged with a remark, sorted
 */
public record JobFindings(String jobId, String program, Integer size, RankSet ranks, int moments,
                          List<RankClass> classes, List<String> outliers, RankStacks.Node stacks,
                          List<SeriesStep> series, List<JobProblem> problems) {
    /** The {@link JobProblem#file()} of a problem of the whole job rather than of one input. */
    public static final String WHOLE_JOB = "(job)";

    public static JobFindings of(JobSummary summary) {
        TreeSet<JobProblem> problems = new TreeSet<>(summary.problems());
        List<RankSummary> all = summary.ranks();
        String jobId = majority(all, r -> r.placement().jobId());
        String program = majority(all, RankSummary::program);
        List<RankSummary> kept = new ArrayList<>(all.size());
        for (RankSummary r : all) {
            String otherJob = r.placement().jobId();
            if (otherJob != null && !otherJob.equals(jobId)) {
                problems.add(new JobProblem(r.file(), "other-job", r.file() + ": rank " + r.rank() + " of job "
                        + otherJob + ", not of job " + jobId + " as most — left out; give the files of one job"));
            } else if (r.program() != null && !r.program().equals(program)) {
                problems.add(new JobProblem(r.file(), "other-program", r.file() + ": rank " + r.rank() + " runs "
                        + r.program() + ", not " + program + " as most — left out; give the files of one program"));
            } else {
                kept.add(r);
            }
        }
        Map<Integer, List<RankSummary>> byRank = new TreeMap<>();
        kept.forEach(r -> byRank.computeIfAbsent(r.rank(), k -> new ArrayList<>()).add(r)); // in time order
        List<List<RankSummary>> perRank = List.copyOf(byRank.values());
        int moments = perRank.stream().mapToInt(List::size).max().orElse(0);
        several(perRank, moments, problems);
        Integer size = majority(kept, r -> r.placement().size());
        RankSet read = RankSet.of(byRank.keySet());
        if (size != null && read.size() < size) {
            RankSet missing = RankSet.range(size).minus(read);
            problems.add(new JobProblem(WHOLE_JOB, "missing-ranks", missing.named() + " of the job's " + size
                    + ": no snapshot read — give their files too, or look for why they wrote none"));
        }
        List<RankSummary> latest = perRank.stream().map(List::getLast).toList();
        List<RankClass> classes = RankClass.of(latest);
        return new JobFindings(jobId, program, size, read, moments, classes, OutlierSentences.of(classes),
                RankStacks.of(latest), SeriesStep.of(perRank), List.copyOf(problems));
    }

    /** Ranks with more snapshots than others, or a series: said once per number of snapshots. */
    private static void several(List<List<RankSummary>> perRank, int moments, TreeSet<JobProblem> problems) {
        if (moments < 2) {
            return;
        }
        Map<Integer, List<Integer>> byCount = new TreeMap<>(Comparator.reverseOrder());
        perRank.forEach(l -> byCount.computeIfAbsent(l.size(), k -> new ArrayList<>()).add(l.getFirst().rank()));
        if (byCount.size() == 1) {
            problems.add(new JobProblem(WHOLE_JOB, "series", "every rank has " + moments + " snapshots: read as a "
                    + "series of " + moments + " moments, each rank's earliest first"));
            return;
        }
        byCount.forEach((count, ranks) -> {
            if (count > 1) {
                RankSet set = RankSet.of(ranks);
                String first = perRank.stream().filter(l -> l.getFirst().rank() == set.first()).findFirst()
                        .map(l -> l.getFirst().file()).orElse(WHOLE_JOB);
                problems.add(new JobProblem(first, "several-snapshots", set.named() + ": " + count
                        + " snapshots each (" + first + ", …) — read as a series, earliest first; the classes show "
                        + "each rank's latest"));
            }
        });
    }

    /** The value most rank snapshots have (ties: the one first met); {@code null} when none has one. */
    private static <T> T majority(List<RankSummary> ranks, Function<RankSummary, T> value) {
        Map<T, Integer> counts = new HashMap<>();
        T best = null;
        int bestCount = 0;
        for (RankSummary r : ranks) {
            T v = value.apply(r);
            if (v == null) {
                continue;
            }
            int c = counts.merge(v, 1, Integer::sum);
            if (c > bestCount || (c == bestCount && Objects.toString(v).compareTo(Objects.toString(best)) < 0)) {
                best = v;
                bestCount = c;
            }
        }
        return best;
    }

    /** The number of rank snapshots merged into the classes (latest moment): one per rank. */
    public int rankCount() {
        return ranks.size();
    }
}
