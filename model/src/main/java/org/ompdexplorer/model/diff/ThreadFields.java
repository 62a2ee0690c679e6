package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OpenEnum;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;

/** The fields of a matched pair of threads. OS ids are how threads are matched, so they are not compared. */
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
        out.fact(DiffField.STATE, a.state(), b.state(), ThreadState::toString);
        out.fact(DiffField.WAIT_ID, a.waitId(), b.waitId(), Address::hex);
        links.task(out, DiffField.CURRENT_TASK, a.currentTask(), b.currentTask());
        links.region(out, DiffField.CURRENT_REGION, a.currentRegion(), b.currentRegion());
        out.fact(DiffField.TOOL_DATA, a.toolData(), b.toolData(), ToolData::toString);
        icvs.compare(out, a.icvs(), b.icvs());
        return out.list();
    }
}
