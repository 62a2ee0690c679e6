package org.ompdexplorer.model.recording;

/**
 * What a thread of the agent could not record because its buffer filled (the trailer's {@code dropped}).
 *
 * @param what   what was dropped ({@code events})
 * @param count  how many
 * @param bound  the bound that was reached, e.g. {@code OMPD_EXPLORER_RECORD_MAX=1000000}, or {@code null}
 * @param thread the agent's thread id, or −1 when the trailer does not say
 * @param from   the {@code t} of the first dropped event (ns since the start), or −1 when not said
 */
public record RecordingLoss(String what, long count, String bound, long thread, long from) {
    /** {@code 12 events dropped on thread 3 from t=1.5 ms (bound OMPD_EXPLORER_RECORD_MAX=…)}. */
    public String describe() {
        StringBuilder b = new StringBuilder().append(count).append(' ').append(what).append(" dropped");
        if (thread >= 0) {
            b.append(" on thread ").append(thread);
        }
        if (from >= 0) {
            b.append(" from t=").append(RecordingTime.format(from));
        }
        if (bound != null) {
            b.append(" (bound ").append(bound).append(')');
        }
        return b.toString();
    }
}
