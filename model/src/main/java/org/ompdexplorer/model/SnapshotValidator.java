package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * Checks a snapshot's structure: duplicate ids, links to entities it does not hold, cycles in generating,
 * scheduling and enclosing links, ICVs reported in a scope that does not own them, thread numbers outside
 * their team; OpenMP's invariants of threads and their stacks ({@link StackChecks}), of the task-creation tree
 * ({@link GenerationChecks}) and of teams ({@link TeamChecks}); and (format 1.1) devices, mappings and target
 * regions ({@link OffloadChecks}). O(n) but for the mappings of a device, sorted once; every finding names the
 * entity and field.
 */
public final class SnapshotValidator {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final List<Diagnostic> found = new ArrayList<>();
    private TaskColumns columns;

    private SnapshotValidator(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    /** All findings, in a stable order: by check, then by entity order in the snapshot. */
    public static List<Diagnostic> validate(Snapshot snapshot) {
        SnapshotValidator v = new SnapshotValidator(snapshot);
        v.checkDuplicates();
        v.checkAddressSpaces();
        v.checkThreads();
        v.checkRegions();
        v.checkTasks();
        v.checkCycles();
        new StackChecks(snapshot, v.found, v.columns).check();
        new GenerationChecks(snapshot, v.found, v.columns).check();
        new TeamChecks(snapshot, v.found, v.columns).check();
        new OffloadChecks(snapshot, v.found).check();
        new CallStackChecks(snapshot, v.found).check();
        return List.copyOf(v.found);
    }

    private void checkDuplicates() {
        for (EntityRef ref : index.duplicateIds()) {
            error(ref, "id", "duplicate-id", ref + " appears more than once; only the first is used",
                    "give every " + ref.kind().label() + " a distinct id");
        }
    }

    private void checkAddressSpaces() {
        for (AddressSpace space : snapshot.addressSpaces()) {
            EntityRef ref = EntityRef.of(space.id());
            if (space.parent() != null && index.addressSpace(space.parent()).isEmpty()) {
                dangling(ref, "parent", "address space " + space.parent());
            }
            checkIcvs(ref, space.icvs(), IcvScope.ADDRESS_SPACE, IcvScope.DEVICE, IcvScope.GLOBAL);
        }
    }

    private void checkThreads() {
        for (OmpThread thread : snapshot.threads()) {
            EntityRef ref = EntityRef.of(thread.id());
            if (thread.addressSpace() != null && index.addressSpace(thread.addressSpace()).isEmpty()) {
                dangling(ref, "addressSpace", "address space " + thread.addressSpace());
            }
            checkTask(ref, "currentTask", thread.currentTask());
            checkRegion(ref, "currentRegion", thread.currentRegion());
            checkIcvs(ref, thread.icvs(), IcvScope.THREAD);
        }
    }

    private void checkRegions() {
        for (ParallelRegion region : snapshot.parallelRegions()) {
            EntityRef ref = EntityRef.of(region.id());
            if (region.addressSpace() != null && index.addressSpace(region.addressSpace()).isEmpty()) {
                dangling(ref, "addressSpace", "address space " + region.addressSpace());
            }
            checkRegion(ref, "enclosingRegion", region.enclosingRegion());
            checkTask(ref, "encounteringTask", region.encounteringTask());
            int teamSize = region.teamSize().orElse(-1);
            boolean[] seen = new boolean[Math.max(0, Math.min(teamSize, 1 << 20))];
            for (int k = 0; k < region.members().size(); k++) {
                TeamMember member = region.members().get(k);
                String field = "members[" + k + "]";
                if (member.threadNum() < 0 || (teamSize >= 0 && member.threadNum() >= teamSize)) {
                    error(ref, field, "thread-num-outside-team", "thread number " + member.threadNum()
                            + " is outside the team of " + teamSize, "thread numbers run from 0 to teamSize − 1");
                } else if (member.threadNum() < seen.length) {
                    if (seen[member.threadNum()]) {
                        error(ref, field, "duplicate-thread-num", "thread number " + member.threadNum()
                                + " appears twice in the team", "list each thread number once");
                    }
                    seen[member.threadNum()] = true;
                }
                if (member.thread() instanceof Fact.Known<ThreadId>(ThreadId t) && index.thread(t).isEmpty()) {
                    dangling(ref, field + ".thread", "thread " + Names.thread(t));
                }
                checkTask(ref, field + ".implicitTask", member.implicitTask());
            }
            checkIcvs(ref, region.icvs(), IcvScope.PARALLEL);
        }
    }

    /**
     * Resolves each task's links and lifecycle to positions and codes once, into the columns the cycle checks and
     * the invariant checks reuse: a million tasks make every lookup and allocation on this path count
     * (docs/benchmarks.md).
     */
    private void checkTasks() {
        List<Task> tasks = snapshot.tasks();
        columns = new TaskColumns(tasks.size());
        LongIndexMap byCreationOrder = new LongIndexMap(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            Task task = tasks.get(i);
            columns.generating[i] = position(task, "generatingTask", task.generatingTask());
            columns.scheduling[i] = position(task, "schedulingTask", task.schedulingTask());
            AgentFacts agent = task.agent();
            if (agent != null) {
                columns.lifecycle[i] = TaskColumns.lifecycleOf(agent.lifecycle());
                checkCreationOrder(byCreationOrder, i, task);
                if (!agent.dependsOn().isEmpty()) {
                    columns.dependent.add(i);
                }
            }
            TaskKind kind = task.kind();
            boolean implicit = kind != TaskKind.EXPLICIT && kind != TaskKind.TARGET && task.isImplicit();
            if (implicit) {
                columns.implicit.add(i);
            }
            int region = -1;
            if (task.parallelRegion() instanceof Fact.Known<RegionId>(RegionId r)) {
                region = index.regionPosition(r.value());
                if (region < 0) {
                    dangling(EntityRef.of(task.id()), "parallelRegion", "parallel region " + Names.region(r));
                }
            }
            columns.region[i] = region;
            int thread = -1;
            if (task.thread() instanceof Fact.Known<ThreadId>(ThreadId t)) {
                thread = index.threadPosition(t.value());
                if (thread < 0) {
                    dangling(EntityRef.of(task.id()), "thread", "thread " + Names.thread(t));
                }
            }
            columns.thread[i] = thread;
            if (task.threadNum() instanceof Fact.Known<Integer>(Integer num) && region >= 0
                    && snapshot.parallelRegions().get(region).teamSize() instanceof Fact.Known<Integer>(Integer size)
                    && (num < 0 || num >= size)) {
                error(EntityRef.of(task.id()), "threadNum", "thread-num-outside-team", "thread number " + num
                        + " is outside the team of " + size + " of its parallel region",
                        "thread numbers run from 0 to teamSize − 1");
            }
            if (agent != null && !agent.dependsOn().isEmpty()) {
                for (TaskId dep : agent.dependsOn()) {
                    if (index.taskPosition(dep.value()) < 0) {
                        dangling(EntityRef.of(task.id()), "dependsOn", "task " + Names.task(dep));
                    }
                }
            }
            if (!task.icvs().isEmpty()) {
                checkIcvs(EntityRef.of(task.id()), task.icvs(), implicit
                        ? new IcvScope[]{IcvScope.TASK, IcvScope.IMPLICIT_TASK} : new IcvScope[]{IcvScope.TASK});
            }
        }
    }

    /**
     * The agent numbers each task of a run once, and a diff matches tasks by that number: a number that names two
     * tasks would make one of them look added and the other removed.
     */
    private void checkCreationOrder(LongIndexMap byCreationOrder, int position, Task task) {
        long order = task.agent().creationOrder();
        if (order < 0) {
            return;
        }
        int first = byCreationOrder.putIfAbsent(order, position);
        if (first >= 0) {
            error(EntityRef.of(task.id()), "creationOrder", "duplicate-creation-order", "creation order " + order
                    + " is also task " + Names.task(snapshot.tasks().get(first).id()) + "'s: a creation-order number names one task"
                    + " of a run", "give each task its own creationOrder, or leave it out");
        }
    }

    private int position(Task task, String field, Fact<TaskId> link) {
        if (link instanceof Fact.Known<TaskId>(TaskId t)) {
            int at = index.taskPosition(t.value());
            if (at < 0) {
                dangling(EntityRef.of(task.id()), field, "task " + Names.task(t));
            }
            return at;
        }
        return -1;
    }

    private void checkCycles() {
        List<Task> tasks = snapshot.tasks();
        int[] generating = columns.generating;
        int[] scheduling = columns.scheduling;
        findCycles(tasks.size(), i -> generating[i], "generatingTask", i -> EntityRef.of(tasks.get(i).id()));
        findCycles(tasks.size(), i -> scheduling[i], "schedulingTask", i -> EntityRef.of(tasks.get(i).id()));
        List<ParallelRegion> regions = snapshot.parallelRegions();
        findCycles(regions.size(), i -> regions.get(i).enclosingRegion() instanceof Fact.Known<RegionId>(RegionId r)
                ? index.regionPosition(r.value()) : -1, "enclosingRegion", i -> EntityRef.of(regions.get(i).id()));
    }

    /** Walks each node's parent chain once; a walk that meets itself has found a cycle. O(n), no recursion. */
    private void findCycles(int n, IntUnaryOperator parentOf, String field,
                            java.util.function.IntFunction<EntityRef> refOf) {
        int[] walk = new int[n]; // 0 = unvisited, else the id of the walk that first reached the node
        for (int start = 0; start < n; start++) {
            if (walk[start] != 0) {
                continue;
            }
            int walkId = start + 1;
            int at = start;
            while (at >= 0 && walk[at] == 0) {
                walk[at] = walkId;
                at = parentOf.applyAsInt(at);
            }
            if (at >= 0 && walk[at] == walkId) {
                int length = 1;
                for (int c = parentOf.applyAsInt(at); c != at && length <= n; c = parentOf.applyAsInt(c)) {
                    length++;
                }
                EntityRef ref = refOf.apply(at);
                error(ref, field, "link-cycle", field + " links form a cycle of " + length + " through " + ref,
                        "a " + field + " chain must end; correct one of the links in the cycle");
            }
        }
    }

    private void checkTask(EntityRef ref, String field, Fact<TaskId> link) {
        if (link instanceof Fact.Known<TaskId>(TaskId t) && index.task(t).isEmpty()) {
            dangling(ref, field, "task " + Names.task(t));
        }
    }

    private void checkRegion(EntityRef ref, String field, Fact<RegionId> link) {
        if (link instanceof Fact.Known<RegionId>(RegionId r) && index.region(r).isEmpty()) {
            dangling(ref, field, "parallel region " + Names.region(r));
        }
    }

    private void checkIcvs(EntityRef ref, List<IcvValue> values, IcvScope... owners) {
        for (IcvValue value : values) {
            var def = index.icv(value.icv());
            if (def.isEmpty()) {
                dangling(ref, "icvs", "ICV " + value.icv() + " (not in the ICV catalogue)");
                continue;
            }
            boolean owned = false;
            for (IcvScope owner : owners) {
                owned |= owner.equals(def.get().scope());
            }
            if (!owned && def.get().scope().isKnown()) {
                error(ref, "icvs", "icv-wrong-scope", "ICV " + def.get().name() + " belongs to scope "
                        + def.get().scope() + " but is reported for a " + ref.kind().label(),
                        "report it on an entity of scope " + def.get().scope());
            }
        }
    }

    private void dangling(EntityRef ref, String field, String target) {
        found.add(danglingReference(ref, field, target));
    }

    /** The finding for a link to an entity the snapshot does not hold; shared with {@link OffloadChecks}. */
    static Diagnostic danglingReference(EntityRef ref, String field, String target) {
        return Diagnostic.error("dangling-reference", ref + " " + field + " names " + target
                + ", which this snapshot does not hold", "correct the id, or add the missing entity",
                Location.of(ref, field));
    }

    private void error(EntityRef ref, String field, String code, String message, String fix) {
        found.add(finding(ref, field, code, message, fix));
    }

    /** An error located at an entity's field; shared with the invariant checks. */
    static Diagnostic finding(EntityRef ref, String field, String code, String message, String fix) {
        return Diagnostic.error(code, message, fix, Location.of(ref, field));
    }
}
