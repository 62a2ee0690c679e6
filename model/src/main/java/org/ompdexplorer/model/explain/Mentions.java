package org.ompdexplorer.model.explain;

import org.ompdexplorer.model.EntityRef;

/** How sentences name entities: as the window and the command line do ({@code task #5}, {@code thread T2}). */
final class Mentions {
    private Mentions() {
    }

    /** A device by its OpenMP number when known, else as any address space. */
    static String device(org.ompdexplorer.model.AddressSpace space) {
        return space.deviceNum().map(n -> "device " + n).orElse(name(EntityRef.of(space.id())));
    }

    static String name(EntityRef ref) {
        return switch (ref.kind()) {
            case TASK -> "task #" + ref.id();
            case THREAD -> "thread T" + ref.id();
            case PARALLEL_REGION -> "parallel region P" + ref.id();
            case ADDRESS_SPACE -> "address space " + ref.id();
            case TARGET_REGION -> "target region TR" + ref.id();
            case SNAPSHOT -> "the snapshot";
        };
    }
}
