package org.ompdexplorer.importers.testfixtures;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.ompdexplorer.importers.ProgressListener;

/** Records the phases an import reports, and cancels it once a given phase has been reported (or never). */
public final class PhaseRecorder implements ProgressListener {
    private final String cancelAt;
    private final List<String> phases = new CopyOnWriteArrayList<>();

    private PhaseRecorder(String cancelAt) {
        this.cancelAt = cancelAt;
    }

    /** Cancels as soon as {@code phase} has been reported. */
    public static PhaseRecorder cancellingAt(String phase) {
        return new PhaseRecorder(phase);
    }

    /** Never cancels. */
    public static PhaseRecorder recording() {
        return new PhaseRecorder(null);
    }

    /** The phases reported so far, in order, one entry per report. */
    public List<String> phases() {
        return phases;
    }

    @Override
    public void progress(String phase, long done, long total) {
        phases.add(phase);
    }

    @Override
    public boolean isCancelled() {
        return cancelAt != null && phases.contains(cancelAt);
    }
}
