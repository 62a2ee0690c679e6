package org.ompdexplorer.model;

/** Names one entity of a snapshot (and, for diagnostics, one of its fields). */
public record EntityRef(EntityKind kind, long id) {
    public static final EntityRef SNAPSHOT = new EntityRef(EntityKind.SNAPSHOT, 0);

    public static EntityRef of(TaskId id) {
        return new EntityRef(EntityKind.TASK, id.value());
    }

    public static EntityRef of(ThreadId id) {
        return new EntityRef(EntityKind.THREAD, id.value());
    }

    public static EntityRef of(RegionId id) {
        return new EntityRef(EntityKind.PARALLEL_REGION, id.value());
    }

    public static EntityRef of(TargetRegionId id) {
        return new EntityRef(EntityKind.TARGET_REGION, id.value());
    }

    public static EntityRef of(AddressSpaceId id) {
        return new EntityRef(EntityKind.ADDRESS_SPACE, id.value());
    }

    /** As every view names it: {@code task #5}, {@code thread T1} ({@link Names#ref}). */
    @Override
    public String toString() {
        return Names.ref(this);
    }
}
