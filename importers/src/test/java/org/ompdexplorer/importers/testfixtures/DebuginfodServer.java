package org.ompdexplorer.importers.testfixtures;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code debuginfod} serving the ELF/DWARF files under a directory ({@code debuginfod -F -d :memory: -t 0}),
 * asked over loopback only: the real server a user points {@code DEBUGINFOD_URLS} at. Native tests need it in CI
 * ({@code scripts/install-native-deps.sh} installs it); elsewhere {@link #require} skips with what to install.
 */
public final class DebuginfodServer implements AutoCloseable {
    private static final Path BINARY = Path.of("/usr/bin/debuginfod");
    private static final String PROBE = "ompdexplorertestprobe"; // debuginfod logs a user agent without dashes
    private final Process process;
    private final URI url;
    private final Path log;

    private DebuginfodServer(Process process, URI url, Path log) {
        this.process = process;
        this.url = url;
        this.log = log;
    }

    /** Skips the test outside CI when debuginfod is not installed; fails it in CI. */
    public static void require() {
        NativeFixtures.require(Files.isExecutable(BINARY), "no " + BINARY, "apt-get install debuginfod");
    }

    /**
     * Starts a server over {@code served} and waits until it answers for {@code buildId}'s debug file (the scan of
     * the directory is done; {@code null}: until it answers at all): at most 60 s.
     */
    public static DebuginfodServer start(Path served, String buildId, Path logDirectory) throws Exception {
        require();
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path log = logDirectory.resolve("debuginfod-" + port + ".log");
        Process p = new ProcessBuilder(BINARY.toString(), "-F", "-d", ":memory:", "-t", "0", "-g", "0", "-p",
                Integer.toString(port), served.toString()).redirectErrorStream(true).redirectOutput(log.toFile())
                .start();
        DebuginfodServer server = new DebuginfodServer(p, URI.create("http://127.0.0.1:" + port), log);
        try {
            server.awaitServing(buildId);
            return server;
        } catch (Exception | AssertionError e) {
            server.close();
            throw e;
        }
    }

    /** Starts a server over {@code served} and waits only until it answers at all (for a server that lacks a file). */
    public static DebuginfodServer startUnchecked(Path served, Path logDirectory) throws Exception {
        return start(served, null, logDirectory);
    }

    private void awaitServing(String buildId) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        // debuginfod answers GET only; the probe names itself so that requests() leaves it out
        HttpRequest head = HttpRequest.newBuilder(url.resolve(buildId == null ? "/metrics"
                        : "/buildid/" + buildId + "/debuginfo"))
                .header("User-Agent", PROBE).timeout(Duration.ofSeconds(5)).build();
        for (int i = 0; i < 300; i++) {
            if (!process.isAlive()) {
                throw new IllegalStateException("debuginfod exited: " + Files.readString(log));
            }
            try {
                if (client.send(head, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("debuginfod did not serve build-id " + buildId + " within 60 s: "
                + Files.readString(log));
    }

    /** The server's address, for {@code DEBUGINFOD_URLS}. */
    public URI url() {
        return url;
    }

    /** How many requests for {@code path} the server logged, its readiness probe's left out (e.g. "/buildid/ab…/debuginfo"). */
    public long requests(String path) throws IOException {
        return Files.readAllLines(log).stream().filter(l -> l.contains("GET " + path + " ") && !l.contains(PROBE))
                .count();
    }

    /** The requests the server logged, for a failing assertion's message. */
    public String requestLog() throws IOException {
        return String.join("\n", Files.readAllLines(log).stream().filter(l -> l.contains(" GET ")).toList());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
