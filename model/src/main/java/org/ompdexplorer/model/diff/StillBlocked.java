package org.ompdexplorer.model.diff;

import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;

/**
 * A thread or task in the same wait at the same place in both snapshots, with nothing it waits for having moved: the
 * hang signal.
 *
 * @param a     the entity in A
 * @param b     the entity in B
 * @param how   the kind of wait
 * @param place where: the wait state and wait id, the task's enter frame, the tasks it waits for, what waits for a
 *              detached task
 */
public record StillBlocked(EntityKind kind, EntityRef a, EntityRef b, How how, String place) {
    /** The place is cut to {@link org.ompdexplorer.model.TextCut#VALUE} characters, its length said. */
    public StillBlocked {
        place = org.ompdexplorer.model.TextCut.value(place);
    }

    /** The kinds of wait a snapshot shows. */
    public enum How {
        /** A thread in the same wait state with the same wait id (a lock, a critical section, a device…). */
        WAITING("waiting"),
        /**
         * A task waiting at the same taskwait, taskgroup end or barrier on the same thread, what it waits for
         * unchanged.
         */
        SYNC_WAIT("waiting"),
        /** A detached task still detached: its body is done, its event still not fulfilled. */
        DETACHED("detached"),
        /** A task suspended at the same scheduling point (the same enter frame): a taskwait, taskgroup, barrier. */
        SUSPENDED("suspended"),
        /** A queued task still waiting for the same tasks' dependences. */
        DEPENDENCES("waiting on dependences");

        private final String label;

        How(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
