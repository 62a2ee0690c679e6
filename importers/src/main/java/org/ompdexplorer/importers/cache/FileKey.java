package org.ompdexplorer.importers.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What must be unchanged for a cached load of a file to stand for it: its real path, its identity on the file
 * system (device and inode), size, modification time, status-change time, and a SHA-256 of its first and last
 * 64 KiB. The modification time alone is not enough: {@code cp -p}, {@code rsync -t}, {@code tar x} and {@code touch
 * -d} put it back after an edit. The change time (ctime) cannot be set by a user: every write, {@code utimes},
 * {@code chmod} or link sets it to the clock, so an edit anywhere in the file, its time put back or not, is a miss.
 *
 * @param path          the file's real path (links resolved)
 * @param identity      the file system's key for it (device and inode), or "" where there is none
 * @param changedNanos  its status-change time (ctime), in nanoseconds
 * @param content       SHA-256 of the head and the tail, in hex
 */
public record FileKey(String path, String identity, long size, long modifiedNanos, long changedNanos,
                      String content) {
    static final int EDGE = 64 << 10;
    private static final String ATTRIBUTES = "unix:isRegularFile,size,lastModifiedTime,ctime,fileKey";

    /**
     * The key of a regular file as it is now; {@code null} for anything else (a FIFO, a device) and where the file
     * system gives no change time: without it, an edit whose time was put back would go unseen.
     */
    public static FileKey of(Path file) throws IOException {
        Path real = file.toRealPath();
        Map<String, Object> a;
        try {
            a = Files.readAttributes(real, ATTRIBUTES);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
        if (!Boolean.TRUE.equals(a.get("isRegularFile")) || !(a.get("size") instanceof Long size)
                || !(a.get("lastModifiedTime") instanceof FileTime modified)
                || !(a.get("ctime") instanceof FileTime changed)) {
            return null;
        }
        MessageDigest sha = sha256();
        try (FileChannel ch = FileChannel.open(real, StandardOpenOption.READ)) {
            digest(ch, 0, (int) Math.min(size, EDGE), sha);
            if (size > EDGE) {
                long from = Math.max(EDGE, size - EDGE);
                digest(ch, from, (int) (size - from), sha);
            }
            if (ch.size() != size) {
                return null; // growing as we look: not a file to cache
            }
        }
        Object identity = a.get("fileKey");
        return new FileKey(real.toString(), identity == null ? "" : identity.toString(), size,
                modified.to(TimeUnit.NANOSECONDS), changed.to(TimeUnit.NANOSECONDS),
                HexFormat.of().formatHex(sha.digest()));
    }

    private static void digest(FileChannel ch, long at, int length, MessageDigest sha) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new IOException("the file shrank while its key was taken");
            }
        }
        sha.update(b.flip());
    }

    /** SHA-256 of {@code bytes} (entry names, the build's hash). */
    public static byte[] sha256(byte[] bytes) {
        return sha256().digest(bytes);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
