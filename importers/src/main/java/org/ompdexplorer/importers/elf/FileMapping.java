package org.ompdexplorer.importers.elf;

/**
 * One file-backed mapping of the process, from the {@code NT_FILE} note.
 *
 * @param start      first address
 * @param end        address past the last byte
 * @param fileOffset byte offset in the file that {@code start} maps
 * @param path       the file's path as the process saw it (the kernel appends " (deleted)" to
 *                   files removed since)
 */
public record FileMapping(long start, long end, long fileOffset, String path) {
    private static final String DELETED = " (deleted)";

    /** Whether {@code address} falls in {@code [start, end)}. */
    public boolean contains(long address) {
        return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
    }

    /** The path without the kernel's " (deleted)" suffix. */
    public String filePath() {
        return path.endsWith(DELETED) ? path.substring(0, path.length() - DELETED.length()) : path;
    }

    /** Size of the mapping in bytes. */
    public long size() {
        return end - start;
    }
}
