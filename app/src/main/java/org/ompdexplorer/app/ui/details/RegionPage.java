package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.IdentityKeys;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TeamMember;

/** The details of a parallel region: its team, the implicit task of each thread number, its nesting, its ICVs. */
final class RegionPage {
    private final Snapshot snapshot;
    private final SnapshotIndex index;

    RegionPage(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    DetailsPage of(ParallelRegion region) {
        List<Section> sections = new ArrayList<>();
        sections.add(new Rows()
                .add("id", "id", region.id())
                .add("level", "level (levels-var)", region.level())
                .add("activeLevel", "active level (active-levels-var)", region.activeLevel())
                .add("teamSize", "team size (ompd-team-size-var)", region.teamSize())
                .add("creationSite", "creation site", region.creationSite().isKnown()
                        ? Value.of(region.creationSite().get().display()) : Value.of(region.creationSite()))
                .add("identity", "identity across snapshots", new IdentityKeys(snapshot).of(region))
                .section("properties", "Parallel region"));
        TaskPage tasks = new TaskPage(snapshot);
        sections.add(new Rows()
                .add("enclosingRegion", "enclosing region", Value.link(region.enclosingRegion(), Target::of,
                        index.region(region.enclosingRegion()).isPresent()))
                .add("encounteringTask", "encountering task", tasks.taskLink(region.encounteringTask()))
                .add("addressSpace", "address space", index.addressSpace(region.addressSpace())
                        .map(s -> Value.link(Target.of(s.id()), EntityNames.title(s)))
                        .orElse(Value.of(region.addressSpace() + " (not in snapshot)")))
                .section("links", "Links"));
        sections.add(team(region, tasks));
        List<ParallelRegion> nested = index.nestedIn(region.id());
        if (!nested.isEmpty()) {
            sections.add(new Section.Table("nestedTable", "Nested regions", List.of("region", "team size", "level"),
                    nested.stream().map(r -> List.of(Value.link(Target.of(r.id())), Value.of(r.teamSize()),
                            Value.of(r.level()))).toList()));
        }
        IcvTables tables = new IcvTables(snapshot);
        IcvTables.Scope own = TaskPage.regionScope(region);
        List<IcvTables.Scope> chain = new ArrayList<>(List.of(own));
        index.addressSpace(region.addressSpace()).ifPresent(s -> chain.add(space(s)));
        sections.add(new Section.Icvs("icvs", "ICVs", tables.own(own), tables.effective(chain), tables.none()));
        sections.add(Rows.toolData(region.toolData()));
        return new DetailsPage(Target.of(region.id()), "parallel region",
                "parallel region " + EntityNames.region(region.id()),
                region.creationSite().isKnown() ? "in " + EntityNames.where(region.creationSite().get()) : "", sections);
    }

    static IcvTables.Scope space(AddressSpace s) {
        return new IcvTables.Scope(EntityNames.of(EntityRef.of(s.id())), IcvTables.SPACE_SCOPES, s.icvs());
    }

    /** Each thread number with its thread and implicit task ({@code ompd_get_thread_in_parallel}, …). */
    private Section team(ParallelRegion region, TaskPage tasks) {
        List<List<Value>> rows = new ArrayList<>();
        region.members().stream().sorted(Comparator.comparingInt(TeamMember::threadNum)).forEach(m -> rows.add(List.of(
                Value.of(m.threadNum()),
                Value.link(m.thread(), Target::of, index.thread(m.thread()).isPresent()),
                tasks.taskLink(m.implicitTask()))));
        return new Section.Table("teamTable", "Team: the implicit task of each thread number",
                List.of("thread num", "thread", "implicit task"), rows);
    }
}
