package org.ompdexplorer.app.ui.navigator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.ompdexplorer.app.ui.entity.DeviceText;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.FactText;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.entity.UniformGaps;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadState;

/** Labels and badges of navigator entries, the same in both groupings. */
final class EntityNodes {
    static final String SNAPSHOT_GROUP = "group:snapshot";

    private EntityNodes() {
    }

    static NavNode group(String id, String text, long count, Supplier<ChildSource> children) {
        return new NavNode(id, null, text, "", List.of(Badge.count(EntityNames.count(count))), false, children);
    }

    /** The snapshot's own pages: capture, runtime, display control variables, states, ICVs, diagnostics. */
    static NavNode snapshotGroup(LoadedSnapshot loaded) {
        List<SnapshotPage> pages = List.of(SnapshotPage.values());
        String title = loaded.snapshot().capture().title().orElse("");
        int room = 40; // the row still fits a 576-pixel navigator
        if (title.length() > room) {
            title = title.substring(0, room - 1) + "…"; // the full title heads the capture page
        }
        List<Badge> badges = new ArrayList<>(List.of(Badge.kind(loaded.snapshot().capture().source().name())));
        return new NavNode(SNAPSHOT_GROUP, Target.of(SnapshotPage.CAPTURE), "Snapshot", title, badges, false,
                () -> ChildSource.of(pages, page -> page(page, loaded), page -> Target.of(page).key()));
    }

    private static NavNode page(SnapshotPage page, LoadedSnapshot loaded) {
        List<Badge> badges = new ArrayList<>();
        boolean problem = false;
        if (page == SnapshotPage.DIAGNOSTICS) {
            long errors = loaded.diagnostics().stream().filter(d -> d.isError()).count();
            badges.add(errors > 0 ? Badge.unavailable(EntityNames.count(errors, "error", "errors"))
                    : Badge.count(EntityNames.count(loaded.diagnostics().size())));
            problem = errors > 0;
        }
        Target target = Target.of(page);
        return new NavNode(target.key(), target, page.title(), "", badges, problem, null);
    }

    /**
     * A task's row: what it runs as the user wrote it, then its kind, lifecycle as shown (blocked on dependences
     * rather than queued while a predecessor runs), the thread it is on, {@code ≠ gen} where its scheduling task is
     * not its generating task, its flags and its dependences.
     */
    static NavNode task(Task task, long generated, UniformGaps gaps, SnapshotIndex index,
                        Supplier<ChildSource> children) {
        return task(task, generated, gaps, index, true, children);
    }

    /** @param showThread whether to say the thread: not under the thread's own row */
    static NavNode task(Task task, long generated, UniformGaps gaps, SnapshotIndex index, boolean showThread,
                        Supplier<ChildSource> children) {
        List<Badge> badges = new ArrayList<>();
        badges.add(Badge.kind(task.kind().name()));
        task.threadNum().asOptional().ifPresent(n -> badges.add(Badge.kind("thread num " + n)));
        Optional<TaskStatus> status = TaskStatus.of(task, index);
        status.ifPresentOrElse(s -> badges.add(Badge.lifecycle(s)),
                () -> task.lifecycle().ifPresent(l -> badges.add(Badge.state(l.name()))));
        task.thread().asOptional().filter(t -> showThread).ifPresent(t -> badges.add(new Badge("on " + EntityNames.thread(t), Badge.THREAD)));
        if (task.schedulingTask().isKnown() && !task.schedulingTask().equals(task.generatingTask())) {
            badges.add(new Badge("≠ gen", Badge.SCHEDULING));
        }
        task.agentFacts().ifPresent(a -> {
            a.flags().forEach(f -> badges.add(new Badge(f.name(), Badge.FLAG)));
            if (!a.dependences().isEmpty()) {
                badges.add(new Badge(EntityNames.count(a.dependences().size(), "dep", "deps"), Badge.DEPENDENCES));
            }
        });
        status.filter(s -> !s.waitingFor().isEmpty()).ifPresent(s -> badges.add(new Badge("waits for "
                + EntityNames.count(s.waitingFor().size()), Badge.WAITS_FOR)));
        index.awaitedTarget(task.id()).ifPresent(t -> badges.add(new Badge("waits on "
                + EntityNames.target(t.id()), Badge.WAITS_FOR)));
        index.targetRegionOfTask(task.id()).ifPresent(t -> badges.add(Badge.kind("runs "
                + EntityNames.target(t.id()))));
        if (generated > 0) {
            badges.add(Badge.count(EntityNames.count(generated) + " generated"));
        }
        boolean unavailable = gaps.marksFunctionPerTask() && FactText.isUnavailable(task.function());
        if (unavailable) {
            badges.add(Badge.unavailable("fn " + ((Fact.Unavailable<?>) task.function()).code()));
        }
        Target target = Target.of(task.id());
        return new NavNode(target.key(), target, EntityNames.task(task.id()), EntityNames.whatRuns(task, index), badges,
                unavailable, children);
    }

