package org.ompdexplorer.model.synthetic;

/**
 * What to generate.
 *
 * @param threads OS threads (≥ 1)
 * @param depth   nesting depth of parallel regions (≥ 1)
 * @param tasks   explicit tasks (0..{@value #MAX_TASKS})
 * @param seed    the random seed; the same spec gives the same snapshot
 */
public record GeneratorSpec(int threads, int depth, int tasks, long seed) {
    /** The most explicit tasks: a bigger snapshot outgrows a default JVM heap on a workstation. */
    public static final int MAX_TASKS = 5_000_000;

    public GeneratorSpec {
        if (threads < 1 || threads > 1 << 16) {
            throw new IllegalArgumentException("threads must be 1.." + (1 << 16) + ", was " + threads);
        }
        if (depth < 1 || depth > 64) {
            throw new IllegalArgumentException("depth must be 1..64, was " + depth);
        }
        if (tasks < 0 || tasks > MAX_TASKS) {
            throw new IllegalArgumentException("tasks must be 0.." + MAX_TASKS + " (about 30 s and 3 GB of memory at the "
                    + "most), was " + tasks);
        }
    }
}
