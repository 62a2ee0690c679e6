package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.FactText;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IdentityKeys;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.callstack.ThreadPlace;

/** The details of a thread: its state, its current task and region, the tasks on its stack, its ICVs. */
final class ThreadPage {
    private final Snapshot snapshot;
    private final SnapshotIndex index;

    ThreadPage(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    DetailsPage of(OmpThread thread) {
        List<Section> sections = new ArrayList<>();
        Rows props = new Rows()
                .add("id", "id", thread.id())
                .add("osIds", "OS ids (ompd_get_thread_id)", thread.osIds().isEmpty() ? "none"
                        : String.join(", ", thread.osIds().stream().map(OsThreadId::toString).toList()))
                .add("threadKind", "kind", thread.kind())
                .add("state", "state (ompd_get_state)", state(thread.state()))
                .add("waitId", "wait id", thread.waitId().isKnown() ? Value.of(Address.hex(thread.waitId().get()))
                        : Value.of(thread.waitId()));
        thread.syncRegion().asOptional().ifPresent(r -> props.add("syncRegion", "sync region (OMPT sync_region)",
                r.kind().name() + r.site().asOptional().map(c -> " at " + c.display(snapshot.modules())).orElse("")));
        // where the thread is: the same rule as the CLI's summary (its innermost user frame, else its sync site)
        ThreadPlace.of(thread, snapshot).ifPresent(place -> props.add("where", "where", place));
        props.add("identity", "identity across snapshots", new IdentityKeys(snapshot).of(thread));
        sections.add(props.section("properties", "Thread"));
        sections.add(new Rows()
                .add("currentTask", "current task", new TaskPage(snapshot).taskLink(thread.currentTask()))
                .add("currentRegion", "current parallel region", Value.link(thread.currentRegion(), Target::of,
                        index.region(thread.currentRegion()).isPresent()))
                .add("addressSpace", "address space", index.addressSpace(thread.addressSpace())
                        .map(s -> Value.link(Target.of(s.id()), EntityNames.title(s)))
                        .orElse(Value.of(thread.addressSpace() + " (not in snapshot)")))
                .section("links", "Links"));
        new StackSections(snapshot).ofThread(thread).ifPresent(sections::add);
        sections.add(stack(thread));
        IcvTables tables = new IcvTables(snapshot);
        IcvTables.Scope own = TaskPage.threadScope(thread);
        List<IcvTables.Scope> chain = new ArrayList<>(List.of(own));
        index.addressSpace(thread.addressSpace()).ifPresent(s -> chain.add(RegionPage.space(s)));
        sections.add(new Section.Icvs("icvs", "ICVs", tables.own(own), tables.effective(chain), tables.none()));
        sections.add(Rows.toolData(thread.toolData()));
        String subtitle = String.join(" · ", java.util.stream.Stream.of(EntityNames.osId(thread),
                FactText.text(thread.kind()), thread.state().isKnown() ? thread.state().get().shortName() : "")
                .filter(s -> !s.isEmpty() && !s.equals(FactText.ABSENT)).toList());
        return new DetailsPage(Target.of(thread.id()), "thread", "thread " + EntityNames.thread(thread.id()),
                subtitle, sections);
    }

    private static Value state(Fact<ThreadState> state) {
        return state.isKnown() ? Value.of(state.get().name() + " (0x" + Long.toHexString(state.get().value()) + ")")
                : Value.of(state);
    }

    private Section stack(OmpThread thread) {
        List<Task> chain = index.schedulingChain(thread.id());
        List<List<Value>> rows = new ArrayList<>();
        for (int depth = 0; depth < chain.size(); depth++) {
            Task t = chain.get(depth);
            rows.add(List.of(Value.of(depth == 0 ? "0 (current)" : Integer.toString(depth)),
                    Value.link(Target.of(t.id()), EntityNames.task(t.id())), Value.of(t.kind().name()),
                    // neither a function nor a creation site known: the function's unavailable value, with its reason
                    !t.function().isKnown() && !t.creationSite().isKnown() ? Value.of(t.function())
                            : Value.of(EntityNames.whatRuns(t)),
                    Value.of(Optional.ofNullable(TaskStatus.nameOf(t, index)).orElse(FactText.ABSENT))));
        }
        return new Section.Table("stackTable", "Scheduling chain (top of the thread's stack first)",
                List.of("depth", "task", "kind", "function or creation site", "status"), rows);
    }
}
