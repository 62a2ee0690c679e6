package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * Every lookup and link of a {@link Snapshot}, built once in O(n): id → entity, the task-creation tree by
 * generating link, tasks by region and by thread, nested regions, and each thread's scheduling chain. A link to
 * an id the snapshot does not hold resolves to nothing here; {@link SnapshotValidator} reports it.
 */
public final class SnapshotIndex {
    private final Snapshot snapshot;
    private final LongIndexMap taskById;
    private final LongIndexMap threadById;
    private final LongIndexMap regionById;
    private final Map<Long, AddressSpace> addressSpaceById = new HashMap<>();
    private final Map<Long, IcvDefinition> icvById = new HashMap<>();
    private final List<EntityRef> duplicates = new ArrayList<>();
    private final Adjacency generated;
    private final int[] rootTasks;
    private final Adjacency tasksByRegion;
    private final Adjacency tasksByThread;
    private final Adjacency nestedRegions;
    private final int[] outermostRegions;
    private final Map<Long, List<Task>> schedulingChains = new HashMap<>();
    private final Map<Long, TargetRegion> targetById = new HashMap<>();
    private final Map<Long, List<TargetRegion>> targetsByDevice = new HashMap<>();
    private final Map<Long, List<TargetRegion>> targetsByEncounteringTask = new HashMap<>();
    private final Map<Long, TargetRegion> targetByTargetTask = new HashMap<>();
    private final Map<Long, List<Mapping>> mappingsByTarget = new HashMap<>();
    private final List<TargetRegion> targetsOffDevices = new ArrayList<>();
    private final Map<Long, CallStack> callStacks = new HashMap<>();

    SnapshotIndex(Snapshot snapshot) {
        this.snapshot = snapshot;
        List<Task> tasks = snapshot.tasks();
        List<OmpThread> threads = snapshot.threads();
        List<ParallelRegion> regions = snapshot.parallelRegions();
        taskById = new LongIndexMap(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            register(taskById, tasks.get(i).id().value(), i, EntityKind.TASK);
        }
        threadById = new LongIndexMap(threads.size());
        for (int i = 0; i < threads.size(); i++) {
            register(threadById, threads.get(i).id().value(), i, EntityKind.THREAD);
        }
        regionById = new LongIndexMap(regions.size());
        for (int i = 0; i < regions.size(); i++) {
            register(regionById, regions.get(i).id().value(), i, EntityKind.PARALLEL_REGION);
        }
        for (AddressSpace space : snapshot.addressSpaces()) {
            if (addressSpaceById.putIfAbsent(space.id().value(), space) != null) {
                duplicates.add(EntityRef.of(space.id()));
            }
        }
        for (IcvDefinition icv : snapshot.icvCatalogue()) {
            icvById.putIfAbsent(icv.id().value(), icv);
        }

        int[] generatingOf = new int[tasks.size()];
        int[] regionOf = new int[tasks.size()];
        int[] threadOf = new int[tasks.size()];
        int roots = 0;
        for (int i = 0; i < tasks.size(); i++) {
            Task t = tasks.get(i);
            generatingOf[i] = t.generatingTask() instanceof Fact.Known<TaskId>(TaskId g) ? taskById.get(g.value()) : -1;
            if (generatingOf[i] == i) {
                generatingOf[i] = -1; // a self-link is a cycle; keep the task reachable as a root
            }
            if (generatingOf[i] < 0) {
                roots++;
            }
            regionOf[i] = t.parallelRegion() instanceof Fact.Known<RegionId>(RegionId r) ? regionById.get(r.value()) : -1;
            threadOf[i] = t.thread() instanceof Fact.Known<ThreadId>(ThreadId h) ? threadById.get(h.value()) : -1;
        }
        rootTasks = new int[roots];
        for (int i = 0, r = 0; i < tasks.size(); i++) {
            if (generatingOf[i] < 0) {
                rootTasks[r++] = i;
            }
        }
        generated = new Adjacency(generatingOf, tasks.size());
        tasksByRegion = new Adjacency(regionOf, regions.size());
        tasksByThread = new Adjacency(threadOf, threads.size());

        int[] enclosingOf = new int[regions.size()];
        int outermost = 0;
        for (int i = 0; i < regions.size(); i++) {
            enclosingOf[i] = regions.get(i).enclosingRegion() instanceof Fact.Known<RegionId>(RegionId r)
                    ? regionById.get(r.value()) : -1;
            if (enclosingOf[i] == i) {
                enclosingOf[i] = -1;
            }
            if (enclosingOf[i] < 0) {
                outermost++;
            }
        }
        outermostRegions = new int[outermost];
        for (int i = 0, r = 0; i < regions.size(); i++) {
            if (enclosingOf[i] < 0) {
                outermostRegions[r++] = i;
            }
        }
        nestedRegions = new Adjacency(enclosingOf, regions.size());
        for (OmpThread thread : threads) {
            schedulingChains.putIfAbsent(thread.id().value(), buildSchedulingChain(thread));
        }
        indexTargets(snapshot.targetRegions());
        for (CallStack stack : snapshot.callStacks()) {
            callStacks.putIfAbsent(stack.thread().value(), stack);
        }
    }

