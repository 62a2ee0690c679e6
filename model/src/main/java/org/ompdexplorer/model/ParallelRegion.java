package org.ompdexplorer.model;

import java.util.List;

/**
 * A parallel region and its team ({@code ompd_parallel_handle_t}).
 *
 * @param addressSpace     the address space, or {@code null} when the source does not say
 * @param enclosingRegion  {@code ompd_get_enclosing_parallel_handle}; absent for an outermost region
 * @param teamSize         {@code ompd-team-size-var}
 * @param level            {@code levels-var} inside the region (1 for an outermost parallel region)
 * @param activeLevel      {@code active-levels-var} inside the region
 * @param members          each thread number with its thread and implicit task
 * @param encounteringTask the task that encountered the parallel construct
 * @param creationSite     where the construct is (OMPT {@code codeptr_ra})
 * @param toolData         {@code ompd_get_tool_data} at parallel scope
 * @param icvs             ICV values at parallel (team) scope
 */
public record ParallelRegion(RegionId id, AddressSpaceId addressSpace, Fact<RegionId> enclosingRegion,
                             Fact<Integer> teamSize, Fact<Integer> level, Fact<Integer> activeLevel,
                             List<TeamMember> members, Fact<TaskId> encounteringTask,
                             Fact<CodeLocation> creationSite, Fact<ToolData> toolData, List<IcvValue> icvs) {
    public ParallelRegion {
        members = List.copyOf(members);
        icvs = List.copyOf(icvs);
    }
}
