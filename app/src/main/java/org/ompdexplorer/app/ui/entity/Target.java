package org.ompdexplorer.app.ui.entity;

import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;

/** What can be selected, shown in the details pane and kept in the history: an entity or a snapshot page. */
public sealed interface Target permits Target.Entity, Target.Page {

    /** An address space, thread, parallel region or task. */
    record Entity(EntityRef ref) implements Target {
        public Entity {
            if (ref == null || ref.kind() == EntityKind.SNAPSHOT) {
                throw new IllegalArgumentException("an entity target names an entity, not the snapshot");
            }
        }
    }

    /** A snapshot-level page. */
    record Page(SnapshotPage page) implements Target {
    }

    static Target of(TaskId id) {
        return new Entity(EntityRef.of(id));
    }

    static Target of(ThreadId id) {
        return new Entity(EntityRef.of(id));
    }

    static Target of(RegionId id) {
        return new Entity(EntityRef.of(id));
    }

    static Target of(TargetRegionId id) {
        return new Entity(EntityRef.of(id));
    }

    static Target of(AddressSpaceId id) {
        return new Entity(EntityRef.of(id));
    }

    static Target of(SnapshotPage page) {
        return new Page(page);
    }

    /** A stable key, unique within a snapshot: {@code task:17}, {@code page:STATES}. */
    default String key() {
        return switch (this) {
            case Entity e -> switch (e.ref().kind()) {
                case TASK -> "task:";
                case THREAD -> "thread:";
                case PARALLEL_REGION -> "region:";
                case ADDRESS_SPACE -> "space:";
                case TARGET_REGION -> "target:";
                case SNAPSHOT -> "snapshot:";
            } + e.ref().id();
            case Page p -> "page:" + p.page().name();
        };
    }
}
