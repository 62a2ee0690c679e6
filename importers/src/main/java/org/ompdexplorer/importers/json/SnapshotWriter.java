package org.ompdexplorer.importers.json;

import java.util.List;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.RecordsLost;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Omp52IcvNames;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import tools.jackson.core.JsonGenerator;

/** Writes each part of a snapshot in the field order docs/snapshot-format.md lists; absent facts are left out. */
final class SnapshotWriter {
    private final JsonGenerator g;
    private final DeviceWriter devices;

    SnapshotWriter(JsonGenerator generator) {
        this.g = generator;
        this.devices = new DeviceWriter(generator, this);
    }

    void write(Snapshot s) {
        g.writeStartObject();
        g.writeStringProperty("format", SnapshotFormat.NAME);
        g.writeStringProperty("version", SnapshotFormat.VERSION);
        capture(s.capture());
        runtime(s.runtime());
        g.writeArrayPropertyStart("addressSpaces");
        s.addressSpaces().forEach(this::addressSpace);
        g.writeEndArray();
        modules(s);
        g.writeArrayPropertyStart("states");
        s.states().forEach(this::state);
        g.writeEndArray();
        g.writeArrayPropertyStart("icvs");
        s.icvCatalogue().forEach(this::icvDefinition);
        g.writeEndArray();
        g.writeArrayPropertyStart("displayControlVars");
        for (DisplayControlVar v : s.displayControlVars()) {
            g.writeString(v.toString());
        }
        g.writeEndArray();
        g.writeArrayPropertyStart("threads");
        for (OmpThread t : s.threads()) {
            thread(t, s.callStacks().isEmpty() ? null : s.index().callStack(t.id()).orElse(null));
        }
        g.writeEndArray();
        g.writeArrayPropertyStart("parallelRegions");
        s.parallelRegions().forEach(this::region);
        g.writeEndArray();
        g.writeArrayPropertyStart("tasks");
        s.tasks().forEach(this::task);
        g.writeEndArray();
        devices.targetRegions(s.targetRegions());
        g.writeEndObject();
    }