    private void indexTargets(List<TargetRegion> targets) {
        for (TargetRegion target : targets) {
            if (targetById.putIfAbsent(target.id().value(), target) != null) {
                duplicates.add(EntityRef.of(target.id()));
                continue;
            }
            if (target.device() != null) {
                targetsByDevice.computeIfAbsent(target.device().value(), k -> new ArrayList<>()).add(target);
            }
            if (target.encounteringTask() instanceof Fact.Known<TaskId>(TaskId t)) {
                targetsByEncounteringTask.computeIfAbsent(t.value(), k -> new ArrayList<>()).add(target);
            }
            if (target.targetTask() instanceof Fact.Known<TaskId>(TaskId t)) {
                targetByTargetTask.putIfAbsent(t.value(), target);
            }
            AddressSpace device = target.device() == null ? null : addressSpaceById.get(target.device().value());
            if (device == null || !device.isDevice()) {
                targetsOffDevices.add(target);
            }
        }
        for (AddressSpace space : snapshot.addressSpaces()) {
            if (space.device() != null) {
                for (Mapping m : space.device().mappings()) {
                    if (m.mappedBy() != null) {
                        mappingsByTarget.computeIfAbsent(m.mappedBy().value(), k -> new ArrayList<>()).add(m);
                    }
                }
            }
        }
    }

    private void register(LongIndexMap map, long id, int position, EntityKind kind) {
        if (map.putIfAbsent(id, position) >= 0) {
            duplicates.add(new EntityRef(kind, id));
        }
    }

    private List<Task> buildSchedulingChain(OmpThread thread) {
        List<Task> chain = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        Optional<Task> next = task(thread.currentTask());
        while (next.isPresent() && seen.add(next.get().id().value())) {
            chain.add(next.get());
            next = task(next.get().schedulingTask());
        }
        return List.copyOf(chain);
    }

    /**
     * The position of a thread, parallel region or task in its list of the snapshot ({@link Snapshot#threads()},
     * {@link Snapshot#parallelRegions()}, {@link Snapshot#tasks()}), or −1 for any other entity or an unknown id.
     */
    public int position(EntityRef ref) {
        return switch (ref.kind()) {
            case THREAD -> threadPosition(ref.id());
            case PARALLEL_REGION -> regionPosition(ref.id());
            case TASK -> taskPosition(ref.id());
            default -> -1;
        };
    }

    /** The position of a task in {@link Snapshot#tasks()}, or −1. */
    public int taskPosition(long id) {
        return taskById.get(id);
    }

