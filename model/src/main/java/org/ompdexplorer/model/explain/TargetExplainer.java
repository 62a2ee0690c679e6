package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.TARGET_CONSTRUCT;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.ByteCount;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.Transfers;

/** A target construct: where it runs, who waits for it, what it submitted, moved and left mapped. */
final class TargetExplainer {
    private final Snapshot snapshot;
    private final SnapshotIndex index;

    TargetExplainer(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    List<Sentence> explain(TargetRegion target) {
        List<Sentence> out = new ArrayList<>();
        EntityRef self = EntityRef.of(target.id());
        Sentence.Builder first = Sentence.builder().mention(self).text(" is a " + target.kind().directive()
                + " construct " + (target.inFlight() ? "in flight" : "that has ended"));
        if (target.device() != null) {
            first.text(" on ").mention(EntityRef.of(target.device()), "device " + target.deviceNum());
        } else {
            first.text(" on device " + target.deviceNum() + ", which this snapshot does not list as a device"
                    + " (the host runs it when the number is the initial device's)");
        }
        if (target.inFlight()) {
            first.text(".");
        } else {
            first.text("; it is kept because data it mapped is still present there.");
        }
        out.add(first.cite(TARGET_CONSTRUCT).build());
        waits(target).ifPresent(out::add);
        if (target.targetTask() instanceof Fact.Known<TaskId>(TaskId t)) {
            out.add(Sentence.builder().text("It runs as its target task, ").mention(EntityRef.of(t))
                    .text(index.encounteringTaskWaits(target) ? ", which the encountering task waits for."
                            : ": a deferred construct becomes a task, so the encountering task need not wait.")
                    .cite(TARGET_CONSTRUCT).build());
        }
        if (!target.kernels().isEmpty()) {
            long teams = 0;
            for (Kernel k : target.kernels()) {
                teams = ByteCount.add(teams, k.requestedTeams()); // unsigned counts, summed the same way
            }
            out.add(Sentence.builder().text(count(target.kernels().size(), "kernel") + " submitted and not"
                    + " finished (" + count(teams, "team") + " requested), of " + target.kernelsSubmitted()
                    + " submitted so far.").build());
        }
        Transfers moved = target.transfers();
        if (!moved.isEmpty()) {
            out.add(Sentence.builder().text("It moved " + direction(moved.toDeviceBytes(), moved.toDeviceOps())
                    + " to the device and " + (moved.fromDeviceOps() == 0 && moved.fromDeviceBytes() == 0
                    ? "nothing back yet"
                    : direction(moved.fromDeviceBytes(), moved.fromDeviceOps()) + " back") + ".").build());
        }
        mapped(target).ifPresent(out::add);
        return out;
    }

    private java.util.Optional<Sentence> waits(TargetRegion target) {
        if (!(target.encounteringTask() instanceof Fact.Known<TaskId>(TaskId t))) {
            return java.util.Optional.empty();
        }
        Sentence.Builder b = Sentence.builder().mention(EntityRef.of(t)).text(" encountered it");
        if (target.inFlight() && !index.encounteringTaskWaits(target)) {
            b.text(" and went on: the construct is deferred to its target task.");
        } else if (target.inFlight()) {
            b.text(" and waits on it until it ends: without nowait, the target task the construct generates is"
                    + " an included task, run before the encountering task goes on.");
        } else {
            b.text(".");
        }
        return java.util.Optional.of(b.cite(TARGET_CONSTRUCT).build());
    }

    private java.util.Optional<Sentence> mapped(TargetRegion target) {
        if (target.device() == null) {
            return java.util.Optional.empty();
        }
        AddressSpace device = index.addressSpace(target.device()).orElse(null);
        if (device == null || device.device() == null) {
            return java.util.Optional.empty();
        }
        List<Mapping> mine = index.mappingsBy(target.id());
        long ranges = mine.size();
        long total = 0;
        for (Mapping m : mine) {
            total = ByteCount.add(total, m.bytes());
        }
        if (ranges == 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Sentence.builder().text("It mapped " + count(ranges, "host range") + " ("
                + bytes(total) + ") still present on ").mention(EntityRef.of(target.device()), Mentions.device(device))
                .text(": the device keeps them until a construct releases them.").build());
    }

    private static String direction(long bytes, long ops) {
        return bytes == 0 && ops == 0 ? "nothing" : ByteCount.moved(bytes, ops, "transfer", "transfers");
    }

    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    static String bytes(long n) {
        return ByteCount.text(n);
    }
}
