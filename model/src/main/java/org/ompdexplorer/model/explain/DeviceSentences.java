package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.OMPD_DEVICE_INITIALIZE;
import static org.ompdexplorer.model.explain.SpecSections.TARGET_CONSTRUCT;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TargetRegion;

/** What a device holds: whether OMPD could open it, what runs on it and what is mapped there. */
final class DeviceSentences {
    private DeviceSentences() {
    }

    static List<Sentence> of(AddressSpace space, SnapshotIndex index) {
        DeviceInfo d = space.device();
        List<Sentence> out = new ArrayList<>();
        if (d.ompdHandle() instanceof Fact.Unavailable<Boolean> u) {
            out.add(Sentence.builder().text("The runtime's OMPD library refused this device (ompd_device_initialize"
                    + " returned " + u.code().name() + "), so OMPD cannot show threads, regions or ICVs on it; what"
                    + " is shown of it comes from the capture agent's OMPT events, when there was one.")
                    .cite(OMPD_DEVICE_INITIALIZE).build());
        }
        List<TargetRegion> inFlight = index.targetRegionsOn(space.id()).stream().filter(TargetRegion::inFlight)
                .toList();
        if (!inFlight.isEmpty()) {
            out.add(Sentence.builder().mentions(inFlight.stream().map(t -> EntityRef.of(t.id())).toList(), r -> "")
                    .text(inFlight.size() == 1 ? " is in flight on it." : " are in flight on it.")
                    .cite(TARGET_CONSTRUCT).build());
        }
        if (!d.mappings().isEmpty()) {
            long bytes = 0;
            for (Mapping m : d.mappings()) {
                bytes = org.ompdexplorer.model.ByteCount.add(bytes, m.bytes());
            }
            out.add(Sentence.builder().text(TargetExplainer.count(d.mappings().size(), "host range") + " ("
                    + TargetExplainer.bytes(bytes) + (d.mappings().size() == 1 ? ") is" : ") are") + " present on it: each has device storage until the"
                    + " constructs that map it release it, and a construct that maps it again finds it present"
                    + " and moves nothing unless told to.").build());
        } else if (d.transfers() != null && !d.transfers().isEmpty()) {
            out.add(Sentence.builder().text("Nothing is mapped on it now; data moved earlier was released.")
                    .build());
        }
        return out;
    }
}
