package org.ompdexplorer.model;

import java.util.List;

/**
 * What is known of a process's offload runtime.
 *
 * @param runtime       the offload runtime's file ({@code libomptarget.so…}), or {@code null} when none was loaded
 *                      or the source does not say
 * @param deviceCount   the number of devices ({@code omp_get_num_devices()}); unavailable with the reason when
 *                      the source cannot tell
 * @param initialDevice the host's device number in target constructs ({@code omp_get_initial_device()}), or
 *                      {@code null}
 * @param imageTriples  the targets the program was built for (its {@code .llvm.offloading} images)
 */
public record OffloadInfo(String runtime, Fact<Integer> deviceCount, Integer initialDevice,
                          List<String> imageTriples) {
    public OffloadInfo {
        if (deviceCount == null) {
            deviceCount = Fact.absent();
        }
        imageTriples = List.copyOf(imageTriples);
    }
}
