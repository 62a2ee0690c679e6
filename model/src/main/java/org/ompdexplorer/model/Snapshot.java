package org.ompdexplorer.model;

import java.util.List;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * The OpenMP state of one program at one moment: what the OMPD calls return for every address space, thread,
 * parallel region and task, plus what a capture agent adds. Immutable; its {@link #index() index} is built
 * once, here, so every navigation afterwards is O(1).
 */
public final class Snapshot {
    private final CaptureInfo capture;
    private final RuntimeInfo runtime;
    private final List<AddressSpace> addressSpaces;
    private final List<ThreadState> states;
    private final List<IcvDefinition> icvCatalogue;
    private final List<DisplayControlVar> displayControlVars;
    private final List<OmpThread> threads;
    private final List<ParallelRegion> parallelRegions;
    private final List<Task> tasks;
    private final List<TargetRegion> targetRegions;
    private final List<CodeModule> modules;
    private final List<CallStack> callStacks;
    private final SnapshotIndex index;

    public Snapshot(CaptureInfo capture, RuntimeInfo runtime, List<AddressSpace> addressSpaces,
                    List<ThreadState> states, List<IcvDefinition> icvCatalogue,
                    List<DisplayControlVar> displayControlVars, List<OmpThread> threads,
                    List<ParallelRegion> parallelRegions, List<Task> tasks) {
        this(capture, runtime, addressSpaces, states, icvCatalogue, displayControlVars, threads, parallelRegions,
                tasks, List.of());
    }

    public Snapshot(CaptureInfo capture, RuntimeInfo runtime, List<AddressSpace> addressSpaces,
                    List<ThreadState> states, List<IcvDefinition> icvCatalogue,
                    List<DisplayControlVar> displayControlVars, List<OmpThread> threads,
                    List<ParallelRegion> parallelRegions, List<Task> tasks, List<TargetRegion> targetRegions) {
        this(capture, runtime, addressSpaces, states, icvCatalogue, displayControlVars, threads, parallelRegions,
                tasks, targetRegions, List.of());
    }

    public Snapshot(CaptureInfo capture, RuntimeInfo runtime, List<AddressSpace> addressSpaces,
                    List<ThreadState> states, List<IcvDefinition> icvCatalogue,
                    List<DisplayControlVar> displayControlVars, List<OmpThread> threads,
                    List<ParallelRegion> parallelRegions, List<Task> tasks, List<TargetRegion> targetRegions,
                    List<CodeModule> modules) {
        this(capture, runtime, addressSpaces, states, icvCatalogue, displayControlVars, threads, parallelRegions,
                tasks, targetRegions, modules, List.of());
    }

    public Snapshot(CaptureInfo capture, RuntimeInfo runtime, List<AddressSpace> addressSpaces,
                    List<ThreadState> states, List<IcvDefinition> icvCatalogue,
                    List<DisplayControlVar> displayControlVars, List<OmpThread> threads,
                    List<ParallelRegion> parallelRegions, List<Task> tasks, List<TargetRegion> targetRegions,
                    List<CodeModule> modules, List<CallStack> callStacks) {
        this.capture = capture;
        this.runtime = runtime;
        this.addressSpaces = List.copyOf(addressSpaces);
        this.states = List.copyOf(states);
        this.icvCatalogue = List.copyOf(icvCatalogue);
        this.displayControlVars = List.copyOf(displayControlVars);
        this.threads = List.copyOf(threads);
        this.parallelRegions = List.copyOf(parallelRegions);
        this.tasks = List.copyOf(tasks);
        this.targetRegions = List.copyOf(targetRegions);
        this.modules = List.copyOf(modules);
        this.callStacks = List.copyOf(callStacks);
        this.index = new SnapshotIndex(this);
    }

    /** How and when it was taken. */
    public CaptureInfo capture() {
        return capture;
    }

    /** The runtime and OMPD library versions. */
    public RuntimeInfo runtime() {
        return runtime;
    }

    /** The process and its devices. */
    public List<AddressSpace> addressSpaces() {
        return addressSpaces;
    }

    /** The runtime's thread states ({@code ompd_enumerate_states}), in enumeration order. */
    public List<ThreadState> states() {
        return states;
    }

    /** The runtime's ICVs ({@code ompd_enumerate_icvs}), in enumeration order. */
    public List<IcvDefinition> icvCatalogue() {
        return icvCatalogue;
    }

    /** {@code ompd_get_display_control_vars}, in the runtime's order. */
    public List<DisplayControlVar> displayControlVars() {
        return displayControlVars;
    }

    public List<OmpThread> threads() {
        return threads;
    }

    public List<ParallelRegion> parallelRegions() {
        return parallelRegions;
    }

    public List<Task> tasks() {
        return tasks;
    }

    /** Target constructs in flight, and ended ones whose data is still mapped (format 1.1). */
    public List<TargetRegion> targetRegions() {
        return targetRegions;
    }

    /** The process's executables and shared objects that hold its code addresses (format 1.2; empty before). */
    public List<CodeModule> modules() {
        return modules;
    }

    /** The threads' native call stacks, in thread order (format 1.3; empty before, or when none were taken). */
    public List<CallStack> callStacks() {
        return callStacks;
    }

    /** This snapshot with other modules and call stacks (a core import adds them after the OMPD walk). */
    public Snapshot withCallStacks(List<CodeModule> newModules, List<CallStack> newStacks) {
        return new Snapshot(capture, runtime, addressSpaces, states, icvCatalogue, displayControlVars, threads,
                parallelRegions, tasks, targetRegions, newModules, newStacks);
    }

    /** The devices among {@link #addressSpaces()}, in their order. */
    public List<AddressSpace> devices() {
        return addressSpaces.stream().filter(AddressSpace::isDevice).toList();
    }

    /** Lookups and links, built once. */
    public SnapshotIndex index() {
        return index;
    }
}
