package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;

/** The state after a prefix of a recording's events, mutable while events are applied; copied at checkpoints. */
final class ReplayState {

    /** A thread: its kind, its current task and region, the sync regions it is inside, whether it waits. */
    static final class ThreadRec {
        String kind;
        long task = Recording.NONE;
        long region = Recording.NONE;
        final List<long[]> saved = new ArrayList<>(); // {task, region} before each implicit task began
        final List<String> syncKinds = new ArrayList<>();
        final List<Long> syncSites = new ArrayList<>();
        String waitKind;
        long waitTask = Recording.NONE; // the task that began the wait: while it runs another, the thread works

        ThreadRec copy() {
            ThreadRec c = new ThreadRec();
            c.kind = kind;
            c.task = task;
            c.region = region;
            for (long[] s : saved) {
                c.saved.add(s.clone());
            }
            c.syncKinds.addAll(syncKinds);
            c.syncSites.addAll(syncSites);
            c.waitKind = waitKind;
            c.waitTask = waitTask;
            return c;
        }
    }

    /** A task not completed yet. Immutable fields are shared between copies through {@code create}. */
    static final class TaskRec {
        int create = -1; // the task-create event, −1 for implicit tasks
        TaskKind kind;
        long generating = Recording.NONE;
        long scheduling = Recording.NONE;
        long region = Recording.NONE;
        long thread = Recording.NONE;
        int threadNum = -1;
        TaskLifecycle lifecycle;
        List<TaskId> dependsOn = List.of();
        long order;
        /**
         * What still references it, as the agent counts (agent/src/track.c): its children still held, the regions it
         * encountered still held, the queued tasks that wait on it; a completed task is held while any does.
         */
        int refs;
        Task built; // the model's task for these fields, shared by copies; null after a change

        TaskRec copy() {
            TaskRec c = new TaskRec();
            c.create = create;
            c.kind = kind;
            c.generating = generating;
            c.scheduling = scheduling;
            c.region = region;
            c.thread = thread;
            c.threadNum = threadNum;
            c.lifecycle = lifecycle;
            c.dependsOn = dependsOn;
            c.order = order;
            c.refs = refs;
            c.built = built;
            return c;
        }
    }

    /** A parallel region in flight and its team as its implicit tasks began. */
    static final class RegionRec {
        long encountering;
        int requested;
        int size;
        long site;
        boolean ended; // parallel_end seen: held while an implicit task of it is (workers report their end late)
        final Map<Integer, long[]> members = new java.util.TreeMap<>(); // num -> {thread, task}, as the agent lists them

        RegionRec copy() {
            RegionRec c = new RegionRec();
            c.encountering = encountering;
            c.requested = requested;
            c.size = size;
            c.site = site;
            c.ended = ended;
            members.forEach((k, v) -> c.members.put(k, v.clone()));
            return c;
        }
    }

    private final Map<Long, ThreadRec> threads = new LinkedHashMap<>();
    private final Map<Long, TaskRec> tasks = new LinkedHashMap<>();
    private final Map<Long, RegionRec> regions = new LinkedHashMap<>();
    private TargetConstructs targets = new TargetConstructs(false);
    private long created;

    /** Threads, tasks, regions and target constructs held: what a copy costs. */
    int entities() {
        return threads.size() + tasks.size() + regions.size() + targets.size();
    }

    ReplayState copy() {
        ReplayState c = new ReplayState();
        threads.forEach((k, v) -> c.threads.put(k, v.copy()));
        tasks.forEach((k, v) -> c.tasks.put(k, v.copy()));
        regions.forEach((k, v) -> c.regions.put(k, v.copy()));
        c.targets = targets.copy();
        c.created = created;
        return c;
    }

    private ThreadRec thread(long th) {
        return threads.computeIfAbsent(th, k -> new ThreadRec());
    }

