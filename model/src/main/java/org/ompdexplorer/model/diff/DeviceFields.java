package org.ompdexplorer.model.diff;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TaskId;

/**
 * The changes of a matched pair of devices (number, type, OMPD handle, transfers, each mapped host range) or of
 * target regions (status, tasks as matched identities, kernels, transfers).
 */
final class DeviceFields {
    private final Links links;

    DeviceFields(Links links) {
        this.links = links;
    }

    void compare(Changes out, AddressSpace a, AddressSpace b) {
        compare(out, DeviceItems.of(a), DeviceItems.of(b));
    }

    List<FieldChange> compare(TargetRegion a, TargetRegion b) {
        Changes out = new Changes();
        compare(out, DeviceItems.of(a), DeviceItems.of(b));
        return out.list();
    }

    /** Items compared by field and qualifier; one only one side has is a change from or to "absent". */
    @SuppressWarnings("unchecked")
    private void compare(Changes out, List<DeviceItems> a, List<DeviceItems> b) {
        Map<String, DeviceItems> byKeyA = new LinkedHashMap<>();
        a.forEach(i -> byKeyA.putIfAbsent(i.key(), i));
        Map<String, DeviceItems> byKeyB = new LinkedHashMap<>();
        b.forEach(i -> byKeyB.putIfAbsent(i.key(), i));
        Map<String, DeviceItems> all = new LinkedHashMap<>(byKeyA);
        byKeyB.forEach(all::putIfAbsent);
        for (Map.Entry<String, DeviceItems> e : all.entrySet()) {
            DeviceItems ia = byKeyA.get(e.getKey());
            DeviceItems ib = byKeyB.get(e.getKey());
            DeviceItems any = e.getValue();
            if (any.linkKind() != null) {
                links.task(out, any.field(), any.qualifier(),
                        ia == null ? Fact.absent() : (Fact<TaskId>) ia.link(),
                        ib == null ? Fact.absent() : (Fact<TaskId>) ib.link());
            } else {
                String ta = ia == null ? "absent" : ia.text();
                String tb = ib == null ? "absent" : ib.text();
                if (!Objects.equals(ta, tb)) {
                    out.add(any.field(), any.qualifier(), DiffValue.text(ta), DiffValue.text(tb));
                }
            }
        }
    }
}