    /** The position of a thread in {@link Snapshot#threads()}, or −1. */
    public int threadPosition(long id) {
        return threadById.get(id);
    }

    /** The position of a region in {@link Snapshot#parallelRegions()}, or −1. */
    public int regionPosition(long id) {
        return regionById.get(id);
    }

    public Optional<Task> task(TaskId id) {
        int at = taskById.get(id.value());
        return at < 0 ? Optional.empty() : Optional.of(snapshot.tasks().get(at));
    }

    /** The task a link names, when the link is known and the snapshot holds the task. */
    public Optional<Task> task(Fact<TaskId> link) {
        return link instanceof Fact.Known<TaskId>(TaskId id) ? task(id) : Optional.empty();
    }

    public Optional<OmpThread> thread(ThreadId id) {
        int at = threadById.get(id.value());
        return at < 0 ? Optional.empty() : Optional.of(snapshot.threads().get(at));
    }

    public Optional<OmpThread> thread(Fact<ThreadId> link) {
        return link instanceof Fact.Known<ThreadId>(ThreadId id) ? thread(id) : Optional.empty();
    }

    public Optional<ParallelRegion> region(RegionId id) {
        int at = regionById.get(id.value());
        return at < 0 ? Optional.empty() : Optional.of(snapshot.parallelRegions().get(at));
    }

    public Optional<ParallelRegion> region(Fact<RegionId> link) {
        return link instanceof Fact.Known<RegionId>(RegionId id) ? region(id) : Optional.empty();
    }

    public Optional<AddressSpace> addressSpace(AddressSpaceId id) {
        return Optional.ofNullable(addressSpaceById.get(id.value()));
    }

    public Optional<TargetRegion> targetRegion(TargetRegionId id) {
        return Optional.ofNullable(targetById.get(id.value()));
    }

    /** The target regions on a device, in the snapshot's order. */
    public List<TargetRegion> targetRegionsOn(AddressSpaceId device) {
        return List.copyOf(targetsByDevice.getOrDefault(device.value(), List.of()));
    }

    /**
     * The target regions on no device this snapshot lists as a device: run on the host (no device), or naming the
     * process or an address space the snapshot does not hold (which validation reports). Listed under the process.
     */
    public List<TargetRegion> targetRegionsOffDevices() {
        return List.copyOf(targetsOffDevices);
    }

    /** The host ranges a target region mapped that are still present, on whichever device lists them. */
    public List<Mapping> mappingsBy(TargetRegionId target) {
        return List.copyOf(mappingsByTarget.getOrDefault(target.value(), List.of()));
    }

    /**
     * The target region a task waits on: one it encountered that is still in flight and not deferred to a target
     * task (see {@link #encounteringTaskWaits}).
     */
    public Optional<TargetRegion> awaitedTarget(TaskId task) {
        return targetsByEncounteringTask.getOrDefault(task.value(), List.of()).stream()
                .filter(this::encounteringTaskWaits).findFirst();
    }

    /**
     * Whether the task that met a target construct waits for it now: the construct is in flight and not
     * {@code nowait}; one that runs as a target task is deferred (libomp 19 reports {@code nowait} constructs as
     * plain {@code target} with a target task) unless the encountering task is suspended, as it is for a
     * {@code depend} clause without {@code nowait}.
     */
    public boolean encounteringTaskWaits(TargetRegion target) {
        if (!target.inFlight() || target.kind().isNowait()) {
            return false;
        }
        if (!target.targetTask().isKnown()) {
            return true;
        }
        return task(target.encounteringTask()).flatMap(Task::lifecycle)
                .filter(TaskLifecycle.SUSPENDED::equals).isPresent();
    }

    /** The target region whose target task this is ({@code nowait} or {@code depend} constructs). */
    public Optional<TargetRegion> targetRegionOfTask(TaskId task) {
        return Optional.ofNullable(targetByTargetTask.get(task.value()));
    }

