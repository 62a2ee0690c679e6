package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.declares;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.parse;
import static org.ompdexplorer.importers.testfixtures.JsonSchemaPaths.paths;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/** Every property the diff report writes is declared in the bundled diff schema, at the same place. */
class DiffSchemaConsistencyTest {
    static final Snapshot A = withCapture(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 300, 3)),
            "/bin/synthetic", 41L, "before");

    /**
     * A with every kind of difference: evolved, renumbered, a thread still waiting, another switched task, an ICV,
     * and a queued task whose body moved (a rebuilt program: matched by structure, not by its function).
     */
    static Snapshot changedB(Snapshot a) {
        long moved = a.tasks().stream().filter(t -> t.lifecycle().orElse(null) == TaskLifecycle.QUEUED)
                .mapToLong(t -> t.id().value()).max().orElseThrow();
        Snapshot b = SnapshotEdits.renumbered(SnapshotEdits.mapTasks(SnapshotEdits.evolved(a, 0.05, 11),
                t -> t.id().value() != moved ? t : new Task(t.id(), t.kind(), t.generatingTask(), t.schedulingTask(),
                        t.parallelRegion(), t.thread(), t.threadNum(), Fact.of(CodeLocation.at(0x777000)),
                        Fact.of(CodeLocation.at(0x777030)), t.frames(), t.toolData(), t.icvs(), t.agent())), 1000);
        List<OmpThread> threads = new ArrayList<>(b.threads());
        OmpThread t0 = threads.get(0);
        OmpThread t1 = threads.get(1);
        threads.set(1, new OmpThread(t1.id(), t1.addressSpace(), t1.osIds(), t1.kind(), t1.state(), t1.waitId(),
                t0.currentTask(), t1.currentRegion(), t1.toolData(), t1.icvs()));
        AddressSpace space = b.addressSpaces().getFirst();
        List<IcvValue> icvs = new ArrayList<>(space.icvs());
        icvs.set(0, IcvValue.ofInteger(icvs.getFirst().icv(), 99));
        return new Snapshot(b.capture(), b.runtime(), List.of(AddressSpace.process(space.id(), icvs)), b.states(),
                b.icvCatalogue(), b.displayControlVars(), threads, b.parallelRegions(), b.tasks());
    }

    static Snapshot waiting(Snapshot s) {
        List<OmpThread> threads = new ArrayList<>(s.threads());
        OmpThread t = threads.getFirst();
        threads.set(0, new OmpThread(t.id(), t.addressSpace(), t.osIds(), t.kind(), Fact.of(ThreadState.ofValue(0x11)),
                Fact.of(0xabcL), t.currentTask(), t.currentRegion(), t.toolData(), t.icvs()));
        return new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), threads, s.parallelRegions(), s.tasks());
    }

    static Snapshot withCapture(Snapshot s, String program, Long pid, String label) {
        CaptureInfo c = s.capture();
        return new Snapshot(new CaptureInfo(c.source(), program, pid, "host", Instant.parse("2026-01-02T03:04:05Z"),
                label, null, null), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), s.tasks());
    }

    static byte[] json(SnapshotDiff diff, int max, boolean changesOnly) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new DiffJsonWriter(max, changesOnly).write(diff, "a.json", "b.json", diff.warnings(), out);
        return out.toByteArray();
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyWrittenPropertyIsInTheDiffSchema() {
        Map<String, Object> schema = (Map<String, Object>) parse(BundledResources.openDiffSchema());
        Snapshot a = waiting(A);
        Snapshot other = withCapture(changedB(a), "other-program", 42L, "after");
        SnapshotDiff diff = SnapshotDiff.of(a, other);
        assertThat(diff.stillBlocked()).isNotEmpty();
        assertThat(diff.warnings()).hasSize(2);
        TreeSet<String> written = new TreeSet<>();
        paths(parse(json(diff, 0, false)), "", written);
        paths(parse(json(SnapshotDiff.of(a, a), 5, true)), "", written);

        assertThat(written).contains(".entities[].labelB", ".entities[].changes[].qualifier",
                ".entities[].changes[].beforeRef.id", ".stillBlocked[].labelB", ".a.pid", ".counts.task.matchedBy.structure",
                ".warnings", ".aggregates[].delta");
        assertThat(written.stream().filter(p -> !declares(schema, schema, p)).toList()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void limitsAreCountedAndTheSameDiffGivesTheSameBytes() {
        SnapshotDiff diff = SnapshotDiff.of(A, SnapshotEdits.evolved(A, 0.05, 2));
        byte[] bounded = json(diff, 3, false);
        assertThat(bounded).isEqualTo(json(SnapshotDiff.of(A, SnapshotEdits.evolved(A, 0.05, 2)), 3, false));
        Map<String, Object> report = (Map<String, Object>) parse(bounded);
        assertThat((List<Object>) report.get("entities")).hasSize(3);
        assertThat(report.get("entitiesOmitted")).isEqualTo(String.valueOf(diff.entries().size() - 3));
        assertThat(report.get("differ")).isEqualTo("true");
        Map<String, Object> onlyChanges = (Map<String, Object>) parse(json(diff, 0, true));
        assertThat((List<Map<String, Object>>) onlyChanges.get("aggregates")).isNotEmpty()
                .allSatisfy(row -> assertThat(row.get("delta")).isNotEqualTo("0"));
        assertThat(new String(bounded, StandardCharsets.UTF_8)).doesNotContain("null");
    }

    @Test
    void textThatCouldDriveATerminalIsEscapedAndTheJsonStaysLossless() {
        String label = "evil \u001b]0;title\u0007 \u009b31m \u202e reversed \u007f";
        Snapshot a = withCapture(A, "/bin/synthetic", 41L, label);
        String text = new String(json(SnapshotDiff.of(a, a), 0, false), StandardCharsets.UTF_8);
        assertThat(text.chars()).noneMatch(c -> (c < 0x20 && c != '\n') || (c >= 0x7f && c <= 0x9f) || c == 0x202e);
        assertThat(text).contains("\\u001B").contains("\\u009B").contains("\\u202E").contains("\\u007F");
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> report = (Map<String, Map<String, Object>>) parse(text.getBytes(StandardCharsets.UTF_8));
        assertThat(report.get("a").get("label")).isEqualTo(label);
    }
}
