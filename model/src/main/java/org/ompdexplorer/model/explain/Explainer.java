package org.ompdexplorer.model.explain;

import java.util.List;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;

/**
 * Explains entities of one snapshot in plain sentences derived from its data: why a task's scheduling task differs
 * from its generating task, what a suspended task waits for, why a task is queued or blocked, what a thread's state
 * means, where a region sits in the nesting, which scope an ICV is read from. Where the snapshot cannot tell, a
 * sentence says what is not known rather than guessing. Pure and cheap: one entity's sentences look at its
 * neighbours only.
 */
public final class Explainer {
    private final Snapshot snapshot;

    public Explainer(Snapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** The sentences about an entity; an entity the snapshot does not hold gets one sentence saying so. */
    public Explanation explain(EntityRef ref) {
        var index = snapshot.index();
        List<Sentence> sentences = switch (ref.kind()) {
            case TASK -> index.task(new TaskId(ref.id())).map(t -> new TaskExplainer(snapshot).explain(t))
                    .orElse(null);
            case THREAD -> index.thread(new ThreadId(ref.id())).map(t -> new ThreadExplainer(snapshot).explain(t))
                    .orElse(null);
            case PARALLEL_REGION -> index.region(new RegionId(ref.id()))
                    .map(r -> new RegionExplainer(snapshot).explain(r)).orElse(null);
            case ADDRESS_SPACE -> index.addressSpace(new AddressSpaceId(ref.id()))
                    .map(s -> new SpaceExplainer(snapshot).explain(s)).orElse(null);
            case TARGET_REGION -> index.targetRegion(new TargetRegionId(ref.id()))
                    .map(t -> new TargetExplainer(snapshot).explain(t)).orElse(null);
            case SNAPSHOT -> null;
        };
        if (sentences == null) {
            sentences = List.of(Sentence.builder().text("This snapshot does not hold ").mention(ref)
                    .text(", so there is nothing to explain.").build());
        }
        return new Explanation(ref, sentences);
    }

    /**
     * The sentences about one ICV value: the scope the runtime keeps it in and the entity whose scope this value
     * was read from.
     *
     * @param value  the value, as the entity {@code holder} holds it
     * @param holder the address space, thread, region or task whose scope the value was read from
     */
    public List<Sentence> explainIcv(IcvValue value, EntityRef holder) {
        return new IcvExplainer(snapshot).explain(value, holder);
    }
}
