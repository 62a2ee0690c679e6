package org.ompdexplorer.model;

import java.util.Collection;

/**
 * The kind of a sync region, from OMPT's {@code ompt_sync_region_t} without its prefix ({@code barrier_explicit},
 * {@code taskwait}); an open vocabulary: a kind this build does not know is kept as named.
 */
public final class SyncRegionKind extends OpenEnum {
    private static final Registry<SyncRegionKind> REGISTRY = new Registry<>(SyncRegionKind::new);
    public static final SyncRegionKind BARRIER = REGISTRY.define("barrier");
    public static final SyncRegionKind BARRIER_IMPLICIT = REGISTRY.define("barrier_implicit");
    public static final SyncRegionKind BARRIER_EXPLICIT = REGISTRY.define("barrier_explicit");
    public static final SyncRegionKind BARRIER_IMPLEMENTATION = REGISTRY.define("barrier_implementation");
    public static final SyncRegionKind TASKWAIT = REGISTRY.define("taskwait");
    public static final SyncRegionKind TASKGROUP = REGISTRY.define("taskgroup");
    public static final SyncRegionKind REDUCTION = REGISTRY.define("reduction");
    public static final SyncRegionKind BARRIER_IMPLICIT_WORKSHARE = REGISTRY.define("barrier_implicit_workshare");
    public static final SyncRegionKind BARRIER_IMPLICIT_PARALLEL = REGISTRY.define("barrier_implicit_parallel");
    public static final SyncRegionKind BARRIER_TEAMS = REGISTRY.define("barrier_teams");

    private SyncRegionKind(String name, boolean known) {
        super(name, known);
    }

    public static SyncRegionKind of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<SyncRegionKind> known() {
        return REGISTRY.values();
    }

    /**
     * The construct in a sentence, with its article: "a barrier" (an explicit one, or one the runtime added), "an
     * implicit barrier" (at the end of a parallel region or a worksharing construct), "a teams barrier", "a taskwait",
     * "a taskgroup", "a reduction"; "a sync region (name)" for a kind this build does not know.
     */
    public String construct() {
        if (equals(BARRIER) || equals(BARRIER_EXPLICIT) || equals(BARRIER_IMPLEMENTATION)) {
            return "a barrier";
        }
        if (equals(BARRIER_IMPLICIT) || equals(BARRIER_IMPLICIT_WORKSHARE) || equals(BARRIER_IMPLICIT_PARALLEL)) {
            return "an implicit barrier";
        }
        if (equals(BARRIER_TEAMS)) {
            return "a teams barrier";
        }
        if (isKnown()) {
            return "a " + name();
        }
        return "a sync region (" + name() + ")";
    }
}
