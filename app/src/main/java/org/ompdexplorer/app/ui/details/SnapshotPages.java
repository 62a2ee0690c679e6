package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.entity.UniformGaps;
import org.ompdexplorer.app.ui.search.SearchQuery;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** The snapshot-level pages: capture, runtime and OMPD versions, display control variables, states, ICVs, diagnostics. */
final class SnapshotPages {
    private static final Map<Long, String> OPENMP_VERSIONS = Map.of(200505L, "2.5", 200805L, "3.0", 201107L, "3.1",
            201307L, "4.0", 201511L, "4.5", 201811L, "5.0", 202011L, "5.1", 202111L, "5.2", 202411L, "6.0");

    private final LoadedSnapshot loaded;
    private final Snapshot snapshot;

    SnapshotPages(LoadedSnapshot loaded) {
        this.loaded = loaded;
        this.snapshot = loaded.snapshot();
    }

    DetailsPage of(SnapshotPage page) {
        List<Section> sections = switch (page) {
            case CAPTURE -> capture();
            case RUNTIME -> List.of(runtime(snapshot.runtime()));
            case DISPLAY_CONTROL_VARS -> List.of(new Section.Table("displayControlVarsTable", page.title(),
                    List.of("name", "value"), snapshot.displayControlVars().stream()
                    .map(v -> List.of(Value.of(v.name()), Value.of(v.value()))).toList()));
            case STATES -> List.of(states());
            case ICV_CATALOGUE -> List.of(new Section.Table("icvCatalogueTable", page.title(),
                    List.of("id", "runtime name", "OpenMP 5.2 name", "scope"), snapshot.icvCatalogue().stream()
                    .map(d -> List.of(Value.of(d.id()), Value.of(d.name()), Value.of(d.ompName()),
                            Value.of(d.scope().name()))).toList()));
            case DIAGNOSTICS -> List.of(diagnostics());
        };
        // OMPT has no ICV catalogue: an agent capture's is the ICVs the agent records
        String source = page == SnapshotPage.ICV_CATALOGUE
                && snapshot.capture().source().equals(org.ompdexplorer.model.CaptureSource.OMPT_AGENT)
                ? "The ICVs the capture agent records" : page.source();
        return new DetailsPage(Target.of(page), "snapshot", page.title(), source, sections);
    }

    private List<Section> capture() {
        CaptureInfo c = snapshot.capture();
        List<Section> sections = new ArrayList<>();
        if (c.description() != null && !c.description().isBlank()) {
            sections.add(new Section.Note("description", c.title().orElse("About this snapshot"), c.description()));
        }
        Rows rows = new Rows().add("input", "opened from", loaded.sourceName()).add("source", "source", c.source().name());
        optional(rows, "program", "program", c.program());
        optional(rows, "pid", "process id", c.pid());
        optional(rows, "host", "host", c.host());
        optional(rows, "time", "taken at", c.time());
        optional(rows, "label", "label", c.label());
        optional(rows, "producer", "written by", c.producer());
        // each count lists what it counts alone in the navigator
        rows.add("spaces", "address spaces", EntityNames.count(snapshot.addressSpaces().size()))
                .add("threads", "threads", count(snapshot.threads().size(), "kind:thread"))
                .add("regions", "parallel regions", count(snapshot.parallelRegions().size(), "kind:region"))
                .add("tasks", "tasks", count(snapshot.tasks().size(), "kind:task"));
        UniformGaps gaps = UniformGaps.of(snapshot.tasks());
        gaps.functionCode().ifPresent(code -> rows.add("taskFunctions", "task functions", new Value(
                "unavailable for every task (" + code + ")", null, true, gaps.functionDetail())));
        rows.add("diagnostics", "diagnostics", Value.link(Target.of(SnapshotPage.DIAGNOSTICS),
                EntityNames.count(loaded.diagnostics().size(), "diagnostic", "diagnostics")));
        sections.add(rows.section("properties", "Capture"));
        return sections;
    }

    private static Value count(int n, String query) {
        return n == 0 ? Value.of(0) : Value.filter(EntityNames.count(n), query);
    }

    private static void optional(Rows rows, String key, String name, Object value) {
        if (value != null) {
            rows.add(key, name, value);
        }
    }

    private static Section runtime(RuntimeInfo r) {
        Value omp = r.ompVersion() instanceof Fact.Known<Long>(Long v)
                ? Value.of(v + (OPENMP_VERSIONS.containsKey(v) ? " (OpenMP " + OPENMP_VERSIONS.get(v) + ")" : ""))
                : Value.of(r.ompVersion());
        return new Rows()
                .add("ompVersion", "OpenMP version (ompd_get_omp_version)", omp)
                .add("ompVersionString", "runtime version (ompd_get_omp_version_string)", r.ompVersionString())
                .add("ompdApiVersion", "OMPD API version (ompd_get_api_version)", r.ompdApiVersion())
                .add("ompdVersionString", "OMPD library (ompd_get_version_string)", r.ompdVersionString())
                .section("properties", "Runtime and OMPD");
    }

    private Section states() {
        Map<Long, Integer> threadsIn = new HashMap<>();
        for (OmpThread t : snapshot.threads()) {
            t.state().asOptional().ifPresent(s -> threadsIn.merge(s.value(), 1, Integer::sum));
        }
        List<List<Value>> rows = new ArrayList<>();
        for (ThreadState s : snapshot.states()) {
            int count = threadsIn.getOrDefault(s.value(), 0);
            // a count lists its threads alone in the navigator
            Value threads = (count == 0 ? Value.of(count)
                    : Value.filter(Integer.toString(count), SearchQuery.exactState(s))).orderedBy(count);
            rows.add(List.of(Value.of("0x" + Long.toHexString(s.value())), Value.of(s.name()),
                    Value.of(s.isWait() ? "wait" : ""), threads));
        }
        return new Section.Table("statesTable", "Thread states", List.of("value", "name", "kind", "threads in it"),
                rows);
    }

    private Section diagnostics() {
        List<Section.Entry> entries = new ArrayList<>();
        for (Diagnostic d : loaded.diagnostics()) {
            Value where = d.location().entityRef().filter(e -> e.kind() != EntityKind.SNAPSHOT)
                    .map(e -> Value.link(new Target.Entity(e), d.location().toString()))
                    .orElse(Value.of(d.location().toString()));
            entries.add(new Section.Entry(List.of(new Value(d.severity().label(), null, d.isError(), ""),
                    Value.of(d.code()), where), d.message(), d.fix()));
        }
        return new Section.Entries("diagnosticsList", entries.isEmpty() ? "No diagnostics: the input is consistent"
                : "Diagnostics", entries);
    }
}
