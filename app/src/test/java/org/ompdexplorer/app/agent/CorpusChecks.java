package org.ompdexplorer.app.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RecordsLost;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * What the corpus requires of every snapshot: it loads, the importer and {@code SnapshotValidator} find no error
 * (so every invariant the validator checks is enforced here too), and — checked here, whatever the validator
 * does — it is not empty, its task counts are plausible, every link names an entity of the file, it lost no
 * record, the at-exit
 * snapshot holds no unfinished explicit task and the program's own flush, asked from inside a task, shows one
 * running.
 */
final class CorpusChecks {
    /** Threads a 4-thread program can have: its team, libomp's 8 hidden helper threads (target nowait), spare. */
    static final int MAX_THREADS = 16;
    /** The agent's default task ring ({@code OMPD_EXPLORER_MAX_TASKS}). */
    static final int MAX_TASKS = 65536;
    private static final Set<TaskLifecycle> UNFINISHED =
            Set.of(TaskLifecycle.QUEUED, TaskLifecycle.RUNNING, TaskLifecycle.SUSPENDED, TaskLifecycle.DETACHED);

    /** One problem: a validator code or one of the corpus' own ({@code corpus-…}), in which file. */
    record Finding(String code, String file, String message) {
    }

    /** One snapshot checked: its label, its size and what was wrong with it. */
    record Checked(String file, String label, int tasks, List<Long> explicitTaskIds, List<Finding> findings) {
    }

    private final String file;
    private final List<Finding> findings = new ArrayList<>();

    private CorpusChecks(String file) {
        this.file = file;
    }

    static Checked check(Path path) {
        CorpusChecks c = new CorpusChecks(path.getFileName().toString());
        LoadResult result;
        try {
            result = new SnapshotLoader().load(path, LoadOptions.LENIENT, ProgressListener.NONE);
        } catch (SnapshotLoadException e) {
            c.add("corpus-unreadable", "the importer could not load it: " + e.getMessage());
            return new Checked(c.file, "?", 0, List.of(), c.findings);
        }
        for (Diagnostic d : result.diagnostics()) {
            if (d.isError()) {
                c.add(d.code(), where(d.location()) + d.message());
            }
        }
        Snapshot s = result.snapshot();
        String label = s.capture().label() == null ? "?" : s.capture().label();
        c.structure(s);
        c.links(s);
        c.nothingLost(s);
        if (label.equals("exit")) {
            c.nothingLiveAtExit(s);
        }
        if (label.equals("corpus")) {
            c.aTaskRunsInTheFlush(s);
        }
        List<Long> explicit = s.tasks().stream().filter(CorpusChecks::isExplicit).map(t -> t.id().value()).toList();
        return new Checked(c.file, label, s.tasks().size(), explicit, c.findings);
    }

    /** {@code line 53 at $.tasks[1].thread: }, without the file (the finding names it) and the fix (the report is long). */
    private static String where(Location at) {
        String line = at.line() > 0 ? "line " + at.line() + " " : "";
        String path = at.path() != null ? "at " + at.path() : at.entityRef().map(Object::toString).orElse("");
        return (line + path).isBlank() ? "" : (line + path).strip() + ": ";
    }

    static boolean isExplicit(Task t) {
        return t.kind().equals(TaskKind.EXPLICIT) || t.kind().equals(TaskKind.TARGET);
    }

    private void add(String code, String message) {
        findings.add(new Finding(code, file, message));
    }

    private void structure(Snapshot s) {
        if (s.addressSpaces().isEmpty() || s.threads().isEmpty() || s.parallelRegions().isEmpty() || s.tasks().isEmpty()) {
            add("corpus-empty", s.addressSpaces().size() + " address spaces, " + s.threads().size() + " threads, "
                    + s.parallelRegions().size() + " parallel regions, " + s.tasks().size() + " tasks: each needs one");
        }
        if (s.tasks().stream().noneMatch(t -> t.kind().equals(TaskKind.INITIAL))) {
            add("corpus-empty", "no initial task");
        }
        if (s.threads().size() > MAX_THREADS) {
            add("corpus-implausible-count", s.threads().size() + " threads for a program of " + CorpusRun.THREADS
                    + " (at most " + MAX_THREADS + " with libomp's hidden helpers)");
        }
        long explicit = s.tasks().stream().filter(CorpusChecks::isExplicit).count();
        if (explicit > MAX_TASKS) {
            add("corpus-implausible-count", explicit + " explicit tasks, more than the agent's ring holds (" + MAX_TASKS + ")");
        }
        List<Task> running = s.tasks().stream().filter(t -> t.lifecycle().orElse(null) == TaskLifecycle.RUNNING).toList();
        if (running.size() > s.threads().size()) {
            Map<String, List<Long>> byThread = new TreeMap<>();
            running.forEach(t -> byThread.computeIfAbsent(t.thread() instanceof Fact.Known<ThreadId>(ThreadId th)
                    ? "thread " + th.value() : "no thread", k -> new ArrayList<>()).add(t.id().value()));
            add("corpus-implausible-count", running.size() + " running tasks on " + s.threads().size()
                    + " threads: " + byThread.entrySet().stream().filter(e -> e.getValue().size() > 1 || e.getKey().equals("no thread"))
                    .map(e -> e.getKey() + " runs tasks " + e.getValue()).collect(Collectors.joining(", ")));
        }
        Map<RegionId, Integer> implicitPerRegion = new HashMap<>();
        for (Task t : s.tasks()) {
            if (t.kind().equals(TaskKind.IMPLICIT) && t.parallelRegion() instanceof Fact.Known<RegionId>(RegionId r)) {
                implicitPerRegion.merge(r, 1, Integer::sum);
            }
        }
        SnapshotIndex index = s.index();
        implicitPerRegion.forEach((region, count) -> index.region(region).ifPresent(r -> {
            int team = r.teamSize().orElse(Integer.MAX_VALUE);
            if (count > team) {
                add("corpus-implausible-count", count + " implicit tasks in " + region + ", whose team has " + team + " threads");
            }
        }));
    }

