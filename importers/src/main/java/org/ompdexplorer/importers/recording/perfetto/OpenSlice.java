package org.ompdexplorer.importers.recording.perfetto;

/**
 * A slice open on a thread's track: a task executing there (the frame of that task), or something that task is in —
 * a parallel region it encountered, a sync region, a wait, a target construct.
 *
 * @param kind what it shows
 * @param task the task it belongs to: the executing task, or the task that is in the region
 * @param id   the parallel region's or target construct's id; 0 for a task, sync region or wait
 * @param word the sync or wait kind ({@code taskwait}, {@code barrier_implicit_parallel}…), the target kind, or
 *             {@code null}
 */
record OpenSlice(Kind kind, long task, long id, String word) {
    /** What a slice shows. */
    enum Kind { TASK, PARALLEL, SYNC, WAIT, TARGET }

    /** Whether this is the slice of that kind, task, id and word. */
    boolean matches(Kind k, long t, long i, String w) {
        return kind == k && task == t && id == i && (word == null ? w == null : word.equals(w));
    }
}
