package org.ompdexplorer.model.recording;

/**
 * Stepping backwards through a recording, the mirror of {@link StateAt#nextEventOf} and
 * {@link StateAt#nextSynchronization}: a position is a number of events applied, and a step lands just after the
 * event it finds, so that event is the one just applied.
 */
public final class RecordingSteps {
    private RecordingSteps() {
    }

    /** Whether event {@code i} is one of {@code task}'s, as {@link StateAt#nextEventOf} counts them. */
    public static boolean isEventOf(Recording r, int i, long task) {
        return switch (r.kind(i)) {
            case TASK_CREATE, IMPLICIT_BEGIN, IMPLICIT_END, SYNC_BEGIN, SYNC_END, WAIT_BEGIN, WAIT_END -> r.a(i) == task;
            case TASK_DEP, SCHEDULE -> r.a(i) == task || r.b(i) == task;
            case TARGET_BEGIN, TARGET_END -> r.b(i) == task;
            default -> false;
        };
    }

    /**
     * The position after the last event of {@code task} before the one just applied at {@code position} (so the
     * state shows that event), or −1 when there is none.
     */
    public static int previousEventOf(Recording r, int position, long task) {
        for (int i = Math.min(position, r.size()) - 2; i >= 0; i--) {
            if (isEventOf(r, i, task)) {
                return i + 1;
            }
        }
        return -1;
    }

    /** The position after the last synchronization before the event just applied at {@code position}, or −1. */
    public static int previousSynchronization(Recording r, int position) {
        for (int i = Math.min(position, r.size()) - 2; i >= 0; i--) {
            if (r.kind(i).isSynchronization()) {
                return i + 1;
            }
        }
        return -1;
    }
}
