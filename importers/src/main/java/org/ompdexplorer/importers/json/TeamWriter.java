package org.ompdexplorer.importers.json;

import static org.ompdexplorer.importers.json.ValueWriter.hex;

import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import tools.jackson.core.JsonGenerator;

/**
 * Writes an element of {@code threads} (with its call stack, format 1.3) and of {@code parallelRegions} (with its
 * team's members), in the field order docs/snapshot-format.md lists. The writing counterpart of {@link TeamReader}.
 */
final class TeamWriter {
    private final JsonGenerator g;
    private final ValueWriter values;

    TeamWriter(JsonGenerator generator, ValueWriter values) {
        this.g = generator;
        this.values = values;
    }

    /** @param stack the thread's call stack, or {@code null} to write none */
    void thread(OmpThread t, CallStack stack) {
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
                    values.unsigned(id.value());
                } else {
                    g.writeStringProperty(id.kind().name(), hex(id.value()));
                }
            }
            g.writeEndObject();
        }
        values.fact("kind", t.kind(), k -> g.writeString(k.name()));
        values.fact("state", t.state(), values::state);
        values.fact("waitId", t.waitId(), w -> g.writeString(hex(w)));
        values.fact("currentTask", t.currentTask(), id -> g.writeNumber(id.value()));
        values.fact("currentRegion", t.currentRegion(), id -> g.writeNumber(id.value()));
        values.fact("syncRegion", t.syncRegion(), r -> {
            g.writeStartObject();
            g.writeStringProperty("kind", r.kind().name());
            values.fact("site", r.site(), values::code);
            g.writeEndObject();
        });
        values.fact("toolData", t.toolData(), values::toolData);
        values.icvValues(t.icvs());
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
            values.optional("function", f.function());
            values.optional("file", f.file());
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
        values.optional("partial", stack.partial());
        g.writeEndObject();
    }

    void region(ParallelRegion r) {
        g.writeStartObject();
        g.writeNumberProperty("id", r.id().value());
        if (r.addressSpace() != null) {
            g.writeNumberProperty("addressSpace", r.addressSpace().value());
        }
        values.fact("enclosingRegion", r.enclosingRegion(), id -> g.writeNumber(id.value()));
        values.fact("teamSize", r.teamSize(), g::writeNumber);
        values.fact("level", r.level(), g::writeNumber);
        values.fact("activeLevel", r.activeLevel(), g::writeNumber);
        g.writeArrayPropertyStart("members");
        for (TeamMember m : r.members()) {
            g.writeStartObject();
            g.writeNumberProperty("threadNum", m.threadNum());
            values.fact("thread", m.thread(), id -> g.writeNumber(id.value()));
            values.fact("implicitTask", m.implicitTask(), id -> g.writeNumber(id.value()));
            g.writeEndObject();
        }
        g.writeEndArray();
        values.fact("encounteringTask", r.encounteringTask(), id -> g.writeNumber(id.value()));
        values.fact("creationSite", r.creationSite(), values::code);
        values.fact("toolData", r.toolData(), values::toolData);
        values.icvValues(r.icvs());
        g.writeEndObject();
    }
}
