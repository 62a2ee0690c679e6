package org.ompdexplorer.model;

import java.util.List;
import java.util.Optional;

/**
 * A native thread of the program as OpenMP sees it ({@code ompd_get_thread_handle} and the thread calls).
 * A thread that is not an OpenMP thread has kind {@link ThreadKind#OTHER} and unavailable OpenMP facts.
 *
 * @param addressSpace  the address space it runs in, or {@code null} when the source does not say
 * @param osIds         its operating-system ids ({@code ompd_get_thread_id}; the LWP from the core)
 * @param kind          {@code ompt_thread_t}, when the source knows it
 * @param state         {@code ompd_get_state}
 * @param waitId        the wait id of a thread in a wait state
 * @param currentTask   {@code ompd_get_curr_task_handle}
 * @param currentRegion {@code ompd_get_curr_parallel_handle}
 * @param toolData      {@code ompd_get_tool_data} at thread scope
 * @param icvs          ICV values at thread scope
 * @param syncRegion    (format 1.4) the innermost sync region the thread is inside, absent when none or the source
 *                      does not say (a core: OMPD has no such call)
 */
public record OmpThread(ThreadId id, AddressSpaceId addressSpace, List<OsThreadId> osIds, Fact<ThreadKind> kind,
                        Fact<ThreadState> state, Fact<Long> waitId, Fact<TaskId> currentTask,
                        Fact<RegionId> currentRegion, Fact<ToolData> toolData, List<IcvValue> icvs,
                        Fact<SyncRegion> syncRegion) {
    public OmpThread {
        osIds = List.copyOf(osIds);
        icvs = List.copyOf(icvs);
        java.util.Objects.requireNonNull(syncRegion, "syncRegion");
    }

    /** A thread without a sync region: what a source that does not follow them (a core, before 1.4) gives. */
    public OmpThread(ThreadId id, AddressSpaceId addressSpace, List<OsThreadId> osIds, Fact<ThreadKind> kind,
                     Fact<ThreadState> state, Fact<Long> waitId, Fact<TaskId> currentTask,
                     Fact<RegionId> currentRegion, Fact<ToolData> toolData, List<IcvValue> icvs) {
        this(id, addressSpace, osIds, kind, state, waitId, currentTask, currentRegion, toolData, icvs, Fact.absent());
    }

    /** This thread with another sync region (its site symbolized, say). */
    public OmpThread withSyncRegion(Fact<SyncRegion> newSyncRegion) {
        return new OmpThread(id, addressSpace, osIds, kind, state, waitId, currentTask, currentRegion, toolData, icvs,
                newSyncRegion);
    }

    /** The id of the given kind, if the thread has one. */
    public Optional<Long> osId(OsThreadIdKind idKind) {
        for (OsThreadId osId : osIds) {
            if (osId.kind().equals(idKind)) {
                return Optional.of(osId.value());
            }
        }
        return Optional.empty();
    }

    public boolean isOpenMpThread() {
        return !kind.orElse(ThreadKind.UNKNOWN).equals(ThreadKind.OTHER);
    }
}
