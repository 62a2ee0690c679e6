package org.ompdexplorer.importers.json;

import static org.ompdexplorer.importers.json.ValueWriter.hex;

import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import tools.jackson.core.JsonGenerator;

/**
 * Writes an element of {@code tasks}: its OMPD facts, then what only the capture agent knows (lifecycle, flags,
 * priority, dependences, creation order), in the field order docs/snapshot-format.md lists. The writing
 * counterpart of {@link TaskReader}.
 */
final class TaskWriter {
    private final JsonGenerator g;
    private final ValueWriter values;

    TaskWriter(JsonGenerator generator, ValueWriter values) {
        this.g = generator;
        this.values = values;
    }

    void task(Task t) {
        g.writeStartObject();
        g.writeNumberProperty("id", t.id().value());
        g.writeStringProperty("kind", t.kind().name());
        values.fact("generatingTask", t.generatingTask(), id -> g.writeNumber(id.value()));
        values.fact("schedulingTask", t.schedulingTask(), id -> g.writeNumber(id.value()));
        values.fact("parallelRegion", t.parallelRegion(), id -> g.writeNumber(id.value()));
        values.fact("thread", t.thread(), id -> g.writeNumber(id.value()));
        values.fact("threadNum", t.threadNum(), g::writeNumber);
        values.fact("function", t.function(), values::code);
        values.fact("creationSite", t.creationSite(), values::code);
        values.fact("frames", t.frames(), this::frames);
        values.fact("toolData", t.toolData(), values::toolData);
        values.icvValues(t.icvs());
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
}
