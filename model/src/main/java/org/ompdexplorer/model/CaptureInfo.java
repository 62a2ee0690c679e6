package org.ompdexplorer.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * How and when a snapshot was taken. Every field but {@code source} may be {@code null}.
 *
 * @param source      core file, live process, OMPT agent, synthetic or hand-written
 * @param program     the program's path or name
 * @param pid         its process id
 * @param host        the host it ran on
 * @param time        when the snapshot was taken
 * @param label       a short label (the agent's flush label, a lesson's title)
 * @param description what the snapshot shows, in prose (lessons explain what they teach)
 * @param producer    the tool and version that wrote it
 * @param lost        records the tool dropped because a bound was reached (format 1.2); empty when none
 * @param job         the process's place in a parallel job (format 1.4), or {@code null} when it ran alone or the
 *                    launcher did not say
 */
public record CaptureInfo(CaptureSource source, String program, Long pid, String host, Instant time, String label,
                          String description, String producer, List<RecordsLost> lost, JobPlacement job) {
    public CaptureInfo {
        if (source == null) {
            throw new IllegalArgumentException("a capture needs a source");
        }
        lost = List.copyOf(lost);
    }

    /** A capture outside any parallel job. */
    public CaptureInfo(CaptureSource source, String program, Long pid, String host, Instant time, String label,
                       String description, String producer, List<RecordsLost> lost) {
        this(source, program, pid, host, time, label, description, producer, lost, null);
    }

    /** A capture that lost nothing. */
    public CaptureInfo(CaptureSource source, String program, Long pid, String host, Instant time, String label,
                       String description, String producer) {
        this(source, program, pid, host, time, label, description, producer, List.of());
    }

    public static CaptureInfo of(CaptureSource source) {
        return new CaptureInfo(source, null, null, null, null, null, null, null);
    }

    /** This capture with its place in a job. */
    public CaptureInfo withJob(JobPlacement placement) {
        return new CaptureInfo(source, program, pid, host, time, label, description, producer, lost, placement);
    }

    public Optional<JobPlacement> jobIfKnown() {
        return Optional.ofNullable(job);
    }

    public Optional<String> title() {
        return Optional.ofNullable(label != null ? label : program);
    }
}
