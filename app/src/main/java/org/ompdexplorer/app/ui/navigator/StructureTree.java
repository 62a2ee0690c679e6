package org.ompdexplorer.app.ui.navigator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.entity.UniformGaps;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;

/**
 * The navigator by structure: address spaces and their devices; parallel regions, each with its implicit tasks by
 * thread number; below every task the parallel regions it encountered and the tasks it generated (the
 * task-creation tree). A nested region whose encountering task is not shown in its enclosing region's team is
 * listed under the enclosing region itself. Tasks with no generating task and no team are listed as root tasks.
 */
final class StructureTree implements NavigatorTree {
    static final String SPACES = "group:spaces";
    static final String REGIONS = "group:regions";
    static final String ROOT_TASKS = "group:roots";

    private final LoadedSnapshot loaded;
    private final SnapshotIndex index;
    private final UniformGaps gaps;
    /** The region of every task that is some team's implicit task: those are shown under their region. */
    private final Map<Long, ParallelRegion> teamOfTask = new HashMap<>();
    /** For a task that encountered a parallel construct: how many of the tasks it generated are team members. */
    private final Map<Long, Integer> teamMembersGeneratedBy = new HashMap<>();
    private final Map<Long, List<AddressSpace>> devicesOf = new HashMap<>();
    /** Nested regions shown under the task that encountered them, by that task's id. */
    private final Map<Long, List<ParallelRegion>> encounteredBy = new HashMap<>();
    /** The encountering task each of those regions is shown under, by region id. */
    private final Map<Long, Task> placedUnder = new HashMap<>();

    StructureTree(LoadedSnapshot loaded) {
        this.loaded = loaded;
        this.index = loaded.snapshot().index();
        this.gaps = UniformGaps.of(loaded.snapshot().tasks());
        for (ParallelRegion region : loaded.snapshot().parallelRegions()) {
            for (TeamMember member : region.members()) {
                member.implicitTask().asOptional().ifPresent(t -> teamOfTask.putIfAbsent(t.value(), region));
            }
        }
        for (long member : teamOfTask.keySet()) {
            index.task(new TaskId(member)).flatMap(t -> t.generatingTask().asOptional())
                    .ifPresent(g -> teamMembersGeneratedBy.merge(g.value(), 1, Integer::sum));
        }
        for (AddressSpace space : loaded.snapshot().addressSpaces()) {
            space.parentSpace().ifPresent(p -> devicesOf.computeIfAbsent(p.value(), k -> new ArrayList<>()).add(space));
        }
        placeUnderEncounteringTasks();
    }

    /**
     * A nested region goes under its encountering task when that task is shown inside the enclosing region's team
     * (the usual case); then its path leads strictly outwards and can never loop back into itself.
     */
    private void placeUnderEncounteringTasks() {
        Map<Long, Long> shownIn = new HashMap<>(); // task id → id of the region whose subtree shows it, or -1
        for (ParallelRegion region : loaded.snapshot().parallelRegions()) {
            Optional<ParallelRegion> enclosing = index.region(region.enclosingRegion()).filter(e -> e != region);
            Optional<Task> encountering = index.task(region.encounteringTask());
            if (enclosing.isPresent() && encountering.isPresent()
                    && regionShowing(encountering.get(), shownIn) == enclosing.get().id().value()) {
                placedUnder.put(region.id().value(), encountering.get());
                encounteredBy.computeIfAbsent(encountering.get().id().value(), k -> new ArrayList<>()).add(region);
            }
        }
    }

    /** The region whose team shows {@code task} (through its generating chain), or -1; memoized along the chain. */
    private long regionShowing(Task task, Map<Long, Long> memo) {
        List<Long> walked = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        long found = -1;
        Task at = task;
        while (at != null && seen.add(at.id().value())) {
            Long known = memo.get(at.id().value());
            if (known != null) {
                found = known;
                break;
            }
            walked.add(at.id().value());
            ParallelRegion team = teamOfTask.get(at.id().value());
            if (team != null) {
                found = team.id().value();
                break;
            }
            at = index.task(at.generatingTask()).orElse(null);
        }
        for (long id : walked) {
            memo.put(id, found);
        }
        return found;
    }