    void apply(Recording r, int i) {
        long th = r.thread(i);
        switch (r.kind(i)) {
            case THREAD_BEGIN -> thread(th).kind = r.word(i);
            case THREAD_END -> threads.remove(th);
            case PARALLEL_BEGIN -> {
                RegionRec reg = new RegionRec();
                reg.encountering = r.b(i);
                reg.requested = r.number(i);
                reg.site = r.site(i);
                regions.put(r.a(i), reg);
                hold(reg.encountering);
            }
            case PARALLEL_END -> parallelEnd(r.a(i));
            case IMPLICIT_BEGIN -> implicitBegin(r, i, th);
            case IMPLICIT_END -> {
                TaskRec ended = tasks.get(r.a(i));
                if (ended != null) {
                    complete(r.a(i), ended);
                }
                ThreadRec t = thread(th);
                if (!t.saved.isEmpty()) {
                    long[] s = t.saved.removeLast();
                    t.task = s[0];
                    t.region = s[1];
                    TaskRec resumed = tasks.get(t.task);
                    if (resumed != null && resumed.lifecycle == TaskLifecycle.SUSPENDED) {
                        resumed.lifecycle = TaskLifecycle.RUNNING; // the encountering task goes on
                        resumed.built = null;
                    }
                } else {
                    t.task = Recording.NONE;
                    t.region = Recording.NONE;
                }
            }
            case TASK_CREATE -> {
                TaskRec t = new TaskRec();
                t.create = i;
                t.kind = r.flags(i).contains("target") ? TaskKind.TARGET : TaskKind.EXPLICIT;
                t.generating = r.b(i);
                TaskRec gen = tasks.get(r.b(i));
                t.region = gen == null ? Recording.NONE : gen.region;
                t.lifecycle = TaskLifecycle.QUEUED;
                t.order = r.a(i); // the agent numbers tasks in creation order: its snapshots' creationOrder
                created++;
                tasks.put(r.a(i), t);
                hold(t.generating);
            }
            case TASK_DEP -> {
                TaskRec to = tasks.get(r.b(i));
                if (to != null && to.lifecycle == TaskLifecycle.QUEUED && tasks.containsKey(r.a(i))) {
                    List<TaskId> d = new ArrayList<>(to.dependsOn);
                    d.add(new TaskId(r.a(i)));
                    to.dependsOn = List.copyOf(d);
                    to.built = null;
                    hold(r.a(i));
                }
            }
            case SCHEDULE -> schedule(r, i, th);
            case SYNC_BEGIN -> {
                ThreadRec t = thread(th);
                t.syncKinds.add(r.word(i));
                t.syncSites.add(r.site(i));
            }
            case SYNC_END -> {
                ThreadRec t = thread(th);
                if (!t.syncKinds.isEmpty()) {
                    t.syncKinds.removeLast();
                    t.syncSites.removeLast();
                }
            }
            case WAIT_BEGIN -> {
                ThreadRec t = thread(th);
                t.waitKind = r.word(i);
                t.waitTask = r.a(i) == Recording.NONE ? t.task : r.a(i);
            }
            case WAIT_END -> {
                ThreadRec t = thread(th);
                t.waitKind = null;
                t.waitTask = Recording.NONE;
            }
            case TARGET_BEGIN, TARGET_END -> target(r, i);
            case SNAPSHOT -> {
                // a snapshot mark changes nothing of the state
            }
        }
    }

    /**
     * A target construct begins or ends. Its encountering task waits in it while it is in flight, unless it runs
     * deferred: suspended, as the agent shows it (and as the validator expects of a task awaiting a target region).
     */
    private void target(Recording r, int i) {
        TaskRec named = tasks.get(r.b(i));
        long encountering = targets.apply(r, i, named != null && named.kind == TaskKind.TARGET ? named.create : -1);
        TaskRec enc = tasks.get(encountering);
        if (enc == null) {
            return;
        }
        boolean waits = targets.waitsIn(encountering);
        if (waits && enc.lifecycle == TaskLifecycle.RUNNING) {
            enc.lifecycle = TaskLifecycle.SUSPENDED;
            enc.built = null;
        } else if (!waits && enc.lifecycle == TaskLifecycle.SUSPENDED && enc.thread != Recording.NONE
                && threads.containsKey(enc.thread) && threads.get(enc.thread).task == encountering) {
            enc.lifecycle = TaskLifecycle.RUNNING; // the construct ended: its task goes on
            enc.built = null;
        }
    }

    private void implicitBegin(Recording r, int i, long th) {
        ThreadRec t = thread(th);
        t.saved.add(new long[]{t.task, t.region});
        TaskRec encountering = tasks.get(t.task);
        if (encountering != null && encountering.lifecycle == TaskLifecycle.RUNNING) {
            encountering.lifecycle = TaskLifecycle.SUSPENDED; // its thread executes the region's implicit task
            encountering.built = null;
        }
        long task = r.a(i);
        long region = r.b(i);
        TaskRec rec = new TaskRec();
        rec.kind = r.isInitial(i) ? TaskKind.INITIAL : TaskKind.IMPLICIT;
        rec.region = region;
        if (r.isInitial(i) && region != Recording.NONE && !regions.containsKey(region)) {
            // the initial task's implicit parallel region (a team of one, level 0): snapshots show it as P1
            RegionRec initial = new RegionRec();
            initial.encountering = Recording.NONE;
            initial.requested = 1;
            regions.put(region, initial);
        }
        rec.thread = th;
        rec.scheduling = encountering == null ? Recording.NONE : t.saved.getLast()[0]; // beneath it on the stack
        rec.threadNum = r.number(i);
        rec.lifecycle = TaskLifecycle.RUNNING;
        rec.order = task; // as a task-create's: the agent's id is its creation order
        created++;
        RegionRec reg = regions.get(region);
        if (reg != null) {
            rec.generating = r.isInitial(i) ? Recording.NONE : reg.encountering;
            hold(rec.generating); // an implicit task is a child of the task that encountered its region
            reg.size = r.teamSize(i);
            reg.members.put(r.number(i), new long[]{th, task});
        }
        tasks.put(task, rec);
        t.task = task;
        t.region = rec.region;
    }

