package org.ompdexplorer.model;

import java.util.Map;

/**
 * Maps a runtime's ICV names to the names OpenMP 5.2 gives them. OMPD 5.0/5.1 named some ICVs with an
 * {@code ompd-} prefix; 5.2 made them ordinary ICVs (and turned {@code implicit} into {@code explicit-task-var},
 * with the opposite sense).
 */
public final class Omp52IcvNames {
    private static final Map<String, String> RENAMED = Map.of(
            "ompd-num-procs-var", "num-procs-var",
            "ompd-thread-num-var", "thread-num-var",
            "ompd-final-var", "final-task-var",
            "ompd-implicit-var", "explicit-task-var (negated)",
            "ompd-team-size-var", "team-size-var",
            "implicit-task-var", "explicit-task-var (negated)",
            "final-var", "final-task-var");

    private Omp52IcvNames() {
    }

    /** The OpenMP 5.2 name for a runtime's ICV name; a name 5.2 uses as is maps to itself. */
    public static String of(String runtimeName) {
        return RENAMED.getOrDefault(runtimeName, runtimeName);
    }
}
