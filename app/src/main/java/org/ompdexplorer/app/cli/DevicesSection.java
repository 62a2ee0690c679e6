package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.ByteCount;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Transfers;

/**
 * The Devices section of the summary (format 1.1): the process's offload runtime, then per device its number,
 * type, OMPD handle, images, mapping table and transfers, and the target regions on it, in flight first.
 * Printed only when the snapshot has devices, offload facts or target regions, so a 1.0 summary is unchanged.
 */
final class DevicesSection {
    private final Snapshot snapshot;
    private final Labels labels;
    private final int maxTargets;

    /** @param maxTargets the most target region lines to print (the summary's region limit) */
    DevicesSection(Snapshot snapshot, Labels labels, int maxTargets) {
        this.snapshot = snapshot;
        this.labels = labels;
        this.maxTargets = maxTargets;
    }

    boolean applies() {
        return !snapshot.devices().isEmpty() || !snapshot.targetRegions().isEmpty()
                || snapshot.addressSpaces().stream().anyMatch(a -> a.offload() != null);
    }

    void print(PrintWriter out) {
        if (!applies()) {
            return;
        }
        out.println("Devices");
        for (AddressSpace space : snapshot.addressSpaces()) {
            if (space.offload() != null) {
                out.println("  " + (space.isDevice() ? "device" : "process") + " (address space " + space.id()
                        + ")  offload " + offload(space.offload()));
            }
        }
        int[] printed = {0};
        List<TargetRegion> elsewhere = new ArrayList<>();
        for (TargetRegion t : snapshot.targetRegions()) {
            boolean onDevice = t.device() != null && snapshot.index().addressSpace(t.device())
                    .filter(AddressSpace::isDevice).isPresent();
            if (!onDevice) {
                elsewhere.add(t);
            }
        }
        for (AddressSpace device : snapshot.devices()) {
            out.println("  " + heading(device));
            if (device.device() != null) {
                out.println("    " + table(device.device()));
            }
            targets(out, snapshot.index().targetRegionsOn(device.id()), printed);
        }
        if (!elsewhere.isEmpty()) {
            out.println("  on the host or no listed device");
            targets(out, elsewhere, printed);
        }
        if (printed[0] < snapshot.targetRegions().size()) {
            out.println("  … " + (snapshot.targetRegions().size() - printed[0])
                    + " more target regions (--max-regions 0 prints all)");
        }
        out.println();
    }

    private static String offload(OffloadInfo o) {
        StringJoiner j = new StringJoiner(", ");
        j.add("runtime " + (o.runtime() == null ? "-" : o.runtime()));
        j.add(switch (o.deviceCount()) {
            case Fact.Known<Integer> k -> k.value() + " device" + (k.value() == 1 ? "" : "s");
            case Fact.Unavailable<Integer> u -> "device count unavailable (" + u.code()
                    + (u.detail().isEmpty() ? "" : ": " + u.detail()) + ")";
            case Fact.Absent<Integer> a -> "device count not given";
        });
        if (o.initialDevice() != null) {
            j.add("initial device " + o.initialDevice());
        }
        if (!o.imageTriples().isEmpty()) {
            j.add("built for " + String.join(" ", o.imageTriples()));
        }
        return j.toString();
    }

    private static String heading(AddressSpace device) {
        StringBuilder b = new StringBuilder("device ");
        DeviceInfo d = device.device();
        b.append(d == null || d.deviceNum() == null ? "(no number)" : d.deviceNum());
        if (d != null && d.type() != null) {
            b.append("  ").append(d.type());
        }
        b.append("  (address space ").append(device.id());
        if (device.deviceKind() != null) {
            b.append(", kind ").append(Long.toUnsignedString(device.deviceKind()));
        }
        if (device.deviceId() != null) {
            b.append(", id ").append(device.deviceId());
        }
        b.append(")  OMPD: ").append(d == null ? "not asked" : handle(d.ompdHandle()));
        return b.toString();
    }

    private static String handle(Fact<Boolean> h) {
        return switch (h) {
            case Fact.Known<Boolean> k -> k.value() ? "handle" : "no handle";
            case Fact.Unavailable<Boolean> u -> u.code() + (u.detail().isEmpty() ? "" : " (" + u.detail() + ")");
            case Fact.Absent<Boolean> a -> "not asked";
        };
    }

    private static String table(DeviceInfo d) {
        if (!d.followsEvents()) {
            return "images, mappings and transfers not known (OMPT events; capture with the agent to see them)";
        }
        BigInteger imageBytes = BigInteger.ZERO;
        for (DeviceImage i : d.images()) {
            imageBytes = imageBytes.add(unsigned(i.bytes()));
        }
        BigInteger mapped = BigInteger.ZERO;
        for (Mapping m : d.mappings()) {
            mapped = mapped.add(unsigned(m.bytes()));
        }
        return "images " + d.images().size() + " (" + imageBytes + " bytes)  mappings " + d.mappings().size() + " ("
                + mapped + " bytes)  " + (d.transfers() == null ? "transfers not counted" : transfers(d.transfers()));
    }

    private static BigInteger unsigned(long value) {
        return new BigInteger(Long.toUnsignedString(value));
    }

    private static String transfers(Transfers t) {
        return "transfers to " + Long.toUnsignedString(t.toDeviceBytes()) + " bytes in " + ops(t.toDeviceOps())
                + ", from " + Long.toUnsignedString(t.fromDeviceBytes()) + " bytes in " + ops(t.fromDeviceOps());
    }

    private static String ops(long n) {
        return n + " op" + (n == 1 ? "" : "s");
    }

    /** In-flight target regions one per line, then the ended ones kept for their mappings on one line. */
    private void targets(PrintWriter out, List<TargetRegion> targets, int[] printed) {
        StringJoiner ended = new StringJoiner(", ", "    ended, data still mapped: ", "");
        ended.setEmptyValue("");
        for (TargetRegion t : targets) {
            if (printed[0] >= maxTargets) {
                break;
            }
            printed[0]++;
            if (t.inFlight()) {
                out.println("    " + inFlight(t));
            } else {
                ended.add(labels.target(t.id()) + " " + t.kind());
            }
        }
        if (ended.length() > 0) {
            out.println(ended);
        }
    }

    private String inFlight(TargetRegion t) {
        StringBuilder b = new StringBuilder(labels.target(t.id())).append(' ').append(t.kind()).append("  in flight");
        if (t.device() == null || snapshot.index().addressSpace(t.device()).isEmpty()) {
            b.append("  device number ").append(t.deviceNum());
        }
        b.append("  encountered by ").append(labels.taskLink(t.encounteringTask()));
        if (!(t.targetTask() instanceof Fact.Absent)) {
            b.append("  target task ").append(labels.taskLink(t.targetTask()));
        }
        if (t.kernels().isEmpty()) {
            b.append("  no kernel running");
        } else {
            long teams = 0;
            for (Kernel k : t.kernels()) {
                teams = ByteCount.add(teams, k.requestedTeams()); // unsigned counts, saturating
            }
            b.append("  kernels ").append(t.kernels().size()).append(" running (").append(Long.toUnsignedString(teams))
                    .append(" team")
                    .append(teams == 1 ? "" : "s").append(" requested)");
        }
        b.append(", ").append(t.kernelsSubmitted()).append(" submitted");
        return b.toString();
    }
}
