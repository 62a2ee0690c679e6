package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.ThreadState;

/**
 * A series of snapshots of one program in time order: each step's diff with the one before, and each entity's
 * state across the series (a row per entity, a column per snapshot), entities followed through the matchings.
 */
public final class SnapshotSeries {
    private static final EntityKind[] KINDS = {EntityKind.THREAD, EntityKind.PARALLEL_REGION, EntityKind.TASK};
    private final List<Snapshot> snapshots;
    private final List<SnapshotDiff> steps;
    private final List<SeriesRow> rows;
    private final List<StepFigures> figures;

    private SnapshotSeries(List<Snapshot> snapshots) {
        this.snapshots = List.copyOf(snapshots);
        List<SnapshotDiff> diffs = new ArrayList<>();
        for (int i = 1; i < snapshots.size(); i++) {
            diffs.add(SnapshotDiff.of(snapshots.get(i - 1), snapshots.get(i)));
        }
        this.steps = List.copyOf(diffs);
        List<SeriesRow> all = new ArrayList<>();
        for (EntityKind kind : KINDS) {
            all.addAll(rows(kind));
        }
        this.rows = List.copyOf(all);
        this.figures = StepFigures.of(this.snapshots, this.steps);
    }

    /** Each step's figures for the timeline: when and why B was taken, its task counts, its still blocked. */
    public List<StepFigures> figures() {
        return figures;
    }

    /** The series of {@code snapshots}, in the order given (time order). */
    public static SnapshotSeries of(List<Snapshot> snapshots) {
        if (snapshots.isEmpty()) {
            throw new IllegalArgumentException("a series needs at least one snapshot");
        }
        return new SnapshotSeries(snapshots);
    }

    public List<Snapshot> snapshots() {
        return snapshots;
    }

    /** Step {@code i} is the diff of snapshot {@code i} (A) with snapshot {@code i + 1} (B). */
    public List<SnapshotDiff> steps() {
        return steps;
    }

    /** Threads, then regions, then tasks, each in order of first appearance. */
    public List<SeriesRow> rows() {
        return rows;
    }

    private List<SeriesRow> rows(EntityKind kind) {
        int n = snapshots.size();
        List<int[]> found = new ArrayList<>();
        int[] rowOfPrevious = new int[0];
        for (int i = 0; i < n; i++) {
            Snapshot s = snapshots.get(i);
            int size = Matching.count(s, kind);
            int[] rowOf = new int[size];
            for (int p = 0; p < size; p++) {
                int before = i == 0 ? -1 : steps.get(i - 1).matching().inA(kind, p);
                int row = before >= 0 ? rowOfPrevious[before] : -1;
                if (row < 0) {
                    int[] positions = new int[n];
                    Arrays.fill(positions, -1);
                    found.add(positions);
                    row = found.size() - 1;
                }
                found.get(row)[i] = p;
                rowOf[p] = row;
            }
            rowOfPrevious = rowOf;
        }
        List<SeriesRow> result = new ArrayList<>(found.size());
        for (int[] positions : found) {
            int first = 0;
            while (positions[first] < 0) {
                first++;
            }
            result.add(new SeriesRow(kind, Links.name(snapshots.get(first), kind, positions[first]), positions));
        }
        return result;
    }

    /**
     * What the entity of a row is in snapshot {@code i}: a thread's state, a task's status as a word
     * ({@link org.ompdexplorer.model.TaskStatus#key()}: queued, blocked, running, waiting, suspended, detached,
     * completed); "·" when absent.
     */
    public String cell(SeriesRow row, int i) {
        int p = row.position(i);
        if (p < 0) {
            return "·";
        }
        Snapshot s = snapshots.get(i);
        return switch (row.kind()) {
            case THREAD -> threadCell(s.threads().get(p));
            case PARALLEL_REGION -> regionCell(s.parallelRegions().get(p));
            case TASK -> taskCell(s.tasks().get(p), s);
            default -> "present";
        };
    }

    /** What happened to a row's entity in the step into snapshot {@code i} (i ≥ 1). */
    public ChangeKind change(SeriesRow row, int i) {
        if (i == 0) {
            throw new IllegalArgumentException("the first snapshot has no step into it");
        }
        return steps.get(i - 1).change(new UnionNode(row.kind(), row.position(i - 1), row.position(i)));
    }

    private static String threadCell(OmpThread t) {
        return t.state().asOptional().map(ThreadState::shortName).orElse("?");
    }

    private static String regionCell(ParallelRegion r) {
        return r.teamSize().asOptional().map(n -> "team of " + n).orElse("present");
    }

    private static String taskCell(Task t, Snapshot s) {
        return org.ompdexplorer.model.TaskStatus.of(t, s.index()).map(org.ompdexplorer.model.TaskStatus::key)
                .orElseGet(() -> t.thread().asOptional().map(th -> "on " + org.ompdexplorer.model.Names.thread(th)).orElse("present"));
    }
}
