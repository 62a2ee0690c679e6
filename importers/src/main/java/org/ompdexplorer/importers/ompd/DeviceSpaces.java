package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ompdexplorer.model.Fact;

/**
 * Asks OMPD for an address space of every device the process is known to have ({@code ompd_device_initialize}),
 * and keeps each answer: a handle (released at once: nothing more is read through it yet) or the return code of the
 * refusal, so that a snapshot says why it shows no device detail. libompd 19 refuses every device
 * ({@code ompd_rc_unavailable}; with a NULL device context, {@code ompd_rc_bad_input}).
 */
final class DeviceSpaces {
    /**
     * The {@code ompd_device_t} passed for every device: the host kind, 1. The OMPD 5.1 text leaves device kinds to
     * the implementation and LLVM 19's installed {@code omp-tools.h} defines none; LLVM's libompd uses 1 for the host
     * ({@code OMPD_DEVICE_KIND_HOST} in its private {@code ompd-types.h}, the kind of the process handle it returns),
     * as does {@code ompd_device_kind_host} in the OpenMP Examples. The devices a core names this way are those of
     * libomptarget's host plugin ({@code generic-64bit}), which run on the host CPU.
     */
    static final long HOST_KIND = 1;
    /** The device id passed: the OpenMP device number as a 4-byte int. */
    static final int ID_SIZE = 4;

    /**
     * One device and what OMPD said of it.
     *
     * @param deviceNum  its OpenMP device number
     * @param type       its type as OMPT gave it, or {@code null}
     * @param kind       the {@code ompd_device_t} passed
     * @param id         the id bytes passed, as hex
     * @param ompdHandle known {@code true} when OMPD gave a handle; unavailable with the return code when it refused
     */
    record Device(int deviceNum, String type, long kind, String id, Fact<Boolean> ompdHandle) {
    }

    private DeviceSpaces() {
    }

    /**
     * Initializes every device of {@code entries} that was initialized and not finalized, in device-number order
     * (a number listed twice is asked once).
     */
    static List<Device> initialize(Ompd ompd, long process, List<AgentDeviceTable.Entry> entries, Arena arena) {
        Map<Integer, AgentDeviceTable.Entry> live = new TreeMap<>();
        for (AgentDeviceTable.Entry e : entries) {
            if (e.initialized() && !e.finalized()) {
                live.putIfAbsent(e.deviceNum(), e);
            }
        }
        List<Device> devices = new ArrayList<>(live.size());
        for (AgentDeviceTable.Entry e : live.values()) {
            MemorySegment id = arena.allocate(ID_SIZE, 4);
            id.set(JAVA_INT, 0, e.deviceNum());
            OmpdResult<Long> handle = ompd.deviceInitialize(process, context(e.deviceNum()), HOST_KIND, id);
            if (handle.isOk()) {
                ompd.relAddressSpaceHandle(handle.value());
            }
            devices.add(new Device(e.deviceNum(), e.type(), HOST_KIND, HexFormat.of().formatHex(id.toArray(JAVA_BYTE)),
                    handle.fact(h -> Boolean.TRUE)));
        }
        return List.copyOf(devices);
    }

    /**
     * A device context: a small block holding the device number. From the global arena, never reused, for the
     * reason {@link CoreTarget} gives for the process context (libompd may key what it caches on the pointer).
     */
    private static MemorySegment context(int deviceNum) {
        MemorySegment context = Arena.global().allocate(8, 8);
        context.set(JAVA_INT, 0, deviceNum);
        return context;
    }
}
