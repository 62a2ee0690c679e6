package org.ompdexplorer.model;

import java.util.Optional;

/**
 * An executable or shared object of the process, as the capture agent saw it loaded (format 1.2, {@code modules}):
 * enough to find the same file later and to check that it is the same build, so that the snapshot's code
 * addresses can be symbolized when it is read.
 *
 * @param path     the file's path in the process ({@code /proc/self/exe} resolved for the executable)
 * @param buildId  its GNU build-id in lowercase hex, or {@code null} when it has none
 * @param loadBias what the loader added to the file's virtual addresses ({@code dlpi_addr}; 0 for a non-PIE
 *                 executable)
 * @param start    the lowest address of its loaded segments
 * @param end      the address past the highest byte of its loaded segments (unsigned, above {@code start})
 * @param fileSize the file's size when the snapshot was taken, or {@code null} when not known
 */
public record CodeModule(String path, String buildId, long loadBias, long start, long end, Long fileSize) {
    /** Whether {@code address} lies in {@code [start, end)}, unsigned. */
    public boolean contains(long address) {
        return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
    }

    public Optional<String> buildIdHex() {
        return Optional.ofNullable(buildId);
    }

    /** The file name: what follows the last '/'. */
    public String fileName() {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
