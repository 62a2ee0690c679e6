package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FrameInfo;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OpenEnum;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;
import org.ompdexplorer.model.callstack.FrameKey;

/** Every field of one entity of one snapshot, in the order the diff compares them, as the side-by-side view shows it. */
final class SideFields {
    private final Snapshot s;
    private final List<FieldRow> rows = new ArrayList<>();
    private final boolean sideA;

    private SideFields(Snapshot s, boolean sideA) {
        this.s = s;
        this.sideA = sideA;
    }

    /** The fields of the entity at {@code position}, as rows with only this side filled in. */
    static List<FieldRow> of(Snapshot s, EntityKind kind, int position, boolean sideA) {
        SideFields f = new SideFields(s, sideA);
        switch (kind) {
            case THREAD -> f.thread(s.threads().get(position));
            case PARALLEL_REGION -> f.region(s.parallelRegions().get(position));
            case TASK -> f.task(s.tasks().get(position));
            case ADDRESS_SPACE -> {
                f.items(DeviceItems.of(s.addressSpaces().get(position)));
                f.icvs(s.addressSpaces().get(position).icvs());
            }
            case TARGET_REGION -> f.items(DeviceItems.of(s.targetRegions().get(position)));
            case SNAPSHOT -> { }
        }
        return f.rows;
    }

    private void thread(OmpThread t) {
        text(DiffField.KIND, "", t.kind(), OpenEnum::name);
        for (org.ompdexplorer.model.OsThreadId id : t.osIds()) {
            add(DiffField.OS_ID, id.kind().name(), DiffValue.text(ThreadFields.osIdText(id.kind(),
                    java.util.Optional.of(id.value()))));
        }
        text(DiffField.STATE, "", t.state(), ThreadState::toString);
        text(DiffField.WAIT_ID, "", t.waitId(), Address::hex);
        link(DiffField.CURRENT_TASK, "", EntityKind.TASK, t.currentTask());
        link(DiffField.CURRENT_REGION, "", EntityKind.PARALLEL_REGION, t.currentRegion());
        text(DiffField.TOOL_DATA, "", t.toolData(), ToolData::toString);
        org.ompdexplorer.model.callstack.ThreadPlace.key(t, s.index(), s.modules())
                .ifPresent(where -> add(DiffField.WHERE, "", DiffValue.text(where.display())));
        s.index().callStack(t.id()).ifPresent(stack -> {
            List<FrameKey> keys = FrameKey.folded(stack, s.modules());
            for (int i = 0; i < keys.size(); i++) {
                add(DiffField.STACK, "frame " + i, DiffValue.text(keys.get(i).display()));
            }
        });
        icvs(t.icvs());
    }

    private void region(ParallelRegion r) {
        link(DiffField.ENCLOSING_REGION, "", EntityKind.PARALLEL_REGION, r.enclosingRegion());
        text(DiffField.TEAM_SIZE, "", r.teamSize(), String::valueOf);
        text(DiffField.LEVEL, "", r.level(), String::valueOf);
        text(DiffField.ACTIVE_LEVEL, "", r.activeLevel(), String::valueOf);
        link(DiffField.ENCOUNTERING_TASK, "", EntityKind.TASK, r.encounteringTask());
        text(DiffField.CREATION_SITE, "", r.creationSite(), CodeLocation::display);
        for (TeamMember m : r.members()) {
            link(DiffField.MEMBER, "thread number " + m.threadNum() + " thread", EntityKind.THREAD, m.thread());
            link(DiffField.MEMBER, "thread number " + m.threadNum() + " implicit task", EntityKind.TASK, m.implicitTask());
        }
        text(DiffField.TOOL_DATA, "", r.toolData(), ToolData::toString);
        icvs(r.icvs());
    }

    private void task(Task t) {
        text(DiffField.KIND, "", Fact.of(t.kind()), OpenEnum::name);
        text(DiffField.LIFECYCLE, "", TaskFields.status(t, s), String::valueOf);
        link(DiffField.THREAD, "", EntityKind.THREAD, t.thread());
        text(DiffField.THREAD_NUM, "", t.threadNum(), String::valueOf);
        link(DiffField.GENERATING_TASK, "", EntityKind.TASK, t.generatingTask());
        link(DiffField.SCHEDULING_TASK, "", EntityKind.TASK, t.schedulingTask());
        link(DiffField.PARALLEL_REGION, "", EntityKind.PARALLEL_REGION, t.parallelRegion());
        text(DiffField.FUNCTION, "", t.function(), CodeLocation::display);
        text(DiffField.CREATION_SITE, "", t.creationSite(), CodeLocation::display);
        text(DiffField.EXIT_FRAME, "", t.frames().map(TaskFrames::exit), FrameInfo::toString);
        text(DiffField.ENTER_FRAME, "", t.frames().map(TaskFrames::enter), FrameInfo::toString);
        AgentFacts a = t.agent();
        if (a != null) {
            add(DiffField.FLAGS, "", DiffValue.text(a.flags().isEmpty() ? "none"
                    : String.join(", ", a.flags().stream().map(OpenEnum::name).sorted().toList())));
            text(DiffField.PRIORITY, "", Fact.ofNullable(a.priority()), String::valueOf);
            add(DiffField.DEPENDENCES, "", DiffValue.text(a.dependences().isEmpty() ? "none"
                    : String.join(", ", a.dependences().stream().map(Dependence::toString).toList())));
            if (a.dependsOn().isEmpty()) {
                add(DiffField.DEPENDS_ON, "", DiffValue.text("none"));
            }
            for (TaskId id : a.dependsOn()) {
                link(DiffField.DEPENDS_ON, "", EntityKind.TASK, Fact.of(id));
            }
        }
        text(DiffField.TOOL_DATA, "", t.toolData(), ToolData::toString);
        icvs(t.icvs());
    }

    private void items(List<DeviceItems> items) {
        for (DeviceItems i : items) {
            if (i.linkKind() != null) {
                link(i.field(), i.qualifier(), i.linkKind(), i.link());
            } else {
                add(i.field(), i.qualifier(), DiffValue.text(i.text()));
            }
        }
    }

    private void icvs(List<IcvValue> values) {
        Map<Long, IcvDefinition> defs = new HashMap<>();
        s.icvCatalogue().forEach(d -> defs.putIfAbsent(d.id().value(), d));
        for (IcvValue v : values) {
            IcvDefinition d = defs.get(v.icv().value());
            add(DiffField.ICV, d == null ? "icv " + v.icv().value() : d.name() + " (" + d.scope().name() + ")",
                    DiffValue.text(v.display()));
        }
    }

    private <T> void text(DiffField field, String qualifier, Fact<T> fact, java.util.function.Function<? super T, String> f) {
        add(field, qualifier, DiffValue.text(Changes.text(fact, f)));
    }

    private void link(DiffField field, String qualifier, EntityKind kind, Fact<?> link) {
        int at = -1;
        if (link instanceof Fact.Known<?>(Object id)) {
            long v = switch (id) {
                case TaskId t -> t.value();
                case ThreadId t -> t.value();
                case RegionId r -> r.value();
                default -> -1;
            };
            at = switch (kind) {
                case TASK -> s.index().taskPosition(v);
                case THREAD -> s.index().threadPosition(v);
                case PARALLEL_REGION -> s.index().regionPosition(v);
                default -> -1;
            };
        }
        add(field, qualifier, Links.value(s, kind, link, at));
    }

    private void add(DiffField field, String qualifier, DiffValue value) {
        rows.add(new FieldRow(field, qualifier, sideA ? value : null, sideA ? null : value, false));
    }
}