    @Override
    public List<NavNode> roots() {
        List<AddressSpace> processes = loaded.snapshot().addressSpaces().stream()
                .filter(s -> s.parentSpace().flatMap(index::addressSpace).isEmpty()).toList();
        List<ParallelRegion> outermost = index.outermostRegions();
        List<Task> rootTasks = index.rootTasks().stream().filter(t -> !isTeamMember(t)).toList();
        List<NavNode> roots = new ArrayList<>(List.of(EntityNodes.snapshotGroup(loaded),
                EntityNodes.group(SPACES, "Address spaces", loaded.snapshot().addressSpaces().size(),
                        () -> ChildSource.of(processes, this::spaceNode, s -> Target.of(s.id()).key())),
                EntityNodes.group(REGIONS, "Parallel regions", loaded.snapshot().parallelRegions().size(),
                        () -> ChildSource.of(outermost, this::regionNode, r -> Target.of(r.id()).key()))));
        if (!rootTasks.isEmpty()) { // none when the initial task is the member of the implicit outermost region
            roots.add(EntityNodes.group(ROOT_TASKS, "Root tasks", rootTasks.size(),
                    () -> ChildSource.of(rootTasks, this::taskNode, t -> Target.of(t.id()).key())));
        }
        return roots;
    }

    private boolean isTeamMember(Task task) {
        return teamOfTask.containsKey(task.id().value());
    }

    /** A process with its devices and the target regions it runs itself; a device with its target regions. */
    private NavNode spaceNode(AddressSpace space) {
        List<AddressSpace> devices = devicesOf.getOrDefault(space.id().value(), List.of());
        List<TargetRegion> targets = space.isDevice() ? index.targetRegionsOn(space.id())
                : index.targetRegionsOffDevices();
        if (devices.isEmpty() && targets.isEmpty()) {
            return EntityNodes.space(space, index, null);
        }
        return EntityNodes.space(space, index, () -> ChildSource.concat(
                ChildSource.of(devices, this::spaceNode, s -> Target.of(s.id()).key()),
                ChildSource.of(targets, t -> EntityNodes.target(t, index), t -> Target.of(t.id()).key())));
    }

    private NavNode regionNode(ParallelRegion region) {
        List<ParallelRegion> nested = index.nestedIn(region.id()).stream()
                .filter(r -> !placedUnder.containsKey(r.id().value())).toList();
        List<TeamMember> members = region.members().stream()
                .sorted(Comparator.comparingInt(TeamMember::threadNum)).toList();
        return EntityNodes.region(region, nested.isEmpty() && members.isEmpty() ? null
                : () -> ChildSource.concat(
                        ChildSource.of(members, m -> memberNode(region, m), m -> memberId(region, m)),
                        ChildSource.of(nested, this::regionNode, r -> Target.of(r.id()).key())));
    }

    private String memberId(ParallelRegion region, TeamMember member) {
        return index.task(member.implicitTask()).map(t -> Target.of(t.id()).key())
                .orElse("member:" + region.id() + ":" + member.threadNum());
    }

    private NavNode memberNode(ParallelRegion region, TeamMember member) {
        return index.task(member.implicitTask()).map(this::taskNode)
                .orElseGet(() -> EntityNodes.missingMember(region, member.threadNum(), member.implicitTask()));
    }

    private NavNode taskNode(Task task) {
        List<ParallelRegion> regions = encounteredBy.getOrDefault(task.id().value(), List.of());
        int shown = index.generatedCount(task.id()) - teamMembersGeneratedBy.getOrDefault(task.id().value(), 0);
        if (regions.isEmpty()) {
            return EntityNodes.task(task, shown, gaps, index, shown <= 0 ? null
                    : () -> ChildSource.of(generatedShownUnder(task), this::taskNode, t -> Target.of(t.id()).key()));
        }
        return EntityNodes.task(task, shown + regions.size(), gaps, index, () -> ChildSource.concat(
                ChildSource.of(regions, this::regionNode, r -> Target.of(r.id()).key()),
                ChildSource.of(generatedShownUnder(task), this::taskNode, t -> Target.of(t.id()).key())));
    }

