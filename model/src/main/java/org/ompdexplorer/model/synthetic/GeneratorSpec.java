package org.ompdexplorer.model.synthetic;

/**
 * What to generate.
 *
 * @param threads OS threads (≥ 1)
 * @param depth   nesting depth of parallel regions (≥ 1)
 * @param tasks   explicit tasks (≥ 0)
 * @param seed    the random seed; the same spec gives the same snapshot
 */
public record GeneratorSpec(int threads, int depth, int tasks, long seed) {
    public GeneratorSpec {
        if (threads < 1 || threads > 1 << 16) {
            throw new IllegalArgumentException("threads must be 1.." + (1 << 16) + ", was " + threads);
        }
        if (depth < 1 || depth > 64) {
            throw new IllegalArgumentException("depth must be 1..64, was " + depth);
        }
        if (tasks < 0 || tasks > 50_000_000) {
            throw new IllegalArgumentException("tasks must be 0..50000000, was " + tasks);
        }
    }
}
