package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.EXECUTION_MODEL;
import static org.ompdexplorer.model.explain.SpecSections.ICVS;
import static org.ompdexplorer.model.explain.SpecSections.OMPD;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;

/** An address space: the process or a device, and the ICVs it holds for all its threads. */
final class SpaceExplainer {
    private final SnapshotIndex index;

    SpaceExplainer(Snapshot snapshot) {
        this.index = snapshot.index();
    }

    List<Sentence> explain(AddressSpace space) {
        EntityRef self = EntityRef.of(space.id());
        Sentence.Builder b = space.isDevice() && space.deviceNum().isPresent()
                ? Sentence.builder().mention(self, Mentions.device(space)) : Sentence.builder().mention(self);
        if (space.isDevice() && space.device() != null && space.device().deviceNum() != null) {
            b.text(" (" + (space.device().type() == null ? "" : space.device().type() + ", ") + "address space "
                    + space.id() + ") is a device of ").mention(EntityRef.of(space.parent()), "the process")
                    .text(": target regions run there in its own data environment, and data is mapped to it from"
                            + " the host's.");
        } else if (space.isDevice()) {
            b.text(" is a device of the program (kind " + Long.toUnsignedString(space.deviceKind() == null ? 0
                    : space.deviceKind()) + "), inside ").mention(EntityRef.of(space.parent()))
                    .text(": target regions run there in their own data environment.");
        } else {
            b.text(" is the OpenMP process: the host device, where the initial thread started the program and"
                    + " where its threads, regions and tasks live.");
        }
        Sentence first = b.cite(OMPD, EXECUTION_MODEL).build();
        List<Sentence> out = new java.util.ArrayList<>(List.of(first));
        if (space.device() != null) {
            DeviceSentences.of(space, index).forEach(out::add);
        }
        Set<String> scopes = new TreeSet<>();
        for (IcvValue v : space.icvs()) {
            index.icv(v.icv()).ifPresent(d -> scopes.add(d.scope().name()));
        }
        if (space.icvs().isEmpty()) {
            return out;
        }
        Sentence icvs = Sentence.builder().text("It holds " + space.icvs().size() + " ICV values of the "
                + String.join(", ", scopes) + " scopes: one value each for the whole "
                + (space.isDevice() ? "device" : "process") + ", which every thread, region and task there reads"
                + " unless a narrower scope holds its own.").cite(ICVS).build();
        out.add(icvs);
        return out;
    }
}
