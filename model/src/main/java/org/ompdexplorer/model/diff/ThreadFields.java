package org.ompdexplorer.model.diff;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameKey;
import org.ompdexplorer.model.callstack.ThreadPlace;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OpenEnum;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;

/**
 * The fields of a matched pair of threads. OS ids are compared too: threads matched by thread number (another
 * process, or an LWP that changed) may have other ids, and a pair matched by LWP may differ in its pthread id.
 */
final class ThreadFields {
    private final Links links;
    private final IcvFields icvs;
    private final Snapshot sa;
    private final Snapshot sb;

    ThreadFields(Links links, IcvFields icvs, Snapshot sa, Snapshot sb) {
        this.links = links;
        this.icvs = icvs;
        this.sa = sa;
        this.sb = sb;
    }

    List<FieldChange> compare(OmpThread a, OmpThread b) {
        Changes out = new Changes();
        out.fact(DiffField.KIND, a.kind(), b.kind(), OpenEnum::name);
        osIds(out, a, b);
        out.fact(DiffField.STATE, a.state(), b.state(), ThreadState::toString);
        out.fact(DiffField.WAIT_ID, a.waitId(), b.waitId(), Address::hex);
        links.task(out, DiffField.CURRENT_TASK, a.currentTask(), b.currentTask());
        links.region(out, DiffField.CURRENT_REGION, a.currentRegion(), b.currentRegion());
        out.fact(DiffField.TOOL_DATA, a.toolData(), b.toolData(), ToolData::toString);
        stacks(out, a, b);
        icvs.compare(out, a.icvs(), b.icvs());
        return out.list();
    }

    /**
     * Where each thread is (ThreadPlace's rule: the innermost user frame, else its sync region's site), and its stack
     * frame by frame (innermost first, runtime runs folded), compared by function and file:line, never by address;
     * only when both snapshots say.
     */
    private void stacks(Changes out, OmpThread a, OmpThread b) {
        Optional<CallStack> ca = sa.index().callStack(a.id());
        Optional<CallStack> cb = sb.index().callStack(b.id());
        if ((ca.isPresent() || a.syncRegion().isKnown()) && (cb.isPresent() || b.syncRegion().isKnown())) {
            String wa = ThreadPlace.key(a, sa.index(), sa.modules()).map(FrameKey::display).orElse("absent");
            String wb = ThreadPlace.key(b, sb.index(), sb.modules()).map(FrameKey::display).orElse("absent");
            if (!wa.equals(wb)) {
                out.add(DiffField.WHERE, "", DiffValue.text(wa), DiffValue.text(wb));
            }
        }
        if (ca.isEmpty() || cb.isEmpty()) {
            return;
        }
        List<FrameKey> ka = FrameKey.folded(ca.get(), sa.modules());
        List<FrameKey> kb = FrameKey.folded(cb.get(), sb.modules());
        if (ka.equals(kb)) {
            return;
        }
        for (int i = 0; i < Math.max(ka.size(), kb.size()); i++) {
            String fa = i < ka.size() ? ka.get(i).display() : "absent";
            String fb = i < kb.size() ? kb.get(i).display() : "absent";
            if (!fa.equals(fb)) {
                out.add(DiffField.STACK, "frame " + i, DiffValue.text(fa), DiffValue.text(fb));
            }
        }
    }

    /** Each kind of OS id either thread has, in the order A lists them, then B's other kinds. */
    private static void osIds(Changes out, OmpThread a, OmpThread b) {
        if (a.osIds().equals(b.osIds())) {
            return;
        }
        java.util.LinkedHashSet<OsThreadIdKind> kinds = new java.util.LinkedHashSet<>();
        a.osIds().forEach(id -> kinds.add(id.kind()));
        b.osIds().forEach(id -> kinds.add(id.kind()));
        for (OsThreadIdKind kind : kinds) {
            java.util.Optional<Long> va = a.osId(kind);
            java.util.Optional<Long> vb = b.osId(kind);
            if (!va.equals(vb)) {
                out.add(DiffField.OS_ID, kind.name(), DiffValue.text(osIdText(kind, va)),
                        DiffValue.text(osIdText(kind, vb)));
            }
        }
    }

    static String osIdText(OsThreadIdKind kind, java.util.Optional<Long> value) {
        return value.map(v -> kind.equals(OsThreadIdKind.LWP) ? Long.toUnsignedString(v) : Address.hex(v))
                .orElse("absent");
    }
}