    private void capture(CaptureInfo c) {
        g.writeObjectPropertyStart("capture");
        g.writeStringProperty("source", c.source().name());
        optional("program", c.program());
        if (c.pid() != null) {
            g.writeNumberProperty("pid", c.pid());
        }
        optional("host", c.host());
        optional("time", c.time() == null ? null : c.time().toString());
        optional("label", c.label());
        optional("description", c.description());
        optional("producer", c.producer());
        if (!c.lost().isEmpty()) {
            g.writeArrayPropertyStart("lost");
            for (RecordsLost l : c.lost()) {
                g.writeStartObject();
                g.writeStringProperty("what", l.what());
                g.writeNumberProperty("count", l.count());
                optional("bound", l.bound());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (c.job() != null) {
            JobPlacement j = c.job();
            g.writeObjectPropertyStart("job");
            g.writeNumberProperty("rank", j.rank());
            if (j.size() != null) {
                g.writeNumberProperty("size", j.size());
            }
            optional("id", j.jobId());
            optional("launcher", j.launcher());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private void optional(String name, String value) {
        if (value != null) {
            g.writeStringProperty(name, value);
        }
    }

    private void runtime(RuntimeInfo r) {
        g.writeObjectPropertyStart("runtime");
        longFact("ompVersion", r.ompVersion());
        stringFact("ompVersionString", r.ompVersionString());
        longFact("ompdApiVersion", r.ompdApiVersion());
        stringFact("ompdVersionString", r.ompdVersionString());
        g.writeEndObject();
    }

    private void addressSpace(AddressSpace a) {
        g.writeStartObject();
        g.writeNumberProperty("id", a.id().value());
        if (a.parent() != null) {
            g.writeNumberProperty("parent", a.parent().value());
        }
        if (a.deviceKind() != null) {
            g.writeName("deviceKind");
            unsigned(a.deviceKind());
        }
        optional("deviceId", a.deviceId());
        icvValues(a.icvs());
        devices.offload(a.offload());
        devices.device(a.device());
        g.writeEndObject();
    }

    private void state(ThreadState s) {
        g.writeStartObject();
        g.writeNumberProperty("value", s.value());
        g.writeStringProperty("name", s.name());
        g.writeEndObject();
    }

    private void icvDefinition(IcvDefinition d) {
        g.writeStartObject();
        g.writeNumberProperty("id", d.id().value());
        g.writeStringProperty("name", d.name());
        g.writeStringProperty("scope", d.scope().name());
        if (!d.ompName().equals(Omp52IcvNames.of(d.name()))) {
            g.writeStringProperty("ompName", d.ompName());
        }
        g.writeEndObject();
    }

    private void thread(OmpThread t, CallStack stack) {
        g.writeStartObject();
        g.writeNumberProperty("id", t.id().value());
        if (t.addressSpace() != null) {
            g.writeNumberProperty("addressSpace", t.addressSpace().value());
        }
        if (!t.osIds().isEmpty()) {
            g.writeObjectPropertyStart("osIds");
            for (OsThreadId id : t.osIds()) {
                if (id.kind().equals(OsThreadIdKind.LWP)) {
                    g.writeName(id.kind().name());
                    unsigned(id.value());
                } else {
                    g.writeStringProperty(id.kind().name(), hex(id.value()));
                }
            }
            g.writeEndObject();
        }
        fact("kind", t.kind(), k -> g.writeString(k.name()));
        fact("state", t.state(), this::state);
        fact("waitId", t.waitId(), w -> g.writeString(hex(w)));
        fact("currentTask", t.currentTask(), id -> g.writeNumber(id.value()));
        fact("currentRegion", t.currentRegion(), id -> g.writeNumber(id.value()));
        fact("syncRegion", t.syncRegion(), r -> {
            g.writeStartObject();
            g.writeStringProperty("kind", r.kind().name());
            fact("site", r.site(), this::code);
            g.writeEndObject();
        });
        fact("toolData", t.toolData(), this::toolData);
        icvValues(t.icvs());
        if (stack != null) {
            stack(stack);
        }
        g.writeEndObject();
    }

    /** A thread's call stack (1.3): every frame's role, the rest when it is known. */
    private void stack(CallStack stack) {
        g.writeObjectPropertyStart("stack");
        g.writeArrayPropertyStart("frames");
        for (CallFrame f : stack.frames()) {
            g.writeStartObject();
            g.writeStringProperty("pc", hex(f.pc()));
            if (f.cfa() != 0) {
                g.writeStringProperty("cfa", hex(f.cfa()));
            }
            if (f.activation()) {
                g.writeBooleanProperty("activation", true);
            }
            if (f.module() >= 0) {
                g.writeNumberProperty("module", f.module());
            }
            optional("function", f.function());
            optional("file", f.file());
            if (f.line() > 0) {
                g.writeNumberProperty("line", f.line());
            }
            if (f.column() > 0) {
                g.writeNumberProperty("column", f.column());
            }
            if (f.inlined()) {
                g.writeBooleanProperty("inlined", true);
            }
            if (f.task() != null) {
                g.writeNumberProperty("task", f.task().value());
            }
            // always: a frame with a role is an attributed stack's, which a reader keeps as written
            g.writeStringProperty("role", f.role() == FrameRole.RUNTIME ? "runtime" : "user");
            g.writeEndObject();
        }
        g.writeEndArray();
        optional("partial", stack.partial());
        g.writeEndObject();
    }

    private void region(ParallelRegion r) {
        g.writeStartObject();
        g.writeNumberProperty("id", r.id().value());
        if (r.addressSpace() != null) {
            g.writeNumberProperty("addressSpace", r.addressSpace().value());
        }
        fact("enclosingRegion", r.enclosingRegion(), id -> g.writeNumber(id.value()));
        fact("teamSize", r.teamSize(), g::writeNumber);
        fact("level", r.level(), g::writeNumber);
        fact("activeLevel", r.activeLevel(), g::writeNumber);
        g.writeArrayPropertyStart("members");
        for (TeamMember m : r.members()) {
            g.writeStartObject();
            g.writeNumberProperty("threadNum", m.threadNum());
            fact("thread", m.thread(), id -> g.writeNumber(id.value()));
            fact("implicitTask", m.implicitTask(), id -> g.writeNumber(id.value()));
            g.writeEndObject();
        }
        g.writeEndArray();
        fact("encounteringTask", r.encounteringTask(), id -> g.writeNumber(id.value()));
        fact("creationSite", r.creationSite(), this::code);
        fact("toolData", r.toolData(), this::toolData);
        icvValues(r.icvs());
        g.writeEndObject();
    }

    private void task(Task t) {
        g.writeStartObject();
        g.writeNumberProperty("id", t.id().value());
        g.writeStringProperty("kind", t.kind().name());
        fact("generatingTask", t.generatingTask(), id -> g.writeNumber(id.value()));
        fact("schedulingTask", t.schedulingTask(), id -> g.writeNumber(id.value()));
        fact("parallelRegion", t.parallelRegion(), id -> g.writeNumber(id.value()));
        fact("thread", t.thread(), id -> g.writeNumber(id.value()));
        fact("threadNum", t.threadNum(), g::writeNumber);
        fact("function", t.function(), this::code);
        fact("creationSite", t.creationSite(), this::code);
        fact("frames", t.frames(), this::frames);
        fact("toolData", t.toolData(), this::toolData);
        icvValues(t.icvs());
        if (t.agent() != null) {
            agentFacts(t.agent());
        }
        g.writeEndObject();
    }

    private void agentFacts(AgentFacts a) {
        if (a.lifecycle() != null) {
            g.writeStringProperty("lifecycle", a.lifecycle().name());
        }
        if (!a.flags().isEmpty()) {
            g.writeArrayPropertyStart("flags");
            for (TaskFlag f : a.flags()) {
                g.writeString(f.name());
            }
            g.writeEndArray();
        }
        if (a.priority() != null) {
            g.writeNumberProperty("priority", a.priority());
        }
        if (!a.dependences().isEmpty()) {
            g.writeArrayPropertyStart("dependences");
            for (Dependence d : a.dependences()) {
                g.writeStartObject();
                g.writeStringProperty("type", d.type().name());
                g.writeStringProperty("address", hex(d.address()));
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (!a.dependsOn().isEmpty()) {
            g.writeArrayPropertyStart("dependsOn");
            for (TaskId id : a.dependsOn()) {
                g.writeNumber(id.value());
            }
            g.writeEndArray();
        }
        if (a.creationOrder() >= 0) {
            g.writeNumberProperty("creationOrder", a.creationOrder());
        }
    }

    void code(CodeLocation c) {
        g.writeStartObject();
        g.writeStringProperty("address", hex(c.address()));
        optional("symbol", c.symbol());
        optional("file", c.file());
        if (c.line() > 0) {
            g.writeNumberProperty("line", c.line());
        }
        if (c.possiblyInexact()) {
            g.writeBooleanProperty("possiblyInexact", true);
        }
        g.writeEndObject();
    }

    /**
     * The module map (format 1.2), written only when there is one, with the code addresses each module holds; it also
     * holds the modules of the frames' pcs (1.3), which frames name by index and which it does not list.
     */
    private void modules(Snapshot s) {
        List<CodeModule> modules = s.modules();
        if (modules.isEmpty()) {
            return;
        }
        java.util.TreeSet<Long> addresses = new java.util.TreeSet<>(Long::compareUnsigned);
        Fact<CodeLocation> lastFunction = null;
        Fact<CodeLocation> lastSite = null;
        for (Task t : s.tasks()) {
            if (t.function() != lastFunction) {
                lastFunction = t.function();
                lastFunction.asOptional().ifPresent(c -> addresses.add(c.address()));
            }
            if (t.creationSite() != lastSite) {
                lastSite = t.creationSite();
                lastSite.asOptional().ifPresent(c -> addresses.add(c.address()));
            }
        }
        s.parallelRegions().forEach(r -> r.creationSite().asOptional().ifPresent(c -> addresses.add(c.address())));
        s.threads().forEach(t -> t.syncRegion().asOptional().flatMap(r -> r.site().asOptional())
                .ifPresent(c -> addresses.add(c.address())));
        s.targetRegions().forEach(r -> r.creationSite().asOptional().ifPresent(c -> addresses.add(c.address())));
        g.writeArrayPropertyStart("modules");
        for (CodeModule m : modules) {
            g.writeStartObject();
            g.writeStringProperty("path", m.path());
            optional("buildId", m.buildId());
            g.writeStringProperty("loadBias", hex(m.loadBias()));
            g.writeStringProperty("start", hex(m.start()));
            g.writeStringProperty("end", hex(m.end()));
            if (m.fileSize() != null) {
                g.writeName("fileSize");
                unsigned(m.fileSize());
            }
            g.writeArrayPropertyStart("codeAddresses");
            for (long a : addresses) {
                if (m.contains(a)) {
                    g.writeString(hex(a));
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void frames(TaskFrames f) {
        g.writeStartObject();
        g.writeObjectPropertyStart("exit");
        g.writeStringProperty("address", hex(f.exitAddress()));
        g.writeNumberProperty("flags", f.exitFlags());
        g.writeEndObject();
        g.writeObjectPropertyStart("enter");
        g.writeStringProperty("address", hex(f.enterAddress()));
        g.writeNumberProperty("flags", f.enterFlags());
        g.writeEndObject();
        g.writeEndObject();
    }

    private void toolData(ToolData d) {
        g.writeStartObject();
        g.writeName("value");
        unsigned(d.value());
        g.writeStringProperty("ptr", hex(d.ptr()));
        g.writeEndObject();
    }

    private void icvValues(List<IcvValue> values) {
        if (values.isEmpty()) {
            return;
        }
        g.writeArrayPropertyStart("icvs");
        for (IcvValue v : values) {
            g.writeStartObject();
            g.writeNumberProperty("icv", v.icv().value());
            fact("value", v.integer(), g::writeNumber);
            fact("string", v.string(), g::writeString);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void longFact(String name, Fact<Long> f) {
        fact(name, f, g::writeNumber);
    }

    private void stringFact(String name, Fact<String> f) {
        fact(name, f, g::writeString);
    }

    /** Writes a known value with {@code writer}, an unavailable one as its marker, and nothing when absent. */
    <T> void fact(String name, Fact<T> f, java.util.function.Consumer<T> writer) {
        // instanceof, not a pattern switch: a switch's bootstrap spins a class at run time that the AOT cache cannot
        // keep, which a one-shot import-core paid for on every run (docs/benchmarks.md §12); Absent writes nothing
        if (f instanceof Fact.Known<T>(T value)) {
            g.writeName(name);
            writer.accept(value);
        } else if (f instanceof Fact.Unavailable<T>(var code, var detail)) {
            g.writeObjectPropertyStart(name);
            g.writeStringProperty("unavailable", code.name());
            if (!detail.isEmpty()) {
                g.writeStringProperty("detail", detail);
            }
            g.writeEndObject();
        }
    }

    /** An unsigned 64-bit value in decimal: Java keeps 2^63 and above as negative longs. */
    void unsigned(long value) {
        if (value >= 0) {
            g.writeNumber(value);
        } else {
            g.writeNumber(Long.toUnsignedString(value));
        }
    }

    private static String hex(long address) {
        return org.ompdexplorer.model.Address.hex(address);
    }
}
