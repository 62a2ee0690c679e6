package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.Transfers;

/**
 * The target constructs of a recording as its {@code target-begin}/{@code -end} events tell them: kind, device
 * number, encountering and target task, site, and whether the construct is still in flight. A recording carries no mappings,
 * kernels or transfers, so a construct is shown as in flight or ended, never as kept for data still mapped. A
 * construct the agent could not number (id 0: its table was full) is not shown, as the agent's snapshots do not.
 */
final class TargetConstructs {
    /** The agent's target event names a handle: the construct's number in its low bits, its table slot above. */
    private static final long NUMBER_MASK = (1L << 44) - 1;

    /**
     * One construct: its kind (the nowait form when it runs deferred in a target task), device, encountering task,
     * target task ({@link Recording#NONE} when none), site, and whether it is in flight.
     */
    private record Construct(TargetKind kind, int device, long task, long targetTask, long site, boolean inFlight) {
        Construct ended() {
            return new Construct(kind, device, task, targetTask, site, false);
        }

        /** Whether its encountering task waits in it: a construct in flight that does not run deferred. */
        boolean holdsItsTask() {
            return inFlight && !kind.isNowait();
        }
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

    /**
     * Applies event {@code i}, a target-begin or target-end, as the agent counts constructs (agent/src/offload.c):
     * when the task it names is a target task ({@code targetTaskCreate}, the event that created it, else −1), that
     * task runs the construct and the task that created it encountered it; a target task not undeferred runs it
     * deferred, which the kind's nowait form says (libomp 19 reports such a construct as plain {@code target}).
     *
     * @return the construct's encountering task when its begin or end changes whether that task waits in it, else
     * {@link Recording#NONE}
     */
    long apply(Recording r, int i, int targetTaskCreate) {
        long id = r.a(i) == Recording.NONE ? 0 : r.a(i) & NUMBER_MASK;
        if (id == 0) {
            return Recording.NONE;
        }
        Construct c;
        if (r.kind(i) == EventKind.TARGET_BEGIN) {
            long task = r.b(i);
            long targetTask = Recording.NONE;
            TargetKind kind = kind(r.word(i));
            if (targetTaskCreate >= 0) {
                targetTask = task;
                task = r.b(targetTaskCreate);
                if (!r.flags(targetTaskCreate).contains("undeferred") && !kind.isNowait()) {
                    kind = TargetKind.of(kind.name() + "_nowait");
                }
            }
            c = new Construct(kind, r.number(i), task, targetTask, r.site(i), true);
            constructs.put(id, c);
        } else {
            c = constructs.get(id);
            if (c == null) {
                return Recording.NONE;
            }
            if (keepEnded) {
                constructs.put(id, c.ended());
            } else {
                constructs.remove(id);
            }
        }
        return c.kind.isNowait() ? Recording.NONE : c.task;
    }

    /** Whether task {@code task} waits in a construct it encountered that is in flight. */
    boolean waitsIn(long task) {
        for (Construct c : constructs.values()) {
            if (c.task == task && c.holdsItsTask()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The constructs as the model's target regions, in begin order, their sites as {@code named} names them; an
     * encountering task not held is left out.
     */
    List<TargetRegion> regions(java.util.function.LongPredicate taskHeld, Recording named) {
        List<TargetRegion> out = new ArrayList<>(constructs.size());
        constructs.forEach((id, c) -> out.add(new TargetRegion(new TargetRegionId(id), c.kind, null, c.device,
                c.inFlight, held(c.task, taskHeld), held(c.targetTask, taskHeld),
                named.siteAt(c.site), List.of(), 0, Transfers.NONE)));
        return out;
    }

    private static Fact<TaskId> held(long task, java.util.function.LongPredicate taskHeld) {
        return task != Recording.NONE && task != 0 && taskHeld.test(task) ? Fact.of(new TaskId(task)) : Fact.absent();
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
