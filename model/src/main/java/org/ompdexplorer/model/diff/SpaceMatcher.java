package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.AddressSpace;

/**
 * The process with the process; a device with the device of the same OpenMP device number when both snapshots
 * give it (format 1.1), else with the device of the same OMPD kind and id.
 */
final class SpaceMatcher {
    private SpaceMatcher() {
    }

    static Pairs match(List<AddressSpace> a, List<AddressSpace> b) {
        Pairs pairs = new Pairs(a.size(), b.size());
        KeyedPairing.pair(pairs, i -> a.get(i).isDevice() ? null : "process",
                i -> b.get(i).isDevice() ? null : "process", MatchMethod.PROCESS);
        KeyedPairing.pair(pairs, i -> deviceKey(a.get(i)), i -> deviceKey(b.get(i)), MatchMethod.DEVICE);
        return pairs;
    }

    private static Object deviceKey(AddressSpace space) {
        if (!space.isDevice()) {
            return null;
        }
        return space.deviceNum().<Object>map(n -> "number " + n)
                .orElseGet(() -> "kind " + space.deviceKind() + "/" + space.deviceId());
    }
}
