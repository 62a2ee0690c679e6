package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.FactText;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FrameInfo;
import org.ompdexplorer.model.IdentityKeys;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskStatus;

/** The details of a task: its facts, its links, its ICVs, its frames and its tool data. */
final class TaskPage {
    private final Snapshot snapshot;
    private final SnapshotIndex index;

    TaskPage(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    DetailsPage of(Task task) {
        List<Section> sections = new ArrayList<>();
        sections.add(properties(task));
        sections.add(links(task));
        new StackSections(snapshot).ofTask(task).ifPresent(sections::add);
        sections.add(icvs(task));
        sections.add(frames(task.frames()));
        sections.add(Rows.toolData(task.toolData()));
        String named = EntityNames.whatRuns(task, index); // as the user wrote it; the raw symbol is the "symbol" row
        String subtitle = task.function().isKnown() ? (named.isEmpty() ? EntityNames.function(task) : named)
                : String.join(" · ", java.util.stream.Stream.of(named,
                        "function " + FactText.text(task.function())).filter(x -> !x.isEmpty()).toList());
        return new DetailsPage(Target.of(task.id()), task.kind() + " task", "task " + EntityNames.task(task.id()),
                subtitle, sections);
    }

    private Section properties(Task task) {
        Rows rows = new Rows()
                .add("id", "id", task.id())
                .add("kind", "kind", task.kind().name() + (task.kind().isKnown() ? "" : " (unknown to this build)"))
                .add("function", "function (ompd_get_task_function)", functionValue(task));
        symbol(task).ifPresent(symbol -> rows.add("symbol", "symbol", symbol));
        rows.add("creationSite", "creation site", code(task.creationSite()));
        if (!(task.threadNum() instanceof Fact.Absent<Integer>)) {
            rows.add("threadNum", "thread number", task.threadNum());
        }
        TaskStatus.of(task, index).ifPresent(s -> rows.add("status", "status (as every view shows it)", s.name()));
        task.agentFacts().ifPresent(a -> agent(rows, a));
        rows.add("generated", "tasks it generated", EntityNames.count(index.generatedCount(task.id())));
        rows.add("identity", "identity across snapshots", new IdentityKeys(snapshot).of(task));
        return rows.section("properties", "Task");
    }

    /** The compiler's name the title is made from: the function's symbol, else the creation site's. */
    private static java.util.Optional<String> symbol(Task task) {
        return task.function().asOptional().flatMap(org.ompdexplorer.model.CodeLocation::symbolName)
                .or(() -> task.creationSite().asOptional().flatMap(org.ompdexplorer.model.CodeLocation::symbolName));
    }

    private static Value functionValue(Task task) {
        return task.function().isKnown() ? Value.of(task.function().get().display()) : Value.of(task.function());
    }

    /** A location without a symbol is named by its module and offset when the snapshot's module map has it. */
    private Value code(Fact<org.ompdexplorer.model.CodeLocation> location) {
        return location.isKnown() ? Value.of(location.get().display(snapshot.modules())) : Value.of(location);
    }

    private void agent(Rows rows, AgentFacts a) {
        if (a.lifecycle() != null) {
            rows.add("lifecycle", "lifecycle (agent)", a.lifecycle().name());
        }
        rows.add("flags", "flags", a.flags().isEmpty() ? "none" : String.join(", ",
                a.flags().stream().map(Object::toString).toList()));
        if (a.priority() != null) {
            rows.add("priority", "priority", a.priority());
        }
        if (!a.dependences().isEmpty()) {
            rows.add("dependences", "dependences", String.join(", ",
                    a.dependences().stream().map(Object::toString).toList()));
        }
        if (a.creationOrder() >= 0) {
            rows.add("creationOrder", "creation order", a.creationOrder());
        }
    }

    private Section links(Task task) {
        Rows rows = new Rows()
                .add("generatingTask", "generating task", taskLink(task.generatingTask()))
                .add("schedulingTask", "scheduling task", taskLink(task.schedulingTask()))
                .add("parallelRegion", "parallel region", Value.link(task.parallelRegion(), Target::of,
                        index.region(task.parallelRegion()).isPresent()))
                .add("thread", "executing thread", Value.link(task.thread(), Target::of,
                        index.thread(task.thread()).isPresent()));
        index.awaitedTarget(task.id()).ifPresent(t -> rows.add("awaitedTarget", "waits on target region",
                Value.link(Target.of(t.id()), EntityNames.title(t) + " · in flight")));
        index.targetRegionOfTask(task.id()).ifPresent(t -> rows.add("targetRegion", "target task of",
                Value.link(Target.of(t.id()), EntityNames.title(t) + (t.inFlight() ? " · in flight" : " · ended"))));
        List<TaskId> waits = task.agentFacts().map(AgentFacts::dependsOn).orElse(List.of());
        for (int i = 0; i < waits.size(); i++) {
            rows.add("dependsOn" + i, "waits for", taskLink(Fact.of(waits.get(i))));
        }
        return rows.section("links", "Links");
    }

    Value taskLink(Fact<TaskId> link) {
        Value value = Value.link(link, Target::of, index.task(link).isPresent());
        return index.task(link).map(t -> new Value(value.text() + " · " + t.kind()
                + (EntityNames.whatRuns(t, index).isEmpty() ? "" : " · " + EntityNames.whatRuns(t, index)),
                value.link(), false, "")).orElse(value);
    }

    private Section icvs(Task task) {
        IcvTables tables = new IcvTables(snapshot);
        IcvTables.Scope own = new IcvTables.Scope("task " + EntityNames.task(task.id()),
                task.isImplicit() ? IcvTables.TASK_SCOPES : java.util.Set.of(org.ompdexplorer.model.IcvScope.TASK),
                task.icvs());
        List<IcvTables.Scope> chain = new ArrayList<>(List.of(own));
        index.region(task.parallelRegion()).ifPresent(r -> chain.add(regionScope(r)));
        index.thread(task.thread()).ifPresent(t -> chain.add(threadScope(t)));
        spaceOf(task).ifPresent(chain::add);
        return new Section.Icvs("icvs", "ICVs", tables.own(own), tables.effective(chain), tables.none());
    }

    static IcvTables.Scope regionScope(ParallelRegion r) {
        return new IcvTables.Scope("parallel region " + EntityNames.region(r.id()), IcvTables.REGION_SCOPES, r.icvs());
    }

    static IcvTables.Scope threadScope(OmpThread t) {
        return new IcvTables.Scope("thread " + EntityNames.thread(t.id()), IcvTables.THREAD_SCOPES, t.icvs());
    }

    private java.util.Optional<IcvTables.Scope> spaceOf(Task task) {
        return index.thread(task.thread()).map(OmpThread::addressSpace)
                .or(() -> index.region(task.parallelRegion()).map(ParallelRegion::addressSpace))
                .or(() -> snapshot.addressSpaces().stream().filter(s -> !s.isDevice()).findFirst()
                        .map(s -> s.id()))
                .flatMap(index::addressSpace)
                .map(RegionPage::space);
    }

    static Section frames(Fact<TaskFrames> frames) {
        if (!(frames instanceof Fact.Known<TaskFrames>(TaskFrames f))) {
            return new Rows().add("frames", "frames", frames).section("frames", "Frames (ompd_get_task_frame)");
        }
        return new Section.Table("framesTable", "Frames (ompd_get_task_frame)", List.of("frame", "address", "flags"),
                List.of(frameRow("exit", f.exit()), frameRow("enter", f.enter())));
    }

    private static List<Value> frameRow(String name, FrameInfo frame) {
        return List.of(Value.of(name), Value.of(frame.isPresent() ? Address.hex(frame.address()) : "none"),
                Value.of(frame.flagNames()));
    }
}
