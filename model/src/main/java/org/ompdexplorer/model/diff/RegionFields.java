package org.ompdexplorer.model.diff;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ToolData;

/** The fields of a matched pair of parallel regions; team members compared by thread number. */
final class RegionFields {
    private final Links links;
    private final IcvFields icvs;

    RegionFields(Links links, IcvFields icvs) {
        this.links = links;
        this.icvs = icvs;
    }

    List<FieldChange> compare(ParallelRegion a, ParallelRegion b) {
        Changes out = new Changes();
        links.region(out, DiffField.ENCLOSING_REGION, a.enclosingRegion(), b.enclosingRegion());
        out.fact(DiffField.TEAM_SIZE, a.teamSize(), b.teamSize(), String::valueOf);
        out.fact(DiffField.LEVEL, a.level(), b.level(), String::valueOf);
        out.fact(DiffField.ACTIVE_LEVEL, a.activeLevel(), b.activeLevel(), String::valueOf);
        links.task(out, DiffField.ENCOUNTERING_TASK, a.encounteringTask(), b.encounteringTask());
        out.code(DiffField.CREATION_SITE, a.creationSite(), b.creationSite());
        members(out, a.members(), b.members());
        out.fact(DiffField.TOOL_DATA, a.toolData(), b.toolData(), ToolData::toString);
        icvs.compare(out, a.icvs(), b.icvs());
        return out.list();
    }

    private void members(Changes out, List<TeamMember> a, List<TeamMember> b) {
        Map<Integer, TeamMember> byNumA = byNumber(a);
        Map<Integer, TeamMember> byNumB = byNumber(b);
        Set<Integer> all = new LinkedHashSet<>(byNumA.keySet());
        all.addAll(byNumB.keySet());
        for (int num : all) {
            TeamMember ma = byNumA.get(num);
            TeamMember mb = byNumB.get(num);
            String which = "thread number " + num;
            links.thread(out, DiffField.MEMBER, which + " thread", ma == null ? Fact.absent() : ma.thread(),
                    mb == null ? Fact.absent() : mb.thread());
            links.task(out, DiffField.MEMBER, which + " implicit task", ma == null ? Fact.absent() : ma.implicitTask(),
                    mb == null ? Fact.absent() : mb.implicitTask());
        }
    }

    private static Map<Integer, TeamMember> byNumber(List<TeamMember> members) {
        Map<Integer, TeamMember> result = new LinkedHashMap<>();
        for (TeamMember m : members) {
            result.putIfAbsent(m.threadNum(), m);
        }
        return result;
    }
}