    private void schedule(Recording r, int i, long th) {
        String status = r.word(i);
        long prior = r.a(i);
        long next = r.b(i);
        TaskRec p = tasks.get(prior);
        boolean priorStays = p != null;
        if (p != null) {
            p.built = null;
            switch (status == null ? "" : status) {
                case "complete", "late_fulfill", "cancel" -> {
                    complete(prior, p);
                    priorStays = false;
                }
                case "detach" -> {
                    p.lifecycle = TaskLifecycle.DETACHED;
                    p.thread = Recording.NONE;
                    priorStays = false;
                }
                case "early_fulfill" -> priorStays = true;
                default -> p.lifecycle = TaskLifecycle.SUSPENDED;
            }
        }
        TaskRec n = tasks.get(next);
        ThreadRec t = thread(th);
        if (n != null) {
            n.built = null;
            if (n.lifecycle == TaskLifecycle.QUEUED) {
                n.scheduling = priorStays ? prior : t.task == prior ? Recording.NONE : t.task;
                List<TaskId> waited = n.dependsOn;
                n.dependsOn = List.of();
                waited.forEach(d -> release(d.value()));
            }
            n.lifecycle = TaskLifecycle.RUNNING;
            n.thread = th;
            t.task = next;
            if (t.region == Recording.NONE) {
                t.region = n.region; // else the thread stays in its team's region, whatever region the task binds to
            }
        }
    }

    /** One more reference to task {@code id}, if it is held. */
    private void hold(long id) {
        TaskRec t = tasks.get(id);
        if (t != null) {
            t.refs++;
        }
    }

    /** One reference fewer to task {@code id}: a completed task nothing references any more is gone. */
    private void release(long id) {
        TaskRec t = tasks.get(id);
        if (t == null) {
            return;
        }
        t.refs--;
        if (t.lifecycle == TaskLifecycle.COMPLETED && t.refs <= 0) {
            drop(id, t);
        }
    }

    /**
     * Task {@code id} completed: held, as the agent holds it, while its children, the regions it encountered or the
     * tasks waiting on it are (a snapshot shows it {@code completed}), else gone.
     */
    private void complete(long id, TaskRec t) {
        t.lifecycle = TaskLifecycle.COMPLETED;
        t.thread = Recording.NONE;
        t.built = null;
        if (t.refs <= 0) {
            drop(id, t);
        }
    }

    private void drop(long id, TaskRec t) {
        tasks.remove(id);
        List<TaskId> waited = t.dependsOn;
        t.dependsOn = List.of();
        waited.forEach(d -> release(d.value()));
        if (t.kind == TaskKind.IMPLICIT || t.kind == TaskKind.INITIAL) {
            RegionRec reg = regions.get(t.region);
            if (reg != null && reg.ended && reg.members.values().stream().noneMatch(m -> tasks.containsKey(m[1]))) {
                regions.remove(t.region);
                release(reg.encountering);
            }
        }
        release(t.generating);
    }

    /**
     * The region ended: its implicit tasks whose end was not reported yet are completed (workers report theirs late)
     * and no longer on their threads; the region is held while any of them is.
     */
    private void parallelEnd(long id) {
        RegionRec reg = regions.get(id);
        if (reg == null) {
            return;
        }
        reg.ended = true;
        TaskRec enc = tasks.get(reg.encountering);
        RegionRec enclosing = enc == null ? null : regions.get(enc.region);
        boolean outermost = enclosing != null && enclosing.encountering == Recording.NONE;
        List<long[]> members = new ArrayList<>(reg.members.values());
        for (long[] m : members) {
            TaskRec implicit = tasks.get(m[1]);
            if (implicit != null && implicit.lifecycle != TaskLifecycle.COMPLETED) {
                ThreadRec worker = threads.get(m[0]);
                if (worker != null && worker.task == m[1]) {
                    worker.task = Recording.NONE;
                    if (!outermost) { // libomp's hot team: an outermost team's workers stay in it until the next fork
                        worker.region = Recording.NONE;
                    }
                }
                implicit.lifecycle = TaskLifecycle.COMPLETED;
                implicit.thread = Recording.NONE;
                implicit.built = null;
            }
        }
        if (reg.members.values().stream().noneMatch(m -> tasks.containsKey(m[1]))) {
            regions.remove(id);
            release(reg.encountering);
        }
    }

    /** The state as a snapshot of the model, as the agent would have written it at this moment. */
    Snapshot toSnapshot(Recording r, long at) {
        return new ReplaySnapshot(threads, tasks, regions, targets).of(r, at);
    }
}
