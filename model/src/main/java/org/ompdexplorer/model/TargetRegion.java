package org.ompdexplorer.model;

import java.util.List;

/**
 * A target construct between its OMPT {@code target_emi} begin and end, or an ended one kept because data it
 * mapped is still present on its device.
 *
 * @param device           the device's address space, or {@code null} when it runs on the host or is not known
 * @param deviceNum        OMPT's {@code device_num}
 * @param inFlight         {@code true} between the construct's begin and end
 * @param encounteringTask the task that met the construct; while in flight, that task waits on it
 * @param targetTask       the target task of a {@code nowait} or {@code depend} construct
 * @param creationSite     where the construct is ({@code codeptr_ra})
 * @param kernels          kernels submitted and not finished
 * @param kernelsSubmitted kernels the construct has submitted so far
 * @param transfers        data the construct moved
 */
public record TargetRegion(TargetRegionId id, TargetKind kind, AddressSpaceId device, int deviceNum,
                           boolean inFlight, Fact<TaskId> encounteringTask, Fact<TaskId> targetTask,
                           Fact<CodeLocation> creationSite, List<Kernel> kernels, long kernelsSubmitted,
                           Transfers transfers) {
    public TargetRegion {
        kernels = List.copyOf(kernels);
        if (transfers == null) {
            transfers = Transfers.NONE;
        }
        if (encounteringTask == null) {
            encounteringTask = Fact.absent();
        }
        if (targetTask == null) {
            targetTask = Fact.absent();
        }
        if (creationSite == null) {
            creationSite = Fact.absent();
        }
    }
}
