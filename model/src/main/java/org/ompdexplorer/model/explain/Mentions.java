package org.ompdexplorer.model.explain;

import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Names;

/** How sentences name entities: as the window and the command line do ({@link Names#ref}: {@code task #5}). */
final class Mentions {
    private Mentions() {
    }

    /** A device by its OpenMP number when known, else as any address space. */
    static String device(org.ompdexplorer.model.AddressSpace space) {
        return space.deviceNum().map(n -> "device " + n).orElse(name(EntityRef.of(space.id())));
    }

    static String name(EntityRef ref) {
        return ref.kind() == EntityKind.SNAPSHOT ? "the snapshot" : Names.ref(ref);
    }
}
