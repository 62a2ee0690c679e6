package org.ompdexplorer.importers.json;

import java.util.List;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Transfers;
import tools.jackson.core.JsonGenerator;

/**
 * Writes the format 1.1 offload fields in the order docs/snapshot-format.md lists: a process's {@code offload},
 * a device's number, type, OMPD handle, images, mappings and transfers, and {@code targetRegions}. What a
 * snapshot of format 1.0 does not have is left out, so it is written as before.
 */
final class DeviceWriter {
    private final JsonGenerator g;
    private final ValueWriter values;

    DeviceWriter(JsonGenerator generator, ValueWriter values) {
        this.g = generator;
        this.values = values;
    }

    void offload(OffloadInfo o) {
        if (o == null) {
            return;
        }
        g.writeObjectPropertyStart("offload");
        if (o.runtime() != null) {
            g.writeStringProperty("runtime", o.runtime());
        }
        values.fact("deviceCount", o.deviceCount(), g::writeNumber);
        if (o.initialDevice() != null) {
            g.writeNumberProperty("initialDevice", o.initialDevice());
        }
        if (!o.imageTriples().isEmpty()) {
            g.writeArrayPropertyStart("imageTriples");
            o.imageTriples().forEach(g::writeString);
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    void device(DeviceInfo d) {
        if (d == null) {
            return;
        }
        if (d.deviceNum() != null) {
            g.writeNumberProperty("deviceNum", d.deviceNum());
        }
        if (d.type() != null) {
            g.writeStringProperty("deviceType", d.type());
        }
        values.fact("ompdHandle", d.ompdHandle(), g::writeBoolean);
        if (!d.images().isEmpty()) {
            g.writeArrayPropertyStart("images");
            d.images().forEach(this::image);
            g.writeEndArray();
        }
        if (!d.mappings().isEmpty()) {
            g.writeArrayPropertyStart("mappings");
            d.mappings().forEach(this::mapping);
            g.writeEndArray();
        }
        if (d.transfers() != null) {
            transfers(d.transfers());
        }
    }

    private void image(DeviceImage i) {
        g.writeStartObject();
        if (i.file() != null) {
            g.writeStringProperty("file", i.file());
        }
        g.writeNumberProperty("offsetInFile", i.offsetInFile());
        g.writeStringProperty("vmaInFile", Address.hex(i.vmaInFile()));
        g.writeName("bytes");
        values.unsigned(i.bytes());
        g.writeStringProperty("hostAddress", Address.hex(i.hostAddress()));
        g.writeStringProperty("deviceAddress", Address.hex(i.deviceAddress()));
        g.writeName("moduleId");
        values.unsigned(i.moduleId());
        g.writeEndObject();
    }

    private void mapping(Mapping m) {
        g.writeStartObject();
        g.writeStringProperty("hostAddress", Address.hex(m.hostAddress()));
        g.writeStringProperty("deviceAddress", Address.hex(m.deviceAddress()));
        g.writeName("bytes");
        values.unsigned(m.bytes());
        if (m.refCount() != 0) { // 0: the source does not count references
            g.writeNumberProperty("refCount", m.refCount());
        }
        if (m.mappedBy() != null) {
            g.writeNumberProperty("mappedBy", m.mappedBy().value());
        }
        if (!m.transfers().isEmpty()) {
            transfers(m.transfers());
        }
        g.writeEndObject();
    }

    private void transfers(Transfers t) {
        g.writeObjectPropertyStart("transfers");
        g.writeName("toDeviceBytes");
        values.unsigned(t.toDeviceBytes());
        g.writeNumberProperty("toDeviceOps", t.toDeviceOps());
        g.writeName("fromDeviceBytes");
        values.unsigned(t.fromDeviceBytes());
        g.writeNumberProperty("fromDeviceOps", t.fromDeviceOps());
        g.writeEndObject();
    }

    /** The {@code targetRegions} section; left out when there is none, as in format 1.0. */
    void targetRegions(List<TargetRegion> targets) {
        if (targets.isEmpty()) {
            return;
        }
        g.writeArrayPropertyStart("targetRegions");
        targets.forEach(this::targetRegion);
        g.writeEndArray();
    }

    private void targetRegion(TargetRegion t) {
        g.writeStartObject();
        g.writeNumberProperty("id", t.id().value());
        g.writeStringProperty("kind", t.kind().name());
        if (t.device() != null) {
            g.writeNumberProperty("device", t.device().value());
        }
        g.writeNumberProperty("deviceNum", t.deviceNum());
        g.writeBooleanProperty("inFlight", t.inFlight());
        values.fact("encounteringTask", t.encounteringTask(), id -> g.writeNumber(id.value()));
        values.fact("targetTask", t.targetTask(), id -> g.writeNumber(id.value()));
        values.fact("creationSite", t.creationSite(), values::code);
        if (!t.kernels().isEmpty()) {
            g.writeArrayPropertyStart("kernels");
            for (Kernel k : t.kernels()) {
                g.writeStartObject();
                g.writeNumberProperty("requestedTeams", k.requestedTeams());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (t.kernelsSubmitted() != 0) {
            g.writeNumberProperty("kernelsSubmitted", t.kernelsSubmitted());
        }
        if (!t.transfers().isEmpty()) {
            transfers(t.transfers());
        }
        g.writeEndObject();
    }
}
