package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.Transfers;

/**
 * The target constructs of a recording as its {@code target-begin}/{@code -end} events tell them: kind, device
 * number, encountering task and site, and whether the construct is still in flight. A recording carries no mappings,
 * kernels or transfers, so a construct is shown as in flight or ended, never as kept for data still mapped. A
 * construct the agent could not number (id 0: its table was full) is not shown, as the agent's snapshots do not.
 */
final class TargetConstructs {
    /** One construct: what its begin said, and whether it ended. */
    private record Construct(String kind, int device, long task, long site, boolean inFlight) {
    }

    private final Map<Long, Construct> constructs = new LinkedHashMap<>();
    private final boolean keepEnded;

    /** @param keepEnded keep an ended construct (the whole run) rather than forget it (the state at a moment) */
    TargetConstructs(boolean keepEnded) {
        this.keepEnded = keepEnded;
    }

    TargetConstructs copy() {
        TargetConstructs c = new TargetConstructs(keepEnded);
        c.constructs.putAll(constructs); // the records are immutable
        return c;
    }

    int size() {
        return constructs.size();
    }

    /** Applies event {@code i}, a target-begin or target-end. */
    void apply(Recording r, int i) {
        long id = r.a(i);
        if (id == 0 || id == Recording.NONE) {
            return;
        }
        if (r.kind(i) == EventKind.TARGET_BEGIN) {
            constructs.put(id, new Construct(r.word(i), r.number(i), r.b(i), r.site(i), true));
        } else if (keepEnded) {
            Construct c = constructs.get(id);
            if (c != null) {
                constructs.put(id, new Construct(c.kind, c.device, c.task, c.site, false));
            }
        } else {
            constructs.remove(id);
        }
    }

    /** The constructs as the model's target regions, in begin order; an encountering task not held is left out. */
    List<TargetRegion> regions(java.util.function.LongPredicate taskHeld) {
        List<TargetRegion> out = new ArrayList<>(constructs.size());
        constructs.forEach((id, c) -> out.add(new TargetRegion(new TargetRegionId(id), kind(c.kind), null, c.device,
                c.inFlight, taskHeld.test(c.task) ? Fact.of(new TaskId(c.task)) : Fact.absent(), Fact.absent(),
                c.site == 0 ? Fact.absent() : Fact.of(CodeLocation.at(c.site)), List.of(), 0, Transfers.NONE)));
        return out;
    }

    /**
     * The snapshot's name of a recording's target kind: OMPT's {@code ompt_target_t} without {@code ompt_}, so
     * {@code target_enter_data} is {@code enter_data} while {@code target} and {@code target_nowait} stay.
     */
    static TargetKind kind(String recorded) {
        if (recorded == null) {
            return TargetKind.of("unknown");
        }
        boolean runsCode = recorded.equals("target") || recorded.equals("target_nowait");
        return TargetKind.of(!runsCode && recorded.startsWith("target_") ? recorded.substring("target_".length())
                : recorded);
    }
}
