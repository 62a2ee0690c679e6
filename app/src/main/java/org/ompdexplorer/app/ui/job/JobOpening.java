package org.ompdexplorer.app.ui.job;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.importers.job.JobReader;
import org.ompdexplorer.model.job.JobProblem;
import org.ompdexplorer.model.job.JobSummary;

/**
 * The background job of File → Open Job…: every rank snapshot of a folder read by the {@link JobReader} (in
 * parallel, bounded, its progress and cancellation the job's), then the findings made, all off the FX thread.
 */
final class JobOpening {
    private JobOpening() {
    }

    static BackgroundJob<OpenedJob> of(Path folder, JobReader reader) {
        return context -> {
            if (!Files.isDirectory(folder)) {
                throw new NoRankSnapshotsException(folder + " is not a folder — choose the folder the job's ranks "
                        + "wrote their snapshots into");
            }
            JobSummary summary = reader.read(List.of(folder), context);
            context.progress("merging the ranks", -1, -1);
            OpenedJob job = OpenedJob.of(folder, summary);
            if (job.findings().rankCount() == 0) {
                throw new NoRankSnapshotsException(nothingMerged(folder, job.findings().problems()));
            }
            return job;
        };
    }

    /** Why nothing of {@code folder} could be merged, in one line with what to do. */
    static String nothingMerged(Path folder, List<JobProblem> problems) {
        String fix = " — choose the folder the job's ranks wrote their snapshots into (docs/agent.md, 'MPI jobs')";
        List<JobProblem> unreadable = problems.stream().filter(p -> p.file().equals(folder.toString())).toList();
        if (!unreadable.isEmpty()) {
            return unreadable.getFirst().message();
        }
        if (problems.isEmpty()) {
            return "The folder " + folder + " holds no files" + fix;
        }
        long noRank = problems.stream().filter(p -> p.code().equals("no-rank")).count();
        String first = problems.getFirst().message();
        return "None of the " + problems.size() + (problems.size() == 1 ? " file" : " files") + " in " + folder
                + " is a rank snapshot (" + first + (problems.size() > 1 ? "; …" : "") + ")" + fix
                + (noRank > 0 ? "; snapshots without a rank open as a series with File → Open Series…" : "");
    }
}
