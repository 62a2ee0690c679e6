package org.ompdexplorer.model.diff;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameKey;

/**
 * Whether a matched thread's call stack is at the same place in both snapshots: the same frames by function and
 * file:line (module and offset without symbols), never by address, each run of runtime frames folded to one — a spin
 * and a sleep of the same wait are the same place; a wait entered again from another line is not.
 */
final class SameStacks {
    private final Matching m;
    private final Snapshot a;
    private final Snapshot b;

    SameStacks(Matching m) {
        this.m = m;
        this.a = m.a();
        this.b = m.b();
    }

    /**
     * Empty when both snapshots hold the thread's stack and they differ (it moved); otherwise what a still-blocked
     * entry adds: {@code "; the same call stack in both, in fixture_hold_forever (fixture.h:31)"}, or nothing when
     * either snapshot has no stack for it.
     */
    Optional<String> compare(Fact<ThreadId> inA, Fact<ThreadId> inB) {
        if (!inA.isKnown() || !inB.isKnown()) {
            return Optional.of("");
        }
        Optional<CallStack> sa = a.index().callStack(inA.get());
        Optional<CallStack> sb = b.index().callStack(inB.get());
        if (sa.isEmpty() || sb.isEmpty() || sa.get().frames().isEmpty() || sb.get().frames().isEmpty()) {
            return Optional.of("");
        }
        int pa = a.index().threadPosition(inA.get().value());
        int pb = b.index().threadPosition(inB.get().value());
        if (pa < 0 || pb < 0 || m.inB(EntityKind.THREAD, pa) != pb) {
            return Optional.of("");
        }
        List<FrameKey> ka = FrameKey.folded(sa.get(), a.modules());
        List<FrameKey> kb = FrameKey.folded(sb.get(), b.modules());
        if (!ka.equals(kb)) {
            return Optional.empty();
        }
        return Optional.of("; the same call stack in both" + sb.get().innermostUserFrame(b.modules())
                .map(f -> ", in " + FrameKey.of(f, b.modules()).display()).orElse(""));
    }
}
