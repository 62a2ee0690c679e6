package org.ompdexplorer.model;

import java.util.List;
import java.util.Optional;

/**
 * An address space: the OpenMP process ({@code ompd_process_initialize}) or a device in it
 * ({@code ompd_device_initialize}, with the device's kind and id).
 *
 * @param parent     the process, for a device; {@code null} for the process itself
 * @param deviceKind the {@code ompd_device_t} kind of a device (unsigned 64-bit); {@code null} for the process
 * @param deviceId   the device id bytes as hex; {@code null} for the process
 * @param icvs       ICV values in this address space's scopes (address_space, device, global)
 * @param device     for a device: its number, type, OMPD handle, images, mappings and transfers; else {@code null}
 * @param offload    for the process: what is known of its offload runtime; else {@code null}
 */
public record AddressSpace(AddressSpaceId id, AddressSpaceId parent, Long deviceKind, String deviceId,
                           List<IcvValue> icvs, DeviceInfo device, OffloadInfo offload) {
    public AddressSpace {
        icvs = List.copyOf(icvs);
    }

    /** An address space as format 1.0 knew it, without device or offload facts. */
    public AddressSpace(AddressSpaceId id, AddressSpaceId parent, Long deviceKind, String deviceId,
                        List<IcvValue> icvs) {
        this(id, parent, deviceKind, deviceId, icvs, null, null);
    }

    public static AddressSpace process(AddressSpaceId id, List<IcvValue> icvs) {
        return new AddressSpace(id, null, null, null, icvs);
    }

    public boolean isDevice() {
        return parent != null;
    }

    public Optional<AddressSpaceId> parentSpace() {
        return Optional.ofNullable(parent);
    }

    public Optional<DeviceInfo> deviceInfo() {
        return Optional.ofNullable(device);
    }

    public Optional<OffloadInfo> offloadInfo() {
        return Optional.ofNullable(offload);
    }

    /** The OpenMP device number, when known. */
    public Optional<Integer> deviceNum() {
        return device == null ? Optional.empty() : Optional.ofNullable(device.deviceNum());
    }
}
