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
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;

/**
 * The navigator by structure: address spaces and their devices; parallel regions nested by enclosing region,
 * each with its implicit tasks by thread number; below every task the tasks it generated (the task-creation
 * tree). Tasks with no generating task and no team are listed as root tasks.
 */
final class StructureTree implements NavigatorTree {
    static final String SPACES = "group:spaces";
    static final String REGIONS = "group:regions";
    static final String ROOT_TASKS = "group:roots";

    private final LoadedSnapshot loaded;
    private final SnapshotIndex index;
    /** The region of every task that is some team's implicit task: those are shown under their region. */
    private final Map<Long, ParallelRegion> teamOfTask = new HashMap<>();
    /** For a task that encountered a parallel construct: how many of the tasks it generated are team members. */
    private final Map<Long, Integer> teamMembersGeneratedBy = new HashMap<>();
    private final Map<Long, List<AddressSpace>> devicesOf = new HashMap<>();

    StructureTree(LoadedSnapshot loaded) {
        this.loaded = loaded;
        this.index = loaded.snapshot().index();
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

    private NavNode spaceNode(AddressSpace space) {
        List<AddressSpace> devices = devicesOf.getOrDefault(space.id().value(), List.of());
        return EntityNodes.space(space, devices.isEmpty() ? null
                : () -> ChildSource.of(devices, this::spaceNode, s -> Target.of(s.id()).key()));
    }

    private NavNode regionNode(ParallelRegion region) {
        List<ParallelRegion> nested = index.nestedIn(region.id());
        List<TeamMember> members = region.members().stream()
                .sorted(Comparator.comparingInt(TeamMember::threadNum)).toList();
        return EntityNodes.region(region, nested.isEmpty() && members.isEmpty() ? null
                : () -> ChildSource.concat(
                        ChildSource.of(nested, this::regionNode, r -> Target.of(r.id()).key()),
                        ChildSource.of(members, m -> memberNode(region, m), m -> memberId(region, m))));
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
        int shown = index.generatedCount(task.id()) - teamMembersGeneratedBy.getOrDefault(task.id().value(), 0);
        return EntityNodes.task(task, shown, shown <= 0 ? null
                : () -> ChildSource.of(generatedShownUnder(task), this::taskNode, t -> Target.of(t.id()).key()));
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
            case TASK -> index.task(new TaskId(ref.id())).flatMap(this::taskPath);
            case PARALLEL_REGION -> index.region(new RegionId(ref.id()))
                    .flatMap(r -> regionPath(r, new ArrayDeque<>()));
            case ADDRESS_SPACE -> index.addressSpace(new AddressSpaceId(ref.id()))
                    .map(this::spacePath);
            case THREAD, SNAPSHOT -> Optional.empty();
        };
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

    private Optional<List<String>> regionPath(ParallelRegion region, Deque<String> below) {
        List<ParallelRegion> chain = index.enclosingChain(region);
        ParallelRegion outermost = chain.getLast();
        if (index.region(outermost.enclosingRegion()).filter(r -> r != outermost).isPresent()) {
            return Optional.empty(); // a cycle of enclosing links: no outermost region to hang it on
        }
        for (ParallelRegion r : chain) {
            below.push(Target.of(r.id()).key());
        }
        below.push(REGIONS);
        return Optional.of(List.copyOf(below));
    }

    private Optional<List<String>> taskPath(Task task) {
        Deque<String> path = new ArrayDeque<>();
        Set<Long> seen = new HashSet<>();
        Task at = task;
        while (seen.add(at.id().value())) {
            path.push(Target.of(at.id()).key());
            ParallelRegion team = teamOfTask.get(at.id().value());
            if (team != null) {
                return regionPath(team, path);
            }
            Optional<Task> generating = index.task(at.generatingTask());
            if (generating.isEmpty() || generating.get() == at) {
                path.push(ROOT_TASKS);
                return Optional.of(List.copyOf(path));
            }
            at = generating.get();
        }
        return Optional.empty(); // a cycle of generating links
    }
}
