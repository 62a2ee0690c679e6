package org.ompdexplorer.importers.cache;

import static org.ompdexplorer.importers.cache.Tag.*;

import java.time.Instant;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.RecordsLost;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.OpenEnum;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;
import org.ompdexplorer.model.Transfers;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * Writes model values for {@link ModelDecoder}: a tag, then the value's parts in its constructor's order. Each
 * encoder is one scope of back-references (a section of the file, decoded on its own), so the sections of tasks
 * can be decoded in parallel.
 */
final class ModelEncoder {
    private final ByteSink out;
    private final Map<Object, Integer> refs;
    /** The same numbers by identity: a value the model shares is found without hashing its parts again. */
    private final Map<Object, Integer> byIdentity;

    /** @param values about how many distinct values it will number (the tables are sized once for them) */
    ModelEncoder(ByteSink out, int values) {
        this.out = out;
        this.refs = HashMap.newHashMap(values);
        this.byIdentity = new IdentityHashMap<>(values);
    }

    /**
     * Writes any model value. The tests are {@code instanceof} in the order a task's values come, not a pattern
     * switch: a switch on types is bootstrapped by a class spun at run time, which an AOT cache cannot keep, and
     * runs slowly until compiled — this runs millions of times in a process that exits soon after.
     */
    void write(Object v) {
        if (v == null) {
            out.put(NULL);
        } else if (v instanceof Fact.Absent<?>) {
            out.put(ABSENT);
        } else if (v instanceof Long l) {
            out.put(LONG);
            out.signedLong(l);
        } else if (v instanceof Integer i) {
            out.put(INT);
            out.signedLong(i);
        } else if (v instanceof Boolean b) {
            out.put(b ? TRUE : FALSE);
        } else if (v instanceof Task t) {
            task(t);
        } else if (v instanceof AgentFacts a) {
            composite(a); // a task's own (its creation order): never worth a number
        } else {
            shared(v);
        }
    }

    private void shared(Object v) {
        Integer ref = byIdentity.get(v);
        if (ref == null) {
            ref = refs.get(v);
            if (ref != null) {
                byIdentity.put(v, ref);
            }
        }
        if (ref != null) {
            out.put(REF);
            out.varLong(ref);
            return;
        }
        body(v);
        int number = refs.size(); // numbered after its parts, as the decoder numbers it
        refs.put(v, number);
        byIdentity.put(v, number);
    }

    private void task(Task t) {
        out.put(TASK);
        out.put(OWN_TASK_ID); // a task's own id is its alone: never worth a number
        out.varLong(t.id().value());
        write(t.kind());
        write(t.generatingTask());
        write(t.schedulingTask());
        write(t.parallelRegion());
        write(t.thread());
        write(t.threadNum());
        write(t.function());
        write(t.creationSite());
        write(t.frames());
        write(t.toolData());
        write(t.icvs());
        write(t.agent());
    }

    private void body(Object v) {
        if (v instanceof Fact.Known<?> k) {
            out.put(KNOWN);
            write(k.value());
        } else if (v instanceof TaskId id) {
            id(TASK_ID, id.value());
        } else if (v instanceof String str) {
            out.put(STRING);
            out.string(str);
        } else if (v instanceof List<?> list) {
            out.put(LIST);
            out.varLong(list.size());
            for (Object item : list) {
                write(item);
            }
        } else if (v instanceof Fact.Unavailable<?> u) {
            out.put(UNAVAILABLE);
            write(u.code());
            write(u.detail());
        } else if (v instanceof ThreadId id) {
            id(THREAD_ID, id.value());
        } else if (v instanceof RegionId id) {
            id(REGION_ID, id.value());
        } else if (v instanceof OpenEnum e) {
            out.put(OPEN_ENUM);
            out.varLong(OpenEnums.number(e));
            write(e.name());
        } else if (v instanceof IcvId id) {
            id(ICV_ID, id.value());
        } else if (v instanceof AddressSpaceId id) {
            id(SPACE_ID, id.value());
        } else if (v instanceof TargetRegionId id) {
            id(TARGET_ID, id.value());
        } else if (v instanceof Instant i) {
            out.put(INSTANT);
            out.signedLong(i.getEpochSecond());
            out.varLong(i.getNano());
        } else {
            composite(v);
        }
    }

    private void id(int tag, long value) {
        out.put(tag);
        out.varLong(value);
    }

