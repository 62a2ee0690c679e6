package org.ompdexplorer.model.recording;

/** The kind of one recorded event (docs/recording-format.md): its OMPT callback, by the name a recording writes. */
public enum EventKind {
    THREAD_BEGIN("thread-begin"), THREAD_END("thread-end"), PARALLEL_BEGIN("parallel-begin"),
    PARALLEL_END("parallel-end"), IMPLICIT_BEGIN("implicit-begin"), IMPLICIT_END("implicit-end"),
    TASK_CREATE("task-create"), TASK_DEP("task-dep"), SCHEDULE("schedule"), SYNC_BEGIN("sync-begin"),
    SYNC_END("sync-end"), WAIT_BEGIN("wait-begin"), WAIT_END("wait-end"), TARGET_BEGIN("target-begin"),
    TARGET_END("target-end"), SNAPSHOT("snapshot");

    private static final EventKind[] VALUES = values();
    private final String wireName;

    EventKind(String wireName) {
        this.wireName = wireName;
    }

    /** The {@code "e"} value a recording writes. */
    public String wireName() {
        return wireName;
    }

    /** The kind a recording's {@code "e"} names, or {@code null} when this build knows none by that name. */
    public static EventKind ofWireName(String name) {
        for (EventKind k : VALUES) {
            if (k.wireName.equals(name)) {
                return k;
            }
        }
        return null;
    }

    static EventKind ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** A synchronization: a sync region or its wait beginning or ending. */
    public boolean isSynchronization() {
        return this == SYNC_BEGIN || this == SYNC_END || this == WAIT_BEGIN || this == WAIT_END;
    }
}
