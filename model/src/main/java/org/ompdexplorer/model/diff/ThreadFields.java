package org.ompdexplorer.model.diff;

import java.util.List;
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

    ThreadFields(Links links, IcvFields icvs) {
        this.links = links;
        this.icvs = icvs;
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
        icvs.compare(out, a.icvs(), b.icvs());
        return out.list();
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
