package org.ompdexplorer.app.ui.details;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.AddressSpaceId;

/**
 * An agent capture has no runtime ICV catalogue (OMPT has no ompd_enumerate_icvs): its ICV pages say which ICVs the
 * agent recorded, of which scopes, rather than what the runtime's catalogue holds (issue 24 item 15).
 */
class AgentIcvPagesTest {
    private final DetailsViewModel details = new DetailsViewModel(new SameThreadBackgroundTasks());

    private DetailsPage show(Target target) {
        details.show(target);
        return details.pageProperty().get();
    }

    @Test
    void aProcessPageOfAnAgentCaptureSaysWhichIcvsTheAgentRecorded() {
        details.setSnapshot(TestSnapshots.lessonStep("target-offload", 1));
        Section.Icvs icvs = (Section.Icvs) show(Target.of(new AddressSpaceId(0))).section("icvs").orElseThrow();
        assertThat(icvs.own()).isEmpty();
        assertThat(icvs.none()).isEqualTo("The capture agent recorded no ICV of this scope: it records"
                + " team-size-var, levels-var and active-levels-var (parallel scope) and thread-num-var and max-active-levels-var (task scope).");
    }

    @Test
    void aRunningTaskOfTheNestedParallelLessonShowsMaxActiveLevelsVar() {
        details.setSnapshot(TestSnapshots.lessonStep("nested-parallel", 2));
        Section.Icvs icvs = (Section.Icvs) show(Target.of(new org.ompdexplorer.model.TaskId(4))).section("icvs")
                .orElseThrow();
        assertThat(icvs.own()).filteredOn(r -> r.name().equals("max-active-levels-var"))
                .singleElement().satisfies(r -> {
                    assertThat(r.scope()).isEqualTo("task");
                    assertThat(r.value().text()).isEqualTo("2");
                });
    }

    @Test
    void theIcvCataloguePageOfAnAgentCaptureIsNotTitledWithAnOmpdCall() {
        details.setSnapshot(TestSnapshots.lessonStep("target-offload", 1));
        DetailsPage page = show(Target.of(SnapshotPage.ICV_CATALOGUE));
        assertThat(page.subtitle()).doesNotContain("ompd_").isEqualTo("The ICVs the capture agent records");
    }

    @Test
    void anOmpdSourceStillNamesTheRuntimesCatalogue() {
        details.setSnapshot(TestSnapshots.withDevices());
        Section.Icvs icvs = (Section.Icvs) show(Target.of(new AddressSpaceId(0))).section("icvs").orElseThrow();
        assertThat(icvs.none()).isEqualTo("The runtime's ICV catalogue (ompd_enumerate_icvs) has no ICV of this scope.");
        assertThat(show(Target.of(SnapshotPage.ICV_CATALOGUE)).subtitle()).isEqualTo("ompd_enumerate_icvs");
    }
}
