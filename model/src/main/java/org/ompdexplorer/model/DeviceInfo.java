package org.ompdexplorer.model;

import java.util.List;

/**
 * What is known of a device beyond its OMPD identity: OMPT's device number and type, whether OMPD gave a
 * handle for it, the code images loaded on it, its mapping table and the data moved to and from it.
 *
 * @param deviceNum  the OpenMP device number ({@code device_num} of {@code device_initialize}), or {@code null}
 * @param type       the device type OMPT gave (e.g. {@code generic-64bit}), or {@code null}
 * @param ompdHandle {@code ompd_device_initialize}: known {@code true} when OMPD gave a handle; unavailable with
 *                   the return code when it refused; absent when OMPD was not asked
 * @param images     code images loaded on the device ({@code device_load})
 * @param mappings   host ranges present on the device
 * @param transfers  cumulative transfers, or {@code null} when the source does not count them
 */
public record DeviceInfo(Integer deviceNum, String type, Fact<Boolean> ompdHandle, List<DeviceImage> images,
                         List<Mapping> mappings, Transfers transfers) {
    public DeviceInfo {
        if (ompdHandle == null) {
            ompdHandle = Fact.absent();
        }
        images = List.copyOf(images);
        mappings = List.copyOf(mappings);
    }

    /**
     * Whether the source followed the device's OMPT events, so that its images, mappings and transfers are known
     * (a capture agent); a core read through OMPD has none of them, and its empty lists mean "not known".
     */
    public boolean followsEvents() {
        return transfers != null;
    }
}