    /** Every link names an entity of the same file (the agent leaves out a link whose target it released). */
    private void links(Snapshot s) {
        SnapshotIndex index = s.index();
        for (Task t : s.tasks()) {
            String what = "task " + t.id().value();
            task(index, what, "generatingTask", t.generatingTask());
            task(index, what, "schedulingTask", t.schedulingTask());
            region(index, what, "parallelRegion", t.parallelRegion());
            thread(index, what, "thread", t.thread());
            t.agentFacts().ifPresent(a -> a.dependsOn().forEach(d -> task(index, what, "dependsOn", Fact.of(d))));
        }
        for (OmpThread th : s.threads()) {
            String what = "thread " + th.id().value();
            task(index, what, "currentTask", th.currentTask());
            region(index, what, "currentRegion", th.currentRegion());
        }
        for (ParallelRegion r : s.parallelRegions()) {
            String what = "parallel region " + r.id().value();
            region(index, what, "enclosingRegion", r.enclosingRegion());
            task(index, what, "encounteringTask", r.encounteringTask());
            for (TeamMember m : r.members()) {
                thread(index, what, "members[" + m.threadNum() + "].thread", m.thread());
                task(index, what, "members[" + m.threadNum() + "].implicitTask", m.implicitTask());
            }
        }
    }

    private void task(SnapshotIndex index, String what, String field, Fact<TaskId> link) {
        if (link instanceof Fact.Known<TaskId>(TaskId id) && index.task(id).isEmpty()) {
            add("corpus-dangling-link", what + " " + field + " names task " + id.value() + ", which the file does not hold");
        }
    }

    private void region(SnapshotIndex index, String what, String field, Fact<RegionId> link) {
        if (link instanceof Fact.Known<RegionId>(RegionId id) && index.region(id).isEmpty()) {
            add("corpus-dangling-link", what + " " + field + " names parallel region " + id.value()
                    + ", which the file does not hold");
        }
    }

    private void thread(SnapshotIndex index, String what, String field, Fact<ThreadId> link) {
        if (link instanceof Fact.Known<ThreadId>(ThreadId id) && index.thread(id).isEmpty()) {
            add("corpus-dangling-link", what + " " + field + " names thread " + id.value() + ", which the file does not hold");
        }
    }

    /** The corpus stays within the agent's bounds (tasks, regions, dependences), so a snapshot must keep every record. */
    private void nothingLost(Snapshot s) {
        for (RecordsLost lost : s.capture().lost()) {
            add("corpus-records-lost", "the agent dropped " + lost.count() + " " + lost.what()
                    + (lost.bound() == null ? "" : " (" + lost.bound() + ")"));
        }
    }

    /** The at-exit snapshot comes when the initial task ends: every parallel region, so every explicit task, is over. */
    private void nothingLiveAtExit(Snapshot s) {
        for (Task t : s.tasks()) {
            TaskLifecycle life = t.lifecycle().orElse(null);
            if (isExplicit(t) && UNFINISHED.contains(life)) {
                add("corpus-live-at-exit", "task " + t.id().value() + " (" + t.kind() + ") is " + life
                        + " in the at-exit snapshot, after every parallel region ended");
            }
        }
    }

    /** Every program asks for its "corpus" snapshot from inside an explicit task, which is then running. */
    private void aTaskRunsInTheFlush(Snapshot s) {
        if (s.tasks().stream().noneMatch(t -> isExplicit(t) && t.lifecycle().orElse(null) == TaskLifecycle.RUNNING)) {
            add("corpus-flush-without-running-task", "the snapshot the program asked for from inside an explicit task"
                    + " shows no explicit task running");
        }
    }
}
