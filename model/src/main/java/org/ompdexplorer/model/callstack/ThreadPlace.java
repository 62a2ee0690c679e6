package org.ompdexplorer.model.callstack;

import java.util.Optional;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SyncRegion;

/**
 * Where a thread is in the program's source, in a phrase: {@code at solve (grid.c:12)} from the innermost frame of the
 * program's own code ({@link CallStack#innermostUserFrame}); else, for a thread whose stack names none (blocked in a
 * runtime built without frame pointers) but which is inside a sync region whose site is known,
 * {@code waits at a barrier in solve_boundary (held.c:42)}. One rule for every view that says where a thread is.
 */
public final class ThreadPlace {
    private ThreadPlace() {
    }

    /**
     * The place itself, for views that compare or merge places (diff, timeline, job view): the innermost user frame's
     * key, else the sync region's site's key; empty when neither says.
     */
    public static Optional<FrameKey> key(OmpThread thread, org.ompdexplorer.model.SnapshotIndex index,
                                         java.util.List<org.ompdexplorer.model.CodeModule> modules) {
        Optional<FrameKey> frame = index.callStack(thread.id()).flatMap(s -> s.innermostUserFrame(modules))
                .map(f -> FrameKey.of(f, modules));
        if (frame.isPresent()) {
            return frame;
        }
        return thread.syncRegion().asOptional().flatMap(r -> r.site().asOptional())
                .map(site -> FrameKey.of(site, modules));
    }

    /** The phrase for {@code thread} of {@code snapshot}, or empty when neither its stack nor a sync site says. */
    public static Optional<String> of(OmpThread thread, Snapshot snapshot) {
        Optional<String> frame = snapshot.index().callStack(thread.id())
                .flatMap(s -> s.innermostUserFrame(snapshot.modules()))
                .map(f -> "at " + FrameKey.of(f, snapshot.modules()).display());
        if (frame.isPresent()) {
            return frame;
        }
        if (thread.syncRegion() instanceof Fact.Known<SyncRegion>(SyncRegion region)
                && region.site() instanceof Fact.Known<CodeLocation>(CodeLocation site)) {
            return Optional.of("waits at " + region.kind().construct() + " in " + site.display(snapshot.modules()));
        }
        return Optional.empty();
    }
}
