package org.ompdexplorer.app.ui.details;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.explain.Sentence;

/** The Explain section of the details page: entity → sentences, each mention a link that resolves. */
class ExplainSectionTest {
    private final DetailsViewModel vm = new DetailsViewModel(new SameThreadBackgroundTasks());

    @BeforeEach
    void open() {
        vm.setSnapshot(TestSnapshots.handWritten());
    }

    private Section.Explain explain(Target target) {
        vm.show(target);
        DetailsPage page = vm.pageProperty().get();
        assertThat(page.sections().getFirst()).as("Explain comes first").isInstanceOf(Section.Explain.class);
        return (Section.Explain) page.section(DetailsPages.EXPLAIN_ID).orElseThrow();
    }

    @Test
    void aStolenTaskSaysWhyItsSchedulingTaskDiffersWithItsSections() {
        Section.Explain explain = explain(Target.of(new TaskId(5)));
        Sentence why = explain.sentences().stream().filter(s -> s.text().startsWith("Its scheduling task"))
                .findFirst().orElseThrow();
        assertThat(why.text()).contains("differs from its generating task").contains("stolen by another thread");
        assertThat(why.mentions()).contains(EntityRef.of(new TaskId(3)), EntityRef.of(new TaskId(4)),
                EntityRef.of(new ThreadId(1)));
        assertThat(why.sections()).extracting(s -> s.title()).contains("Task Scheduling");
        assertThat(why.sections()).allSatisfy(s -> assertThat(s.label()).startsWith("OpenMP 5."));
    }

    @Test
    void everyMentionOpensAPageOfTheSnapshot() {
        for (Target target : new Target[] {Target.of(new TaskId(5)), Target.of(new ThreadId(1)),
                Target.of(new RegionId(1))}) {
            for (Sentence s : explain(target).sentences()) {
                assertThat(s.sections()).as("cites the spec: " + s.text()).isNotEmpty();
                for (EntityRef ref : s.mentions()) {
                    vm.show(new Target.Entity(ref));
                    assertThat(vm.pageProperty().get().section("missing")).as(ref + " resolves").isEmpty();
                }
            }
        }
    }

    @Test
    void snapshotPagesHaveNoExplainAndTheTextCopiesTheSentences() {
        vm.show(Target.of(SnapshotPage.CAPTURE));
        assertThat(vm.pageProperty().get().section(DetailsPages.EXPLAIN_ID)).isEmpty();
        vm.show(Target.of(new ThreadId(1)));
        assertThat(vm.copyText()).contains("Explain").contains("Thread T1").contains("OpenMP 5.");
    }

    @Test
    void theFoldIsStateOfTheViewModel() {
        assertThat(vm.explainShownProperty().get()).isTrue();
        vm.explainShownProperty().set(false);
        assertThat(vm.explainShownProperty().get()).isFalse();
    }
}
