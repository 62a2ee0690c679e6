package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A tmpfs of a few KiB, for a real "no space left on device": mounting needs root, which CI has. Outside CI
 * without root the test is skipped with one line; in CI (CI=true) a failed mount fails the test.
 */
record TinyFileSystem(Path dir) implements AutoCloseable {
    static TinyFileSystem mount(Path dir, String size) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes()).strip();
        boolean mounted = p.waitFor() == 0;
        if (!mounted && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI runs as root and must mount a tmpfs for the full-disk test: " + said);
        }
        assumeThat(mounted).as("a full-disk test needs root to mount a small tmpfs (" + said + ")").isTrue();
        return new TinyFileSystem(dir);
    }

    @Override
    public void close() throws IOException {
        try {
            new ProcessBuilder("umount", dir.toString()).inheritIO().start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
