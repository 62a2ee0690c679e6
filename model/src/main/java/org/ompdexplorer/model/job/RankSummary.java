package org.ompdexplorer.model.job;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.Snapshot;

/**
 * One rank's snapshot as the job view keeps it: where and when it was taken and its folded {@link RankState}. No
 * {@code Snapshot} is kept, so a job of 10,000 ranks fits in a few megabytes.
 *
 * @param placement the rank's place in its job ({@code capture.job})
 * @param host      the host it ran on, or {@code null}
 * @param program   the program's path or name, or {@code null}
 * @param time      when it was captured, or {@code null}
 * @param label     the capture's label, or {@code null}
 * @param file      the file it was read from, as it was named
 * @param state     its folded OpenMP state
 */
public record RankSummary(JobPlacement placement, String host, String program, Instant time, String label,
                          String file, RankState state) {
    /** The canonical order: rank, then time (unknown first), label, file; the rest breaks ties. */
    public static final Comparator<RankSummary> ORDER = Comparator.comparingInt(RankSummary::rank)
            .thenComparing(RankSummary::time, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(RankSummary::label, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(RankSummary::file)
            .thenComparing(RankSummary::toString);

    public RankSummary {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(state, "state");
    }

    /**
     * Folds a snapshot that has its place in a job.
     *
     * @throws IllegalArgumentException when its capture has no {@code job}
     */
    public static RankSummary of(Snapshot snapshot, String file) {
        CaptureInfo c = snapshot.capture();
        JobPlacement placement = c.jobIfKnown().orElseThrow(() -> new IllegalArgumentException(file
                + " has no place in a job (capture.job)"));
        return new RankSummary(placement, c.host(), c.program(), c.time(), c.label(), file, RankState.of(snapshot));
    }

    public int rank() {
        return placement.rank();
    }

    /** The same summary with its state replaced by an equal, shared one. */
    RankSummary withState(RankState shared) {
        return new RankSummary(placement, host, program, time, label, file, shared);
    }
}
