package org.ompdexplorer.model.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.model.DetachWaitSnapshots;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.SnapshotEdits;

/**
 * The explanation engine, one text golden per situation the bundled lessons lack (the lessons' own are in the
 * importers' tests, which can read them). Update with {@code -Dgolden.update=true} and read the diff.
 */
class ExplainGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/explain");

    private static Arguments of(String situation, Snapshot s, EntityKind kind, long id) {
        return Arguments.of(situation, s, (Function<Explainer, List<Sentence>>) x -> x.explain(new EntityRef(kind, id))
                .sentences());
    }

    private static Arguments icv(String situation, Snapshot s, IcvValue value, EntityRef holder) {
        return Arguments.of(situation, s, (Function<Explainer, List<Sentence>>) x -> x.explainIcv(value, holder));
    }

    static Stream<Arguments> situations() {
        Snapshot taskwait = ExplainFixtures.waitingIn(0x20);
        Snapshot taskgroup = ExplainFixtures.waitingIn(0x21);
        Snapshot deps = ExplainFixtures.dependences();
        Snapshot core = SnapshotEdits.withoutAgentFacts(taskwait);
        Snapshot noState = withUnknownStates(core);
        Snapshot detach = DetachWaitSnapshots.a();
        return Stream.of(
                of("waiting-at-taskwait-for-detached", detach, EntityKind.TASK, 2),
                of("waiting-at-barrier-for-team", detach, EntityKind.TASK, 3),
                of("detached-task", detach, EntityKind.TASK, 4),
                of("core-waiting-at-taskwait", DetachWaitSnapshots.core(), EntityKind.TASK, 2),
                of("suspended-in-taskwait", taskwait, EntityKind.TASK, 5),
                of("thread-in-taskwait", taskwait, EntityKind.THREAD, 1),
                of("suspended-in-taskgroup", taskgroup, EntityKind.TASK, 5),
                of("thread-in-taskgroup", taskgroup, EntityKind.THREAD, 1),
                of("suspended-in-barrier", taskwait, EntityKind.TASK, 4),
                of("thread-in-barrier", taskwait, EntityKind.THREAD, 4),
                of("thread-idle", taskwait, EntityKind.THREAD, 3),
                of("completed-task", taskwait, EntityKind.TASK, 8),
                of("run-later-by-its-creator", ExplainFixtures.creatorRanItLater(), EntityKind.TASK, 9),
                of("blocked-out-after-in", deps, EntityKind.TASK, 10),
                of("blocked-in-after-out", deps, EntityKind.TASK, 11),
                of("queued-dependences-met", deps, EntityKind.TASK, 6),
                of("core-current-task", core, EntityKind.TASK, 5),
                of("core-suspended-task", core, EntityKind.TASK, 2),
                of("core-queued-task", core, EntityKind.TASK, 6),
                of("core-thread-without-state", noState, EntityKind.THREAD, 1),
                of("device", taskwait, EntityKind.ADDRESS_SPACE, 1),
                of("not-in-snapshot", taskwait, EntityKind.TASK, 99),
                icv("icv-thread-scope", taskwait, IcvValue.ofInteger(ExplainFixtures.NTHREADS, 3),
                        new EntityRef(EntityKind.THREAD, 2)),
                icv("icv-team-scope", taskwait, IcvValue.ofInteger(ExplainFixtures.TEAM_SIZE, 3),
                        new EntityRef(EntityKind.PARALLEL_REGION, 2)),
                icv("icv-implicit-task-scope", taskwait, IcvValue.ofInteger(ExplainFixtures.THREAD_NUM, 2),
                        new EntityRef(EntityKind.TASK, 4)),
                icv("icv-address-space-unavailable", taskwait, new IcvValue(ExplainFixtures.NUM_PROCS,
                        Fact.unavailable(ReturnCode.UNAVAILABLE, "read failed"), Fact.absent()),
                        new EntityRef(EntityKind.ADDRESS_SPACE, 0)));
    }

    private static Snapshot withUnknownStates(Snapshot s) {
        List<OmpThread> threads = s.threads().stream().map(t -> new OmpThread(t.id(), t.addressSpace(), t.osIds(),
                t.kind(), Fact.unavailable(ReturnCode.of("needs_state_tracking"), "ompd_get_state"), Fact.absent(),
                t.currentTask(), t.currentRegion(), t.toolData(), t.icvs())).toList();
        return new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), threads, s.parallelRegions(), s.tasks());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("situations")
    void matchesItsGolden(String situation, Snapshot snapshot, Function<Explainer, List<Sentence>> explain)
            throws IOException {
        List<Sentence> sentences = explain.apply(new Explainer(snapshot));
        assertThat(sentences).isNotEmpty();
        for (Sentence s : sentences) {
            for (EntityRef r : s.mentions()) {
                assertThat(r.kind() == EntityKind.ADDRESS_SPACE ? snapshot.index().addressSpace(
                        new org.ompdexplorer.model.AddressSpaceId(r.id())).isPresent()
                        : snapshot.index().position(r) >= 0 || situation.equals("not-in-snapshot"))
                        .as("%s mentions %s, which the snapshot holds", situation, r).isTrue();
            }
        }
        String text = "# " + situation + "\n" + new Explanation(EntityRef.SNAPSHOT, sentences).asText();
        Path golden = GOLDEN.resolve(situation + ".txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, text);
        }
        assertThat(text).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}
