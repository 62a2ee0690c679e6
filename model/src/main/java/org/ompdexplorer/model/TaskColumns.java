package org.ompdexplorer.model;

import java.util.Arrays;

/**
 * Each task's links and lifecycle by position, resolved once by {@link SnapshotValidator} for every check after it:
 * reading a million tasks' parents, threads and regions through their objects again is a cache miss each
 * (docs/benchmarks.md), a column of ints is not. A link that is not known, or names an entity the snapshot does not
 * hold, is −1.
 */
final class TaskColumns {
    static final byte UNKNOWN = 0;
    static final byte QUEUED = 1;
    static final byte RUNNING = 2;
    static final byte SUSPENDED = 3;
    static final byte COMPLETED = 4;

    final int[] generating; // task position → generating task position
    final int[] scheduling; // task position → scheduling task position
    final int[] region; // task position → parallel region position
    final int[] thread; // task position → thread position
    final byte[] lifecycle; // task position → lifecycle code
    final Positions implicit = new Positions(); // the implicit and initial tasks: a few among millions
    final Positions dependent = new Positions(); // the tasks with dependsOn

    TaskColumns(int n) {
        generating = new int[n];
        scheduling = new int[n];
        region = new int[n];
        thread = new int[n];
        lifecycle = new byte[n];
    }

    /** Positions in a growing int array. */
    static final class Positions {
        private int[] at = new int[16];
        private int size;

        void add(int position) {
            if (size == at.length) {
                at = Arrays.copyOf(at, size * 2);
            }
            at[size++] = position;
        }

        int size() {
            return size;
        }

        int get(int k) {
            return at[k];
        }
    }

    /**
     * A lifecycle as a code: {@link #UNKNOWN} when no agent followed the task or the name is not known. By identity:
     * {@link TaskLifecycle#of} gives the one constant of each known name, and this runs once a task.
     */
    static byte lifecycleOf(TaskLifecycle l) {
        if (l == TaskLifecycle.COMPLETED) {
            return COMPLETED;
        } else if (l == TaskLifecycle.QUEUED) {
            return QUEUED;
        } else if (l == TaskLifecycle.SUSPENDED) {
            return SUSPENDED;
        }
        return l == TaskLifecycle.RUNNING ? RUNNING : UNKNOWN;
    }

    /** The name of a lifecycle code. */
    static String name(byte lifecycle) {
        return switch (lifecycle) {
            case QUEUED -> "queued";
            case RUNNING -> "running";
            case SUSPENDED -> "suspended";
            case COMPLETED -> "completed";
            default -> "unknown";
        };
    }
}
