package org.ompdexplorer.model;

import java.util.HashMap;
import java.util.Map;

/**
 * A thread state as the runtime enumerates it ({@code ompd_enumerate_states} / {@code ompt_state_t}): its value
 * and its name. Values the spec defines have a standard name; a runtime's own states are kept as given.
 */
public record ThreadState(long value, String name) {
    private static final Map<Long, String> STANDARD = new HashMap<>();

    static {
        standard(0x000, "ompt_state_work_serial");
        standard(0x001, "ompt_state_work_parallel");
        standard(0x002, "ompt_state_work_reduction");
        standard(0x010, "ompt_state_wait_barrier");
        standard(0x011, "ompt_state_wait_barrier_implicit_parallel");
        standard(0x012, "ompt_state_wait_barrier_implicit_workshare");
        standard(0x013, "ompt_state_wait_barrier_implicit");
        standard(0x014, "ompt_state_wait_barrier_explicit");
        standard(0x015, "ompt_state_wait_barrier_implementation");
        standard(0x016, "ompt_state_wait_barrier_teams");
        standard(0x020, "ompt_state_wait_taskwait");
        standard(0x021, "ompt_state_wait_taskgroup");
        standard(0x040, "ompt_state_wait_mutex");
        standard(0x041, "ompt_state_wait_lock");
        standard(0x042, "ompt_state_wait_critical");
        standard(0x043, "ompt_state_wait_atomic");
        standard(0x044, "ompt_state_wait_ordered");
        standard(0x080, "ompt_state_wait_target");
        standard(0x081, "ompt_state_wait_target_map");
        standard(0x082, "ompt_state_wait_target_update");
        standard(0x100, "ompt_state_idle");
        standard(0x101, "ompt_state_overhead");
        standard(0x102, "ompt_state_undefined");
    }

    public ThreadState {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a thread state needs a name");
        }
    }

    private static void standard(long value, String name) {
        STANDARD.put(value, name);
    }

    /** The state with this value, named as the spec names it, or {@code state_0x…} for a runtime's own. */
    public static ThreadState ofValue(long value) {
        return new ThreadState(value, STANDARD.getOrDefault(value, "state_0x" + Long.toHexString(value)));
    }

    /** The name without the {@code ompt_state_} prefix, e.g. {@code wait_taskwait}. */
    public String shortName() {
        return name.startsWith("ompt_state_") ? name.substring("ompt_state_".length()) : name;
    }

    /** Whether this is one of the spec's wait states, for which a wait id is meaningful. */
    public boolean isWait() {
        return (value >= 0x10 && value < 0x100) || shortName().startsWith("wait_");
    }

    @Override
    public String toString() {
        return shortName() + " (0x" + Long.toHexString(value) + ")";
    }
}
