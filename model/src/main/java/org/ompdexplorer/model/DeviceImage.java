package org.ompdexplorer.model;

/**
 * A code image loaded on a device: the arguments of OMPT {@code ompt_callback_device_load}.
 *
 * @param file          the file the image came from, or {@code null} when loaded from memory
 * @param offsetInFile  its offset in that file
 * @param vmaInFile     its virtual address in the file (unsigned; 0 when none)
 * @param bytes         its size (unsigned)
 * @param hostAddress   where the image is in host memory (unsigned; 0 when not known)
 * @param deviceAddress where it is loaded on the device (unsigned; 0 when not known)
 * @param moduleId      the module id OMPT gave (unsigned)
 */
public record DeviceImage(String file, long offsetInFile, long vmaInFile, long bytes, long hostAddress,
                          long deviceAddress, long moduleId) {
}
