package org.ompdexplorer.importers.json;

import static org.ompdexplorer.importers.json.ValueWriter.hex;

import java.util.List;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import tools.jackson.core.JsonGenerator;

/**
 * Writes a snapshot in the section order docs/snapshot-format.md lists; absent facts are left out. Each section's
 * elements are written by a collaborator ({@link HeaderWriter}, {@link TeamWriter}, {@link TaskWriter},
 * {@link DeviceWriter}); the module map, which collects code addresses from all of them, is written here.
 */
final class SnapshotWriter {
    private final JsonGenerator g;
    private final ValueWriter values;
    private final HeaderWriter header;
    private final TeamWriter teams;
    private final TaskWriter tasks;
    private final DeviceWriter devices;

    SnapshotWriter(JsonGenerator generator) {
        this.g = generator;
        this.values = new ValueWriter(generator);
        this.devices = new DeviceWriter(generator, values);
        this.header = new HeaderWriter(generator, values, devices);
        this.teams = new TeamWriter(generator, values);
        this.tasks = new TaskWriter(generator, values);
    }

    void write(Snapshot s) {
        g.writeStartObject();
        g.writeStringProperty("format", SnapshotFormat.NAME);
        g.writeStringProperty("version", SnapshotFormat.VERSION);
        header.capture(s.capture());
        header.runtime(s.runtime());
        g.writeArrayPropertyStart("addressSpaces");
        s.addressSpaces().forEach(header::addressSpace);
        g.writeEndArray();
        modules(s);
        g.writeArrayPropertyStart("states");
        s.states().forEach(values::state);
        g.writeEndArray();
        g.writeArrayPropertyStart("icvs");
        s.icvCatalogue().forEach(header::icvDefinition);
        g.writeEndArray();
        g.writeArrayPropertyStart("displayControlVars");
        for (DisplayControlVar v : s.displayControlVars()) {
            g.writeString(v.toString());
        }
        g.writeEndArray();
        g.writeArrayPropertyStart("threads");
        for (OmpThread t : s.threads()) {
            teams.thread(t, s.callStacks().isEmpty() ? null : s.index().callStack(t.id()).orElse(null));
        }
        g.writeEndArray();
        g.writeArrayPropertyStart("parallelRegions");
        s.parallelRegions().forEach(teams::region);
        g.writeEndArray();
        g.writeArrayPropertyStart("tasks");
        s.tasks().forEach(tasks::task);
        g.writeEndArray();
        devices.targetRegions(s.targetRegions());
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
            values.optional("buildId", m.buildId());
            g.writeStringProperty("loadBias", hex(m.loadBias()));
            g.writeStringProperty("start", hex(m.start()));
            g.writeStringProperty("end", hex(m.end()));
            if (m.fileSize() != null) {
                g.writeName("fileSize");
                values.unsigned(m.fileSize());
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
}
