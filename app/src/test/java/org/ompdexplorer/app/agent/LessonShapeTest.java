package org.ompdexplorer.app.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;

/**
 * A lesson's shape is the same whichever thread entered its {@code single} construct (the lesson programs do not
 * fix which), and still tells a different structure apart. The bundled task-backlog step 1, where thread 0's
 * implicit task creates the backlog, is renumbered as if thread 1's had: the implicit tasks' thread numbers and
 * their {@code thread-num-var} swapped.
 */
class LessonShapeTest {
    private static final Path STEP = AgentRun.REPO
            .resolve("resources/src/main/resources/org/ompdexplorer/resources/lessons/task-backlog/step-01.json");

    @Test
    void theOtherThreadEnteringTheSingleConstructHasTheSameShape() throws Exception {
        Snapshot bundled = load();
        IcvId threadNum = bundled.icvCatalogue().stream().filter(d -> d.name().equals("thread-num-var"))
                .map(IcvDefinition::id).findFirst().orElseThrow();
        Snapshot swapped = withTasks(bundled, t -> t.kind().equals(TaskKind.IMPLICIT) ? renumbered(t, threadNum) : t);

        assertThat(swapped.tasks()).filteredOn(t -> t.kind().equals(TaskKind.IMPLICIT))
                .extracting(t -> t.threadNum().orElse(-1)).containsExactly(1, 0);
        assertThat(LessonShape.of(swapped).toString()).isEqualTo(LessonShape.of(bundled).toString());
    }

    @Test
    void aTaskGeneratedElsewhereIsAnotherShape() throws Exception {
        Snapshot bundled = load();
        Task implicit1 = bundled.tasks().stream().filter(t -> t.threadNum().equals(Fact.of(1))
                && t.kind().equals(TaskKind.IMPLICIT)).findFirst().orElseThrow();
        Snapshot changed = withTasks(bundled, t -> t.agentFacts().map(f -> f.creationOrder() == 5).orElse(false)
                ? copy(t, t.threadNum(), t.icvs(), Fact.of(implicit1.id())) : t);

        assertThat(LessonShape.of(changed).toString()).isNotEqualTo(LessonShape.of(bundled).toString());
    }

    private static Task renumbered(Task t, IcvId threadNum) {
        int n = t.threadNum().orElse(-1);
        List<IcvValue> icvs = t.icvs().stream()
                .map(v -> v.icv().equals(threadNum) ? IcvValue.ofInteger(v.icv(), 1 - n) : v).toList();
        return copy(t, Fact.of(1 - n), icvs, t.generatingTask());
    }

    private static Task copy(Task t, Fact<Integer> threadNum, List<IcvValue> icvs,
                             Fact<org.ompdexplorer.model.TaskId> generating) {
        return new Task(t.id(), t.kind(), generating, t.schedulingTask(), t.parallelRegion(), t.thread(), threadNum,
                t.function(), t.creationSite(), t.frames(), t.toolData(), icvs, t.agent());
    }

    private static Snapshot withTasks(Snapshot s, UnaryOperator<Task> change) {
        return new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), s.tasks().stream().map(change).toList(),
                s.targetRegions(), s.modules(), s.callStacks());
    }

    private static Snapshot load() throws Exception {
        return new SnapshotLoader().load(STEP, LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
    }
}
