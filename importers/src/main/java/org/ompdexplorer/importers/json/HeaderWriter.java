package org.ompdexplorer.importers.json;

import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.Omp52IcvNames;
import org.ompdexplorer.model.RecordsLost;
import org.ompdexplorer.model.RuntimeInfo;
import tools.jackson.core.JsonGenerator;

/**
 * Writes the sections before the entities: {@code capture}, {@code runtime}, an element of {@code addressSpaces}
 * and of {@code icvs}, each in the field order docs/snapshot-format.md lists. The writing counterpart of
 * {@link HeaderReader}.
 */
final class HeaderWriter {
    private final JsonGenerator g;
    private final ValueWriter values;
    private final DeviceWriter devices;

    HeaderWriter(JsonGenerator generator, ValueWriter values, DeviceWriter devices) {
        this.g = generator;
        this.values = values;
        this.devices = devices;
    }

    void capture(CaptureInfo c) {
        g.writeObjectPropertyStart("capture");
        g.writeStringProperty("source", c.source().name());
        values.optional("program", c.program());
        if (c.pid() != null) {
            g.writeNumberProperty("pid", c.pid());
        }
        values.optional("host", c.host());
        values.optional("time", c.time() == null ? null : c.time().toString());
        values.optional("label", c.label());
        values.optional("description", c.description());
        values.optional("producer", c.producer());
        if (!c.lost().isEmpty()) {
            g.writeArrayPropertyStart("lost");
            for (RecordsLost l : c.lost()) {
                g.writeStartObject();
                g.writeStringProperty("what", l.what());
                g.writeNumberProperty("count", l.count());
                values.optional("bound", l.bound());
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
            values.optional("id", j.jobId());
            values.optional("launcher", j.launcher());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    void runtime(RuntimeInfo r) {
        g.writeObjectPropertyStart("runtime");
        values.fact("ompVersion", r.ompVersion(), g::writeNumber);
        values.fact("ompVersionString", r.ompVersionString(), g::writeString);
        values.fact("ompdApiVersion", r.ompdApiVersion(), g::writeNumber);
        values.fact("ompdVersionString", r.ompdVersionString(), g::writeString);
        g.writeEndObject();
    }

    void addressSpace(AddressSpace a) {
        g.writeStartObject();
        g.writeNumberProperty("id", a.id().value());
        if (a.parent() != null) {
            g.writeNumberProperty("parent", a.parent().value());
        }
        if (a.deviceKind() != null) {
            g.writeName("deviceKind");
            values.unsigned(a.deviceKind());
        }
        values.optional("deviceId", a.deviceId());
        values.icvValues(a.icvs());
        devices.offload(a.offload());
        devices.device(a.device());
        g.writeEndObject();
    }

    void icvDefinition(IcvDefinition d) {
        g.writeStartObject();
        g.writeNumberProperty("id", d.id().value());
        g.writeStringProperty("name", d.name());
        g.writeStringProperty("scope", d.scope().name());
        if (!d.ompName().equals(Omp52IcvNames.of(d.name()))) {
            g.writeStringProperty("ompName", d.ompName());
        }
        g.writeEndObject();
    }
}