    /** The tasks {@code task} generated, less the implicit tasks of teams, which are shown under their region. */
    private List<Task> generatedShownUnder(Task task) {
        List<Task> all = index.generatedBy(task.id());
        if (!teamMembersGeneratedBy.containsKey(task.id().value())) {
            return all; // a view, not a copy: the common case, and the one with 100k children
        }
        List<Task> shown = new ArrayList<>(all.size());
        for (Task t : all) {
            if (!t.isImplicit() || !isTeamMember(t)) {
                shown.add(t);
            }
        }
        return shown;
    }

    @Override
    public Optional<List<String>> pathTo(Target target) {
        return switch (target) {
            case Target.Page p -> Optional.of(List.of(EntityNodes.SNAPSHOT_GROUP, target.key()));
            case Target.Entity e -> entityPath(e.ref());
        };
    }

    private Optional<List<String>> entityPath(EntityRef ref) {
        return switch (ref.kind()) {
            case TASK -> index.task(new TaskId(ref.id())).flatMap(this::pathFrom);
            case PARALLEL_REGION -> index.region(new RegionId(ref.id())).flatMap(this::pathFrom);
            case ADDRESS_SPACE -> index.addressSpace(new AddressSpaceId(ref.id()))
                    .map(this::spacePath);
            case TARGET_REGION -> index.targetRegion(new TargetRegionId(ref.id())).map(this::targetPath);
            case THREAD, SNAPSHOT -> Optional.empty();
        };
    }

    private List<String> targetPath(TargetRegion target) {
        List<String> path = new ArrayList<>(target.device() == null ? processPath()
                : index.addressSpace(target.device()).filter(AddressSpace::isDevice).map(this::spacePath)
                        .orElseGet(this::processPath));
        path.add(Target.of(target.id()).key());
        return List.copyOf(path);
    }

    /** The path of the first process: where a target region that runs on the host is listed. */
    private List<String> processPath() {
        return loaded.snapshot().addressSpaces().stream().filter(s -> !s.isDevice()).findFirst()
                .map(this::spacePath).orElse(List.of(SPACES));
    }

    private List<String> spacePath(AddressSpace space) {
        Deque<String> path = new ArrayDeque<>();
        Set<Long> seen = new HashSet<>();
        Optional<AddressSpace> at = Optional.of(space);
        while (at.isPresent() && seen.add(at.get().id().value())) {
            path.push(Target.of(at.get().id()).key());
            at = at.get().parentSpace().flatMap(index::addressSpace);
        }
        path.push(SPACES);
        return List.copyOf(path);
    }

    /**
     * The path to a task or a region, built outwards as the tree nests them: a task under its team's region or its
     * generating task, a region under the task that encountered it or its enclosing region. Iterative, so a
     * 20,000-deep nesting costs no stack; empty for what a cycle of links keeps out of the tree.
     */
    private Optional<List<String>> pathFrom(Object start) {
        Deque<String> path = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        Object at = start;
        while (true) {
            if (at instanceof Task task) {
                String key = Target.of(task.id()).key();
                if (!seen.add(key)) {
                    return Optional.empty(); // a cycle of generating links
                }
                path.push(key);
                ParallelRegion team = teamOfTask.get(task.id().value());
                Optional<Task> generating = index.task(task.generatingTask()).filter(g -> g != task);
                if (team != null) {
                    at = team;
                } else if (generating.isPresent()) {
                    at = generating.get();
                } else {
                    path.push(ROOT_TASKS);
                    return Optional.of(List.copyOf(path));
                }
            } else {
                ParallelRegion region = (ParallelRegion) at;
                String key = Target.of(region.id()).key();
                if (!seen.add(key)) {
                    return Optional.empty(); // a cycle of enclosing links: no outermost region to hang it on
                }
                path.push(key);
                Task encountering = placedUnder.get(region.id().value());
                Optional<ParallelRegion> enclosing = index.region(region.enclosingRegion()).filter(e -> e != region);
                if (encountering != null) {
                    at = encountering;
                } else if (enclosing.isPresent()) {
                    at = enclosing.get();
                } else {
                    path.push(REGIONS);
                    return Optional.of(List.copyOf(path));
                }
            }
        }
    }
}
