package org.ompdexplorer.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** Issue 23, item 8: a file never differs from itself, whatever keys it repeats; an OS id that changed is a change. */
class DuplicateKeysDiffTest {
    static final Snapshot A = SyntheticSnapshotGenerator.generate(new GeneratorSpec(3, 2, 40, 7));

    /** Every two tasks share one creation order: 1, 1, 2, 2, … */
    static Snapshot sharedCreationOrders(Snapshot s) {
        return SnapshotEdits.mapTasks(s, t -> {
            AgentFacts a = t.agent();
            return new Task(t.id(), t.kind(), t.generatingTask(), t.schedulingTask(), t.parallelRegion(), t.thread(),
                    t.threadNum(), t.function(), t.creationSite(), t.frames(), t.toolData(), t.icvs(),
                    new AgentFacts(a.lifecycle(), a.flags(), a.priority(), a.dependences(), a.dependsOn(),
                            (a.creationOrder() + 1) / 2));
        });
    }

    @Test
    void aSnapshotWhoseTasksShareCreationOrdersDoesNotDifferFromItselfNorFromACopy() {
        Snapshot x = sharedCreationOrders(A);
        for (Snapshot other : List.of(x, SnapshotEdits.renumbered(x, 1000), sharedCreationOrders(A))) {
            SnapshotDiff d = SnapshotDiff.of(x, other);
            assertThat(d.entries()).isEmpty();
            assertThat(d.hasDifferences()).isFalse();
            assertThat(d.counts(EntityKind.TASK).matched()).isEqualTo(x.tasks().size());
        }
    }

    @Test
    void theValidatorFlagsTasksThatShareACreationOrder() {
        List<Diagnostic> found = SnapshotValidator.validate(sharedCreationOrders(A));
        assertThat(found).filteredOn(d -> d.code().equals("duplicate-creation-order"))
                .hasSizeGreaterThanOrEqualTo(A.tasks().size() / 2 - 1)
                .allSatisfy(d -> assertThat(d.isError()).isTrue())
                .first().satisfies(d -> assertThat(d.format()).contains("creationOrder").contains("creation order"));
        assertThat(SnapshotValidator.validate(A)).noneMatch(d -> d.code().equals("duplicate-creation-order"));
    }

    @Test
    void aThreadWhoseOsIdChangedIsReportedChanged() {
        List<OmpThread> threads = new ArrayList<>(A.threads());
        OmpThread t = threads.get(1);
        List<OsThreadId> ids = new ArrayList<>();
        for (OsThreadId id : t.osIds()) {
            ids.add(id.kind().equals(OsThreadIdKind.LWP) ? new OsThreadId(id.kind(), id.value() + 5000) : id);
        }
        threads.set(1, new OmpThread(t.id(), t.addressSpace(), ids, t.kind(), t.state(), t.waitId(), t.currentTask(),
                t.currentRegion(), t.toolData(), t.icvs()));
        Snapshot b = new Snapshot(A.capture(), A.runtime(), A.addressSpaces(), A.states(), A.icvCatalogue(),
                A.displayControlVars(), threads, A.parallelRegions(), A.tasks());
        SnapshotDiff d = SnapshotDiff.of(A, b);
        assertThat(d.hasDifferences()).isTrue();
        assertThat(d.counts(EntityKind.THREAD).changed()).isEqualTo(1);
        assertThat(d.entries()).singleElement().satisfies(e -> assertThat(e.changes())
                .anySatisfy(c -> assertThat(c.toString()).startsWith("OS id lwp: ")));
    }
}