    public Optional<IcvDefinition> icv(IcvId id) {
        return Optional.ofNullable(icvById.get(id.value()));
    }

    /** Entities whose id appeared more than once (each later occurrence); the first one is the one indexed. */
    public List<EntityRef> duplicateIds() {
        return List.copyOf(duplicates);
    }

    /** The tasks {@code id} generated: its children in the task-creation tree, in snapshot order. */
    public List<Task> generatedBy(TaskId id) {
        int at = taskById.get(id.value());
        return at < 0 ? List.of() : generated.of(at, snapshot.tasks());
    }

    /** How many tasks the task at {@code position} generated: a walk by positions, without lookups by id. */
    public int generatedCountAt(int position) {
        return generated.count(position);
    }

    /** The position of the {@code i}-th task the task at {@code position} generated, in snapshot order. */
    public int generatedAt(int position, int i) {
        return generated.child(position, i);
    }

    /** How many tasks {@code id} generated, without making the list. */
    public int generatedCount(TaskId id) {
        int at = taskById.get(id.value());
        return at < 0 ? 0 : generated.count(at);
    }

    /** Tasks with no generating task in this snapshot: initial tasks, and tasks whose generator is not held. */
    public List<Task> rootTasks() {
        return new IntView<>(rootTasks, snapshot.tasks());
    }

    /** Tasks bound to a parallel region, in snapshot order. */
    public List<Task> tasksIn(RegionId id) {
        int at = regionById.get(id.value());
        return at < 0 ? List.of() : tasksByRegion.of(at, snapshot.tasks());
    }

    /** Tasks executing on, or suspended on, a thread, in snapshot order. */
    public List<Task> tasksOn(ThreadId id) {
        int at = threadById.get(id.value());
        return at < 0 ? List.of() : tasksByThread.of(at, snapshot.tasks());
    }

    /** Regions directly enclosed by {@code id}. */
    public List<ParallelRegion> nestedIn(RegionId id) {
        int at = regionById.get(id.value());
        return at < 0 ? List.of() : nestedRegions.of(at, snapshot.parallelRegions());
    }

    /** Regions with no enclosing region in this snapshot. */
    public List<ParallelRegion> outermostRegions() {
        return new IntView<>(outermostRegions, snapshot.parallelRegions());
    }

    /**
     * What is on a thread's stack: its current task, then that task's scheduling task, and so on, stopping
     * before a task seen twice or not held.
     */
    public List<Task> schedulingChain(ThreadId id) {
        return schedulingChains.getOrDefault(id.value(), List.of());
    }

    /** The thread's native call stack, when the snapshot has one for it. */
    public Optional<CallStack> callStack(ThreadId id) {
        return Optional.ofNullable(callStacks.get(id.value()));
    }

    /** The implicit task of thread number {@code threadNum} in a region's team. */
    public Optional<Task> implicitTask(ParallelRegion region, int threadNum) {
        for (TeamMember member : region.members()) {
            if (member.threadNum() == threadNum) {
                return task(member.implicitTask());
            }
        }
        return Optional.empty();
    }

    /** The region and the regions enclosing it, innermost first, stopping before a region seen twice. */
    public List<ParallelRegion> enclosingChain(ParallelRegion region) {
        List<ParallelRegion> chain = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        Optional<ParallelRegion> next = Optional.of(region);
        while (next.isPresent() && seen.add(next.get().id().value())) {
            chain.add(next.get());
            next = region(next.get().enclosingRegion());
        }
        return chain;
    }

    /** A read-only list of entities at the given positions. */
    private static final class IntView<T> extends java.util.AbstractList<T> implements java.util.RandomAccess {
        private final int[] positions;
        private final List<T> all;

        IntView(int[] positions, List<T> all) {
            this.positions = positions;
            this.all = all;
        }

        @Override
        public T get(int index) {
            return all.get(positions[index]);
        }

        @Override
        public int size() {
            return positions.length;
        }
    }
}
