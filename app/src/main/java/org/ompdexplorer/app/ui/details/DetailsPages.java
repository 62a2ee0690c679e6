package org.ompdexplorer.app.ui.details;

import java.util.List;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.explain.Explainer;
import org.ompdexplorer.model.explain.Sentence;

/** Makes the details page of any target. Pure: safe to run off the FX thread. */
public final class DetailsPages {
    /** The id of the Explain section, and of its pane in the view. */
    public static final String EXPLAIN_ID = "explain";
    private DetailsPages() {
    }

    public static DetailsPage of(LoadedSnapshot loaded, Target target) {
        return switch (target) {
            case Target.Page p -> new SnapshotPages(loaded).of(p.page());
            case Target.Entity e -> entity(loaded, e.ref());
        };
    }

    private static DetailsPage entity(LoadedSnapshot loaded, EntityRef ref) {
        SnapshotIndex index = loaded.snapshot().index();
        DetailsPage page = switch (ref.kind()) {
            case TASK -> index.task(new TaskId(ref.id())).map(t -> new TaskPage(loaded.snapshot()).of(t)).orElse(null);
            case THREAD -> index.thread(new ThreadId(ref.id())).map(t -> new ThreadPage(loaded.snapshot()).of(t))
                    .orElse(null);
            case PARALLEL_REGION -> index.region(new RegionId(ref.id()))
                    .map(r -> new RegionPage(loaded.snapshot()).of(r)).orElse(null);
            case ADDRESS_SPACE -> index.addressSpace(new AddressSpaceId(ref.id()))
                    .map(s -> new SpacePage(loaded.snapshot()).of(s)).orElse(null);
            case TARGET_REGION -> index.targetRegion(new TargetRegionId(ref.id()))
                    .map(t -> new TargetPage(loaded.snapshot()).of(t)).orElse(null);
            case SNAPSHOT -> null;
        };
        if (page != null) {
            return withExplanation(page, new Explainer(loaded.snapshot()).explain(ref).sentences());
        }
        return new DetailsPage(new Target.Entity(ref), ref.kind().label(), EntityNames.of(ref),
                "", List.of(new Section.Note("missing", "Not in this snapshot",
                EntityNames.of(ref) + " is not in this snapshot: a link names it, or (in a recording) it is not "
                + "alive at this moment.")));
    }

    /** The page with the Explain section first: what a student reads before the raw facts. */
    private static DetailsPage withExplanation(DetailsPage page, List<Sentence> sentences) {
        List<Section> sections = new java.util.ArrayList<>();
        sections.add(new Section.Explain(EXPLAIN_ID, "Explain", sentences));
        sections.addAll(page.sections());
        return new DetailsPage(page.target(), page.kind(), page.title(), page.subtitle(), sections);
    }

    /** A page saying that making the real one failed: a bug, shown rather than swallowed. */
    static DetailsPage failed(Target target, Throwable error) {
        return new DetailsPage(target, "error", EntityNames.of(target), "", List.of(new Section.Note("error",
                "Could not show the details", error + " — please report this with the snapshot.")));
    }
}
