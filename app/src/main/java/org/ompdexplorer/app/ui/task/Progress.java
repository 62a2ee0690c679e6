package org.ompdexplorer.app.ui.task;

/**
 * How far a job has come.
 *
 * @param phase    what it is doing
 * @param fraction 0..1, or −1 when unknown
 */
public record Progress(String phase, double fraction) {
    public static final Progress UNKNOWN = new Progress("", -1);

    static Progress of(String phase, long done, long total) {
        return new Progress(phase, total <= 0 ? -1 : Math.min(1.0, Math.max(0.0, (double) done / total)));
    }
}
