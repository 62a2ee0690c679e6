package org.ompdexplorer.model;

import java.util.Objects;

/**
 * The innermost sync region a thread is inside (format 1.4, OMPT {@code ompt_callback_sync_region}): a barrier,
 * taskwait, taskgroup… it has begun and not yet ended, also while it runs a task there (a task scheduling point).
 * The site says where the construct is in the program when the thread's own stack cannot: a thread blocked in the
 * runtime, built without frame pointers, has no frame of the program's code.
 *
 * @param kind {@code ompt_sync_region_t}
 * @param site the construct's return address in the program ({@code codeptr_ra}), symbolized when the snapshot is
 *             read as creation sites are; absent when the runtime gave none (a worker's implicit barrier)
 */
public record SyncRegion(SyncRegionKind kind, Fact<CodeLocation> site) {
    public SyncRegion {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(site, "site");
    }

    public SyncRegion withSite(Fact<CodeLocation> newSite) {
        return new SyncRegion(kind, newSite);
    }
}
