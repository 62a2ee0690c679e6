package org.ompdexplorer.importers.debuginfo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * The client against elfutils' own server: {@code debuginfod -F} over a directory holding a program split into a
 * stripped executable and its debug file ({@code objcopy --only-keep-debug}), asked over 127.0.0.1. debuginfod 0.188
 * has no listen-address option (it listens on every interface); it serves only this temp directory and lives for
 * the test.
 */
class RealDebuginfodTest {
    private static final Path DEBUGINFOD = Path.of("/usr/bin/debuginfod");
    private static final Path CLANG = Path.of("/usr/bin/clang-19");
    private static final Path OBJCOPY = Path.of("/usr/bin/objcopy");

    @TempDir
    Path dir;
    private Process server;

    @AfterEach
    void stopServer() throws InterruptedException {
        if (server != null) {
            server.descendants().forEach(ProcessHandle::destroyForcibly);
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly();
                server.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void findsTheSplitDebugFileAndTheExecutableThroughDebuginfod() throws Exception {
        NativeFixtures.require(Files.isExecutable(DEBUGINFOD), "no /usr/bin/debuginfod",
                "install debuginfod: apt-get install debuginfod (scripts/install-native-deps.sh)");
        NativeFixtures.require(Files.isExecutable(CLANG) && Files.isExecutable(OBJCOPY), "no clang-19 or objcopy",
                "apt-get install clang-19 binutils (scripts/install-native-deps.sh)");
        Path served = Files.createDirectories(dir.resolve("served"));
        Path source = Files.writeString(dir.resolve("split.c"), "int answer(void) { return 42; }\n"
                + "int main(void) { return answer() - 42; }\n");
        Path program = served.resolve("split");
        Path debug = served.resolve("split.debug");
        run(CLANG.toString(), "-g", "-O0", "-Wl,--build-id", "-o", program.toString(), source.toString());
        run(OBJCOPY.toString(), "--only-keep-debug", program.toString(), debug.toString());
        run(OBJCOPY.toString(), "--strip-debug", "--strip-unneeded", "--add-gnu-debuglink=" + debug, program.toString());
        String buildId;
        try (ElfFile elf = ElfFile.open(program)) {
            buildId = elf.buildId().orElseThrow();
        }

        int port = freePort();
        server = new ProcessBuilder(DEBUGINFOD.toString(), "-F", "-d", ":memory:", "-t", "0", "-p",
                Integer.toString(port), served.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("debuginfod.log").toFile()).start();
        URI uri = URI.create("http://127.0.0.1:" + port);
        awaitIndexed(uri, buildId);

        DebuginfodSettings settings = new DebuginfodSettings(List.of(uri), Duration.ofSeconds(30), 0, Duration.ZERO,
                dir.resolve("cache"));
        DebuginfodClient client = new DebuginfodClient(settings);
        DebuginfodLookup debugFile = client.find(buildId, DebugFileKind.DEBUGINFO, "split", ProgressListener.NONE);
        assertThat(debugFile.problems()).isEmpty();
        assertThat(debugFile.file().orElseThrow()).hasSameBinaryContentAs(debug);
        DebuginfodLookup executable = client.find(buildId, DebugFileKind.EXECUTABLE, "split", ProgressListener.NONE);
        assertThat(executable.file().orElseThrow()).hasSameBinaryContentAs(program);
        DebuginfodLookup unknown = client.find("00".repeat(20), DebugFileKind.DEBUGINFO, "other", ProgressListener.NONE);
        assertThat(unknown.problems()).containsExactly("debuginfod " + uri + ": has no debug file for build-id "
                + "00".repeat(20) + " (other)");
    }

    /** Until the server answers 200 for the build-id (its first scan is done), a minute at most. */
    private void awaitIndexed(URI uri, String buildId) throws Exception {
        HttpRequest probe = HttpRequest.newBuilder(URI.create(uri + "/buildid/" + buildId + "/debuginfo"))
                .timeout(Duration.ofSeconds(5)).build(); // debuginfod answers GET only
        try (HttpClient http = HttpClient.newHttpClient()) {
            for (int attempt = 0; attempt < 600; attempt++) {
                assertThat(server.isAlive()).as("debuginfod ended: %s",
                        Files.exists(dir.resolve("debuginfod.log")) ? Files.readString(dir.resolve("debuginfod.log"))
                                : "").isTrue();
                try {
                    if (http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return;
                    }
                } catch (IOException e) {
                    // not listening yet
                }
                Thread.sleep(100);
            }
        }
        throw new AssertionError("debuginfod on " + uri + " did not index " + buildId + " within a minute: "
                + Files.readString(dir.resolve("debuginfod.log")));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("tool.log").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s: %s", String.join(" ", command), Files.readString(dir.resolve("tool.log")))
                .isZero();
    }
}