    static NavNode thread(OmpThread thread, Supplier<ChildSource> children) {
        List<Badge> badges = new ArrayList<>();
        thread.kind().asOptional().ifPresent(k -> badges.add(Badge.kind(k.name())));
        boolean unavailable = false;
        switch (thread.state()) {
            case Fact.Known<ThreadState>(ThreadState s) ->
                    badges.add(new Badge(s.shortName(), s.isWait() ? Badge.WAIT : Badge.STATE));
            case Fact.Unavailable<ThreadState> u -> {
                badges.add(Badge.unavailable("state " + FactText.text(u)));
                unavailable = true;
            }
            case Fact.Absent<ThreadState> a -> { }
        }
        Target target = Target.of(thread.id());
        return new NavNode(target.key(), target, EntityNames.thread(thread.id()), EntityNames.osId(thread), badges,
                unavailable, children);
    }

    static NavNode region(ParallelRegion region, Supplier<ChildSource> children) {
        List<Badge> badges = new ArrayList<>();
        boolean unavailable = false;
        switch (region.teamSize()) {
            case Fact.Known<Integer>(Integer size) -> badges.add(Badge.kind("team of " + size));
            case Fact.Unavailable<Integer> u -> {
                badges.add(Badge.unavailable("team size " + FactText.text(u)));
                unavailable = true;
            }
            case Fact.Absent<Integer> a -> { }
        }
        region.level().asOptional().ifPresent(l -> badges.add(Badge.state("level " + l)));
        String site = region.creationSite().isKnown() ? "in " + EntityNames.where(region.creationSite().get()) : "";
        Target target = Target.of(region.id());
        return new NavNode(target.key(), target, EntityNames.region(region.id()), site, badges, unavailable,
                children);
    }

    static NavNode space(AddressSpace space, SnapshotIndex index, Supplier<ChildSource> children) {
        List<Badge> badges = new ArrayList<>();
        badges.add(Badge.kind(space.isDevice() ? "device" : "process"));
        String secondary = "";
        if (space.isDevice()) {
            secondary = DeviceText.type(space);
            if (space.deviceNum().isEmpty() && space.deviceKind() != null) {
                badges.add(Badge.state("kind 0x" + Long.toHexString(space.deviceKind())));
            }
            long inFlight = index.targetRegionsOn(space.id()).stream().filter(TargetRegion::inFlight).count();
            if (inFlight > 0) {
                badges.add(new Badge(inFlight + " in flight", Badge.LIFE_PREFIX + "running"));
            }
            space.deviceInfo().filter(d -> !d.mappings().isEmpty()).ifPresent(d -> badges.add(
                    Badge.count(EntityNames.count(d.mappings().size(), "range mapped", "ranges mapped"))));
        } else {
            space.offloadInfo().ifPresent(o -> badges.add(Badge.count(o.deviceCount().isKnown()
                    ? EntityNames.count(o.deviceCount().get(), "device", "devices") : "devices unknown")));
        }
        Target target = Target.of(space.id());
        return new NavNode(target.key(), target, EntityNames.title(space), secondary, badges, false, children);
    }

    /**
     * A target construct's row: what it is, the task that met it, whether it is still in flight, its unfinished
     * kernels and what it left mapped.
     */
    static NavNode target(TargetRegion region, SnapshotIndex index) {
        List<Badge> badges = new ArrayList<>();
        badges.add(region.inFlight() ? new Badge("in flight", Badge.LIFE_PREFIX + "running")
                : new Badge("ended", Badge.LIFE_PREFIX + "completed"));
        if (!region.kernels().isEmpty()) {
            badges.add(Badge.count(EntityNames.count(region.kernels().size(), "kernel", "kernels")));
        }
        region.targetTask().asOptional().ifPresent(t -> badges.add(new Badge("task " + EntityNames.task(t),
                Badge.KIND)));
        long mapped = index.mappingsBy(region.id()).size();
        if (mapped > 0) {
            badges.add(Badge.count(EntityNames.count(mapped, "range mapped", "ranges mapped")));
        }
        String secondary = region.encounteringTask().asOptional()
                .map(t -> "met by " + EntityNames.task(t)).orElse("");
        Target target = Target.of(region.id());
        return new NavNode(target.key(), target, EntityNames.title(region), secondary, badges, false, null);
    }

    /** A team member whose implicit task the snapshot does not hold: shown, marked, not navigable. */
    static NavNode missingMember(ParallelRegion region, int threadNum, Fact<?> implicitTask) {
        return new NavNode("member:" + region.id() + ":" + threadNum, null, "thread num " + threadNum,
                "implicit task " + (implicitTask.isKnown() ? "#" + implicitTask.get() + " not in snapshot"
                : FactText.text(implicitTask)), List.of(Badge.unavailable("missing")), true, null);
    }
}