    /** The model's records, each as its components. */
    private void composite(Object v) {
        if (v instanceof CodeLocation c) { // a task's function and creation site, its tool data, frames, ICVs
            parts(CODE_LOCATION, c.address(), c.symbol(), c.file(), c.line(), c.possiblyInexact());
            return;
        }
        if (v instanceof AgentFacts a) {
            parts(AGENT_FACTS, a.lifecycle(), a.flags(), a.priority(), a.dependences(), a.dependsOn(),
                    a.creationOrder());
            return;
        }
        if (v instanceof ToolData d) {
            parts(TOOL_DATA, d.value(), d.ptr());
            return;
        }
        if (v instanceof TaskFrames f) {
            parts(TASK_FRAMES, f.exitAddress(), f.exitFlags(), f.enterAddress(), f.enterFlags());
            return;
        }
        if (v instanceof IcvValue i) {
            parts(ICV_VALUE, i.icv(), i.integer(), i.string());
            return;
        }
        switch (v) { // the rest come a few times a snapshot
            case Dependence d -> parts(DEPENDENCE, d.type(), d.address());
            case ThreadState s -> parts(THREAD_STATE, s.value(), s.name());
            case OsThreadId o -> parts(OS_THREAD_ID, o.kind(), o.value());
            case TeamMember m -> parts(TEAM_MEMBER, m.threadNum(), m.thread(), m.implicitTask());
            case OmpThread t -> parts(THREAD, t.id(), t.addressSpace(), t.osIds(), t.kind(), t.state(), t.waitId(),
                    t.currentTask(), t.currentRegion(), t.toolData(), t.icvs(), t.syncRegion());
            case SyncRegion r -> parts(SYNC_REGION, r.kind(), r.site());
            case ParallelRegion r -> parts(REGION, r.id(), r.addressSpace(), r.enclosingRegion(), r.teamSize(),
                    r.level(), r.activeLevel(), r.members(), r.encounteringTask(), r.creationSite(), r.toolData(),
                    r.icvs());
            case AddressSpace s -> parts(ADDRESS_SPACE, s.id(), s.parent(), s.deviceKind(), s.deviceId(), s.icvs(),
                    s.device(), s.offload());
            case DeviceInfo d -> parts(DEVICE_INFO, d.deviceNum(), d.type(), d.ompdHandle(), d.images(),
                    d.mappings(), d.transfers());
            case OffloadInfo o -> parts(OFFLOAD_INFO, o.runtime(), o.deviceCount(), o.initialDevice(),
                    o.imageTriples());
            case Mapping m -> parts(MAPPING, m.hostAddress(), m.deviceAddress(), m.bytes(), m.refCount(),
                    m.mappedBy(), m.transfers());
            case DeviceImage i -> parts(DEVICE_IMAGE, i.file(), i.offsetInFile(), i.vmaInFile(), i.bytes(),
                    i.hostAddress(), i.deviceAddress(), i.moduleId());
            case Transfers t -> parts(TRANSFERS, t.toDeviceBytes(), t.toDeviceOps(), t.fromDeviceBytes(),
                    t.fromDeviceOps());
            case Kernel k -> parts(KERNEL, k.requestedTeams());
            case CodeModule m -> parts(CODE_MODULE, m.path(), m.buildId(), m.loadBias(), m.start(), m.end(),
                    m.fileSize());
            case CallStack c -> parts(CALL_STACK, c.thread(), c.frames(), c.partial());
            case CallFrame f -> parts(CALL_FRAME, f.pc(), f.cfa(), f.activation(), f.module(), f.function(),
                    f.file(), f.line(), f.column(), f.inlined(), f.task(), f.role().ordinal());
            case TargetRegion r -> parts(TARGET_REGION, r.id(), r.kind(), r.device(), r.deviceNum(), r.inFlight(),
                    r.encounteringTask(), r.targetTask(), r.creationSite(), r.kernels(), r.kernelsSubmitted(),
                    r.transfers());
            case CaptureInfo c -> parts(CAPTURE_INFO, c.source(), c.program(), c.pid(), c.host(), c.time(),
                    c.label(), c.description(), c.producer(), c.lost(), c.job());
            case JobPlacement j -> parts(JOB_PLACEMENT, j.rank(), j.size(), j.jobId(), j.launcher());
            case RecordsLost l -> parts(RECORDS_LOST, l.what(), l.count(), l.bound());
            case RuntimeInfo r -> parts(RUNTIME_INFO, r.ompVersion(), r.ompVersionString(), r.ompdApiVersion(),
                    r.ompdVersionString());
            case IcvDefinition d -> parts(ICV_DEFINITION, d.id(), d.name(), d.scope(), d.ompName());
            case DisplayControlVar d -> parts(DISPLAY_CONTROL_VAR, d.name(), d.value());
            case Diagnostic d -> parts(DIAGNOSTIC, d.severity().ordinal(), d.code(), d.message(), d.fix(),
                    d.location());
            case Location l -> parts(LOCATION, l.input(), l.line(), l.column(), l.path(), l.offset(), l.entity(),
                    l.field());
            case EntityRef r -> parts(ENTITY_REF, r.kind().ordinal(), r.id());
            default -> throw new IllegalArgumentException("a reopen cache cannot hold a " + v.getClass().getName());
        }
    }

    private void parts(int tag, Object... parts) {
        out.put(tag);
        for (Object p : parts) {
            write(p);
        }
    }
}
