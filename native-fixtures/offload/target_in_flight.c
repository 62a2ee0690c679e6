/*
 * Fixture: a target region in flight on an offload device.
 *
 * Built with -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu (libomptarget's host plugin: 4 devices of type
 * generic-64bit on this machine, the host being device 4). The initial thread maps x to the default device
 * (0) and enters a target region, where the region's body holds at the fixture's known point: the core shows
 * the host thread waiting on the target region, libomptarget loaded, and the executable's device image.
 *
 * The body runs on the host CPU (the device image is a shared object libomptarget loaded), so it can print
 * READY and sleep like every fixture.
 */
/* The known point runs in the target region: its code and its counter must exist in the device image too. */
#pragma omp declare target
#include "../fixture.h"
#pragma omp end declare target

#include <omp.h>

int main(void) {
    int x = 1;
    int devices = omp_get_num_devices();
    if (devices < 1) {
        fprintf(stderr, "target_in_flight: no offload device (is libomptarget on LD_LIBRARY_PATH?)\n");
        return 2;
    }
    fprintf(stderr, "target_in_flight: %d devices, initial device %d\n", devices, omp_get_initial_device());
#pragma omp target map(tofrom : x)
    {
        x += 1;
        fixture_known_point(1, "target region");
    }
    return x == 2 ? 0 : 1;
}
