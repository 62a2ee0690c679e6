package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FrameInfo;
import org.ompdexplorer.model.OpenEnum;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ToolData;

/** The fields of a matched pair of tasks, links compared as matched identities. */
final class TaskFields {
    private final Matching matching;
    private final Links links;
    private final IcvFields icvs;

    TaskFields(Matching matching, Links links, IcvFields icvs) {
        this.matching = matching;
        this.links = links;
        this.icvs = icvs;
    }

    List<FieldChange> compare(Task a, Task b) {
        Changes out = new Changes();
        out.fact(DiffField.KIND, Fact.of(a.kind()), Fact.of(b.kind()), OpenEnum::name);
        out.fact(DiffField.LIFECYCLE, status(a, matching.a()), status(b, matching.b()), String::valueOf);
        links.thread(out, DiffField.THREAD, "", a.thread(), b.thread());
        out.fact(DiffField.THREAD_NUM, a.threadNum(), b.threadNum(), String::valueOf);
        links.task(out, DiffField.GENERATING_TASK, a.generatingTask(), b.generatingTask());
        links.task(out, DiffField.SCHEDULING_TASK, a.schedulingTask(), b.schedulingTask());
        links.region(out, DiffField.PARALLEL_REGION, a.parallelRegion(), b.parallelRegion());
        out.code(DiffField.FUNCTION, a.function(), b.function());
        out.code(DiffField.CREATION_SITE, a.creationSite(), b.creationSite());
        frames(out, a.frames(), b.frames());
        agentFacts(out, a.agent(), b.agent());
        out.fact(DiffField.TOOL_DATA, a.toolData(), b.toolData(), ToolData::toString);
        icvs.compare(out, a.icvs(), b.icvs());
        return out.list();
    }

    /**
     * The lifecycle as every view shows it ({@link TaskStatus#name()}: waiting at a taskwait, blocked on dependences,
     * detached…), absent when nothing says.
     */
    static Fact<String> status(Task task, Snapshot s) {
        String name = TaskStatus.nameOf(task, s.index());
        return name == null ? Fact.absent() : Fact.of(name);
    }

    static Fact<TaskLifecycle> lifecycle(Task task) {
        return task.agent() == null ? Fact.absent() : Fact.ofNullable(task.agent().lifecycle());
    }

    private static void frames(Changes out, Fact<TaskFrames> a, Fact<TaskFrames> b) {
        if (Objects.equals(a, b)) {
            return;
        }
        if (a.isKnown() && b.isKnown()) {
            out.fact(DiffField.EXIT_FRAME, Fact.of(a.get().exit()), Fact.of(b.get().exit()), FrameInfo::toString);
            out.fact(DiffField.ENTER_FRAME, Fact.of(a.get().enter()), Fact.of(b.get().enter()), FrameInfo::toString);
        } else {
            out.fact(DiffField.EXIT_FRAME, a.map(TaskFrames::exit), b.map(TaskFrames::exit), FrameInfo::toString);
            out.fact(DiffField.ENTER_FRAME, a.map(TaskFrames::enter), b.map(TaskFrames::enter), FrameInfo::toString);
        }
    }

    private void agentFacts(Changes out, AgentFacts a, AgentFacts b) {
        if (a == null && b == null) {
            return;
        }
        List<TaskFlag> flagsA = a == null ? List.of() : a.flags();
        List<TaskFlag> flagsB = b == null ? List.of() : b.flags();
        if (!sortedNames(flagsA).equals(sortedNames(flagsB))) {
            out.add(DiffField.FLAGS, "", DiffValue.text(flagText(flagsA)), DiffValue.text(flagText(flagsB)));
        }
        out.fact(DiffField.PRIORITY, a == null ? Fact.absent() : Fact.ofNullable(a.priority()),
                b == null ? Fact.absent() : Fact.ofNullable(b.priority()), String::valueOf);
        List<Dependence> depsA = a == null ? List.of() : a.dependences();
        List<Dependence> depsB = b == null ? List.of() : b.dependences();
        if (!depsA.equals(depsB)) {
            out.add(DiffField.DEPENDENCES, "", DiffValue.text(depText(depsA)), DiffValue.text(depText(depsB)));
        }
        dependsOn(out, a == null ? List.of() : a.dependsOn(), b == null ? List.of() : b.dependsOn());
    }

    /** The tasks waited for, as matched identities: the same set on both sides is no change. */
    private void dependsOn(Changes out, List<TaskId> a, List<TaskId> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return;
        }
        Snapshot sa = matching.a();
        Snapshot sb = matching.b();
        List<Integer> mapped = new ArrayList<>();
        for (TaskId id : a) {
            int at = sa.index().taskPosition(id.value());
            mapped.add(at < 0 ? -2 : matching.inB(EntityKind.TASK, at));
        }
        List<Integer> own = new ArrayList<>();
        for (TaskId id : b) {
            own.add(sb.index().taskPosition(id.value()));
        }
        if (!mapped.containsAll(own) || !own.containsAll(mapped) || mapped.contains(-1) || mapped.contains(-2)) {
            out.add(DiffField.DEPENDS_ON, "", DiffValue.text(taskList(sa, a)), DiffValue.text(taskList(sb, b)));
        }
    }

    private static String taskList(Snapshot s, List<TaskId> ids) {
        if (ids.isEmpty()) {
            return "none";
        }
        return org.ompdexplorer.model.TextCut.join(", ", () -> ids.stream().map(id -> {
            int at = s.index().taskPosition(id.value());
            return at < 0 ? "task " + org.ompdexplorer.model.Names.task(id) + " (not in the snapshot)"
                    : org.ompdexplorer.model.Names.of(s.tasks().get(at), s.index());
        }).iterator());
    }

    private static List<String> sortedNames(List<TaskFlag> flags) {
        return flags.stream().map(OpenEnum::name).sorted().toList();
    }

    private static String flagText(List<TaskFlag> flags) {
        return flags.isEmpty() ? "none" : String.join(", ", sortedNames(flags));
    }

    private static String depText(List<Dependence> deps) {
        return deps.isEmpty() ? "none"
                : org.ompdexplorer.model.TextCut.join(", ", () -> deps.stream().map(Dependence::toString).iterator());
    }
}
