package org.ompdexplorer.packaging;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs a command to its end, with what it printed on each stream and its exit code. */
record Processes(int exit, String out, String err) {
    private static final long TIMEOUT_SECONDS = 120;

    static Processes run(List<String> command) {
        return run(command, env -> { }, null);
    }

    /**
     * @param environment changes to the inherited environment
     * @param stdin       a file for standard input, or null for none
     */
    static Processes run(List<String> command, Consumer<Map<String, String>> environment, Path stdin) {
        ProcessBuilder builder = new ProcessBuilder(command);
        environment.accept(builder.environment());
        builder.redirectInput(stdin == null ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())
                : ProcessBuilder.Redirect.from(stdin.toFile()));
        try {
            Process process = builder.start();
            CompletableFuture<String> out = drain(process.getInputStream());
            CompletableFuture<String> err = drain(process.getErrorStream());
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("%s did not end in %d s", command, TIMEOUT_SECONDS);
            }
            return new Processes(process.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static CompletableFuture<String> drain(InputStream stream) {
        // a thread of its own for each stream: the common pool may have one thread, and a full pipe would block
        return CompletableFuture.supplyAsync(() -> {
            try (stream) {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, task -> Thread.ofVirtual().start(task));
    }

    /** Fails with everything the command printed unless it exited with {@code expected}. */
    Processes exits(int expected) {
        if (exit != expected) {
            fail("exit %d, expected %d%nstdout: %s%nstderr: %s", exit, expected, out, err);
        }
        return this;
    }
}
