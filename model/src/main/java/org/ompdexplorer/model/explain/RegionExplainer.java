package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.EXECUTION_MODEL;
import static org.ompdexplorer.model.explain.SpecSections.ICV_DESCRIPTIONS;
import static org.ompdexplorer.model.explain.SpecSections.TASKING_TERMINOLOGY;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TeamMember;

/** A parallel region: its nesting level and active level, what encloses it, and its team. */
final class RegionExplainer {
    private final SnapshotIndex index;

    RegionExplainer(Snapshot snapshot) {
        this.index = snapshot.index();
    }

    List<Sentence> explain(ParallelRegion region) {
        List<Sentence> out = new ArrayList<>();
        out.add(nesting(region));
        out.add(team(region));
        List<ParallelRegion> nested = index.nestedIn(region.id());
        if (!nested.isEmpty()) {
            out.add(Sentence.builder().text("Regions nested in it: ").mentions(nested.stream()
                    .map(r -> EntityRef.of(r.id())).toList(), r -> "").text(".").cite(EXECUTION_MODEL).build());
        }
        return out;
    }

    private Sentence nesting(ParallelRegion region) {
        EntityRef self = EntityRef.of(region.id());
        Sentence.Builder b = Sentence.builder().mention(self);
        if (!region.level().isKnown()) {
            b.text(": the snapshot does not know its nesting level (" + region.level() + ")");
        } else if (region.level().get() == 0) {
            b.text(" is at nesting level 0 (levels-var): the implicit parallel region around the whole program,"
                    + " whose implicit task is the initial task");
        } else {
            b.text(" is at nesting level " + region.level().get() + " (levels-var): ");
            index.region(region.enclosingRegion()).ifPresentOrElse(
                    e -> b.text("it is nested in ").mention(EntityRef.of(e.id())),
                    () -> b.text("the snapshot holds no enclosing region"));
        }
        region.activeLevel().asOptional().ifPresent(a -> b.text(". Its active level is " + a + " (active-levels-var"
                + " counts only the regions, itself included, whose team has more than one thread)"));
        region.teamSize().asOptional().ifPresent(n -> b.text(n > 1 ? "; its own team of " + n + " threads makes it"
                + " an active region" : "; its team of one thread makes it an inactive region"));
        return b.text(".").cite(ICV_DESCRIPTIONS, EXECUTION_MODEL).build();
    }

    private Sentence team(ParallelRegion region) {
        Sentence.Builder b = Sentence.builder();
        index.task(region.encounteringTask()).ifPresentOrElse(
                t -> b.mention(EntityRef.of(t.id())).text(" encountered its parallel construct, which made a team"),
                () -> b.text("Its parallel construct made a team"));
        if (region.members().isEmpty()) {
            return b.text("; the snapshot does not list its members.").cite(EXECUTION_MODEL).build();
        }
        b.text(": ");
        List<TeamMember> members = region.members();
        for (int i = 0; i < members.size(); i++) {
            TeamMember m = members.get(i);
            b.text(i == 0 ? "" : "; ").text("thread number " + m.threadNum());
            index.thread(m.thread()).ifPresent(t -> b.text(" is ").mention(EntityRef.of(t.id())));
            index.task(m.implicitTask()).ifPresent(t -> b.text(", running ").mention(EntityRef.of(t.id())));
        }
        return b.text(". Each thread of the team runs one implicit task; thread number 0 is the primary thread.")
                .cite(EXECUTION_MODEL, TASKING_TERMINOLOGY).build();
    }
}
