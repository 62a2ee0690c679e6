package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.AddressSpace;

/** The process with the process; a device with the device of the same number, else of the same kind and id. */
final class SpaceMatcher {
    private SpaceMatcher() {
    }

    static Pairs match(List<AddressSpace> a, List<AddressSpace> b) {
        Pairs pairs = new Pairs(a.size(), b.size());
        KeyedPairing.pair(pairs, i -> a.get(i).isDevice() ? null : "process",
                i -> b.get(i).isDevice() ? null : "process", MatchMethod.PROCESS);
        KeyedPairing.pair(pairs, i -> deviceNumber(a.get(i)), i -> deviceNumber(b.get(i)), MatchMethod.DEVICE_NUMBER);
        KeyedPairing.pair(pairs, i -> deviceKey(a.get(i)), i -> deviceKey(b.get(i)), MatchMethod.DEVICE);
        return pairs;
    }

    private static Object deviceNumber(AddressSpace space) {
        return space.isDevice() ? space.deviceNum().orElse(null) : null;
    }

    /** Kind and id, for a device without a number: a numbered device pairs only with the same number. */
    private static Object deviceKey(AddressSpace space) {
        return space.isDevice() && space.deviceNum().isEmpty() ? space.deviceKind() + "/" + space.deviceId() : null;
    }
}
