package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Snapshot;

/**
 * Which entity of snapshot A is which of snapshot B, made by semantic identity (never by id or address), with how
 * each pair was made. Entities are named by their position in their snapshot's list ({@link Snapshot#threads()},
 * {@link Snapshot#parallelRegions()}, {@link Snapshot#tasks()}, {@link Snapshot#addressSpaces()}): four int
 * arrays and a byte array a kind, so a million tasks cost 9 bytes each.
 */
public final class Matching {
    private final Snapshot a;
    private final Snapshot b;
    private final boolean sameRun;
    private final Pairs spaces;
    private final Pairs threads;
    private final Pairs regions;
    private final Pairs tasks;
    private final Pairs targets;
    private final List<String> notes;
    private final NestingPaths paths = new NestingPaths();
    private final int[] pathA;
    private final int[] pathB;

    private Matching(Snapshot a, Snapshot b) {
        this.a = a;
        this.b = b;
        Long pidA = a.capture().pid();
        Long pidB = b.capture().pid();
        this.sameRun = pidA == null || pidB == null || pidA.equals(pidB);
        List<String> said = new ArrayList<>();
        if (!sameRun) {
            said.add("the snapshots are of two processes (pid " + pidA + " and " + pidB
                    + "): threads are matched by thread number and tasks by structure, not by OS id or creation order");
        }
        this.pathA = paths.of(a);
        this.pathB = paths.of(b);
        this.spaces = SpaceMatcher.match(a.addressSpaces(), b.addressSpaces());
        this.threads = ThreadMatcher.match(a, b, sameRun, pathA, pathB);
        this.regions = RegionMatcher.match(a, b, paths, pathA, pathB);
        this.tasks = TaskMatcher.match(a, b, regions, threads, sameRun);
        this.targets = TargetMatcher.match(a.targetRegions(), b.targetRegions(), sameRun);
        this.notes = List.copyOf(said);
    }

    /** Matches the entities of {@code a} to those of {@code b}. */
    public static Matching of(Snapshot a, Snapshot b) {
        return new Matching(Objects.requireNonNull(a, "a"), Objects.requireNonNull(b, "b"));
    }

    public Snapshot a() {
        return a;
    }

    public Snapshot b() {
        return b;
    }

    /** The nesting paths of both snapshots' regions, one set of numbers for both. */
    NestingPaths paths() {
        return paths;
    }

    /** The nesting path of each region of A (B when {@code sideA} is false), by position. */
    int[] paths(boolean sideA) {
        return sideA ? pathA : pathB;
    }

    /** Whether both snapshots may be of one process (the pids agree or one is unknown). */
    public boolean sameRun() {
        return sameRun;
    }

    /** What a reader should know about how the matching was made. */
    public List<String> notes() {
        return notes;
    }

    /** The position in B of the entity at {@code aPosition} in A, or −1 when it has no match (removed). */
    public int inB(EntityKind kind, int aPosition) {
        return pairs(kind).toB(aPosition);
    }

    /** The position in A of the entity at {@code bPosition} in B, or −1 when it has no match (added). */
    public int inA(EntityKind kind, int bPosition) {
        return pairs(kind).toA(bPosition);
    }

    /** How the entity at {@code aPosition} in A was matched, or null when it was not. */
    public MatchMethod method(EntityKind kind, int aPosition) {
        return pairs(kind).method(aPosition);
    }

    /** How many pairs of this kind were made. */
    public int matchedCount(EntityKind kind) {
        return pairs(kind).count();
    }

    /** The entity in B that an entity of A is, if any. */
    public Optional<EntityRef> inB(EntityRef inA) {
        return counterpart(inA, a, b, true);
    }

    /** The entity in A that an entity of B is, if any. */
    public Optional<EntityRef> inA(EntityRef inB) {
        return counterpart(inB, b, a, false);
    }

    /** How an entity of A was matched, if it was. */
    public Optional<MatchMethod> method(EntityRef inA) {
        int at = position(a, inA);
        return at < 0 ? Optional.empty() : Optional.ofNullable(method(inA.kind(), at));
    }

    private Optional<EntityRef> counterpart(EntityRef ref, Snapshot from, Snapshot to, boolean forward) {
        int at = position(from, ref);
        if (at < 0) {
            return Optional.empty();
        }
        int other = forward ? inB(ref.kind(), at) : inA(ref.kind(), at);
        return other < 0 ? Optional.empty() : Optional.of(ref(to, ref.kind(), other));
    }

    /** The position of an entity in its snapshot's list, or −1. */
    public static int position(Snapshot s, EntityRef ref) {
        if (ref.kind() == EntityKind.ADDRESS_SPACE) {
            List<AddressSpace> spaces = s.addressSpaces();
            for (int i = 0; i < spaces.size(); i++) {
                if (spaces.get(i).id().value() == ref.id()) {
                    return i;
                }
            }
            return -1;
        }
        if (ref.kind() == EntityKind.TARGET_REGION) {
            List<org.ompdexplorer.model.TargetRegion> targets = s.targetRegions();
            for (int i = 0; i < targets.size(); i++) {
                if (targets.get(i).id().value() == ref.id()) {
                    return i;
                }
            }
            return -1;
        }
        return s.index().position(ref);
    }

    /** The entity at a position of a snapshot's list. */
    public static EntityRef ref(Snapshot s, EntityKind kind, int position) {
        return switch (kind) {
            case ADDRESS_SPACE -> EntityRef.of(s.addressSpaces().get(position).id());
            case THREAD -> EntityRef.of(s.threads().get(position).id());
            case PARALLEL_REGION -> EntityRef.of(s.parallelRegions().get(position).id());
            case TASK -> EntityRef.of(s.tasks().get(position).id());
            case TARGET_REGION -> EntityRef.of(s.targetRegions().get(position).id());
            case SNAPSHOT -> EntityRef.SNAPSHOT;
        };
    }

    /** How many entities of a kind a snapshot holds. */
    public static int count(Snapshot s, EntityKind kind) {
        return switch (kind) {
            case ADDRESS_SPACE -> s.addressSpaces().size();
            case THREAD -> s.threads().size();
            case PARALLEL_REGION -> s.parallelRegions().size();
            case TASK -> s.tasks().size();
            case TARGET_REGION -> s.targetRegions().size();
            case SNAPSHOT -> 1;
        };
    }

    private Pairs pairs(EntityKind kind) {
        return switch (kind) {
            case ADDRESS_SPACE -> spaces;
            case THREAD -> threads;
            case PARALLEL_REGION -> regions;
            case TASK -> tasks;
            case TARGET_REGION -> targets;
            case SNAPSHOT -> throw new IllegalArgumentException("a snapshot is not matched");
        };
    }
}
