package org.ompdexplorer.app.ui.job;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.ompdexplorer.model.job.JobFindings;
import org.ompdexplorer.model.job.JobProblem;
import org.ompdexplorer.model.job.JobSummary;
import org.ompdexplorer.model.job.RankSummary;

/**
 * A job as the window keeps it: the folder it was read from, what the job view says of it ({@link JobFindings}), and
 * the snapshot file of each rank's latest moment, to open a rank that is no class's representative.
 *
 * @param folder   the folder the ranks wrote into
 * @param findings the outliers, classes, merged stacks, series and problems
 * @param files    each merged rank's latest snapshot, as it was named, by rank
 */
public record OpenedJob(Path folder, JobFindings findings, Map<Integer, String> files) {
    /** The problems whose rank snapshots {@link JobFindings} leaves out: not one of this job's files. */
    private static final Set<String> LEFT_OUT = Set.of("other-job", "other-program");

    public OpenedJob {
        files = Collections.unmodifiableMap(new TreeMap<>(files));
    }

    /** Reads the findings of {@code summary} and the latest file of each rank they merged. */
    public static OpenedJob of(Path folder, JobSummary summary) {
        JobFindings findings = JobFindings.of(summary);
        Set<String> leftOut = findings.problems().stream().filter(p -> LEFT_OUT.contains(p.code()))
                .map(JobProblem::file).collect(Collectors.toSet());
        Map<Integer, String> files = new TreeMap<>();
        for (RankSummary r : summary.ranks()) { // in rank then time order: the last of a rank is its latest
            if (!leftOut.contains(r.file())) {
                files.put(r.rank(), r.file());
            }
        }
        return new OpenedJob(folder, findings, files);
    }

    /** The latest snapshot file of {@code rank}, if the job has one. */
    public Optional<Path> fileOf(int rank) {
        return Optional.ofNullable(files.get(rank)).map(Path::of);
    }

    /**
     * The job in a line, as the CLI's report starts: {@code Job 1601699841 of held_job: 8 ranks (0-7) of 8, 2 classes}.
     * The program by its file name: its whole path is in the tooltip.
     */
    public String headline() {
        JobFindings f = findings;
        StringBuilder s = new StringBuilder("Job");
        if (f.jobId() != null) {
            s.append(' ').append(f.jobId());
        }
        if (f.program() != null) {
            s.append(" of ").append(programName());
        }
        s.append(": ").append(f.rankCount()).append(f.rankCount() == 1 ? " rank" : " ranks");
        if (f.rankCount() > 0) {
            s.append(" (").append(f.ranks()).append(')');
        }
        if (f.size() != null) {
            s.append(" of ").append(f.size());
        }
        s.append(", ").append(f.classes().size()).append(f.classes().size() == 1 ? " class" : " classes");
        if (f.moments() > 1) {
            s.append(", ").append(f.moments()).append(" moments");
        }
        return s.toString();
    }

    /** The program's file name ({@code solver}), or {@code null}. */
    public String programName() {
        String p = findings.program();
        if (p == null) {
            return null;
        }
        int slash = p.lastIndexOf('/');
        return slash < 0 || slash == p.length() - 1 ? p : p.substring(slash + 1);
    }

    /** What the window calls it in a sentence: {@code the job 1601699841}, else {@code the job in FOLDER}. */
    public String name() {
        return findings.jobId() != null ? "the job " + findings.jobId() : "the job in " + folder.getFileName();
    }

    /** The ranks whose snapshots can be opened, ascending. */
    public List<Integer> ranks() {
        return List.copyOf(files.keySet());
    }
}
