package org.ompdexplorer.importers.debuginfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.output.OutputFile;

/** The debuginfod client against fake servers on 127.0.0.1 serving real ELF files (/bin/true, /bin/false). */
class DebuginfodClientTest {
    private static final Path TRUE = Path.of("/bin/true");
    private static final Path FALSE = Path.of("/bin/false");
    private static String trueId;
    private static String falseId;
    private static byte[] trueBytes;
    private static byte[] falseBytes;

    @TempDir
    Path dir;
    private final List<FakeDebuginfod> servers = new java.util.ArrayList<>();

    @BeforeAll
    static void readBuildIds() throws Exception {
        assumeTrue(Files.isRegularFile(TRUE) && Files.isRegularFile(FALSE), "skipped: no /bin/true and /bin/false");
        try (ElfFile t = ElfFile.open(TRUE); ElfFile f = ElfFile.open(FALSE)) {
            trueId = t.buildId().orElseThrow();
            falseId = f.buildId().orElseThrow();
        }
        assertThat(trueId).isNotEqualTo(falseId);
        trueBytes = Files.readAllBytes(TRUE);
        falseBytes = Files.readAllBytes(FALSE);
    }

    @AfterEach
    void stopServers() {
        servers.forEach(FakeDebuginfod::close);
    }

    private FakeDebuginfod server() throws IOException {
        FakeDebuginfod s = new FakeDebuginfod();
        servers.add(s);
        return s;
    }

    private Path cache() {
        return dir.resolve("cache");
    }

    private DebuginfodSettings settings(URI... urls) {
        return new DebuginfodSettings(List.of(urls), Duration.ofSeconds(30), 0, Duration.ZERO, cache());
    }

    private static URI closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + s.getLocalPort());
        }
    }

    /** Every regular file under the cache, relative to it. */
    private List<String> cacheFiles() throws IOException {
        if (!Files.exists(cache())) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(cache())) {
            return s.filter(Files::isRegularFile).map(p -> cache().relativize(p).toString()).sorted().toList();
        }
    }

    private DebuginfodLookup find(DebuginfodClient client) throws LoadCancelledException {
        return client.find(trueId, DebugFileKind.DEBUGINFO, "libomp.so.5", ProgressListener.NONE);
    }

    @Test
    void downloadsVerifiesAndCachesSoTheSecondFindAsksNothing() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        DebuginfodClient client = new DebuginfodClient(settings(s.uri()));

        DebuginfodLookup first = find(client);
        assertThat(first.problems()).isEmpty();
        assertThat(first.file()).contains(cache().resolve(trueId).resolve("debuginfo"));
        assertThat(first.file().orElseThrow()).hasSameBinaryContentAs(TRUE);

        DebuginfodLookup second = new DebuginfodClient(settings(s.uri())).find(trueId, DebugFileKind.DEBUGINFO,
                "libomp.so.5", ProgressListener.NONE);
        assertThat(second.file()).isEqualTo(first.file());
        assertThat(s.requests()).containsExactly("/buildid/" + trueId + "/debuginfo");
        assertThat(cacheFiles()).containsExactly(trueId + "/debuginfo");
    }

    @Test
    void executablesAreAskedForAndCachedApart() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.EXECUTABLE, FakeDebuginfod.chunked(trueBytes));
        DebuginfodLookup found = new DebuginfodClient(settings(s.uri())).find(trueId, DebugFileKind.EXECUTABLE,
                "true", ProgressListener.NONE);
        assertThat(found.file()).contains(cache().resolve(trueId).resolve("executable"));
        assertThat(s.requests()).containsExactly("/buildid/" + trueId + "/executable");
    }

    @Test
    void asksTheNextServerAfterA404() throws Exception {
        FakeDebuginfod empty = server();
        FakeDebuginfod full = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        DebuginfodLookup found = find(new DebuginfodClient(settings(empty.uri(), full.uri())));
        assertThat(found.file()).isPresent();
        assertThat(found.problems()).containsExactly("debuginfod " + empty.uri() + ": has no debug file for build-id "
                + trueId + " (libomp.so.5)");
        assertThat(empty.requests()).hasSize(1);
        assertThat(full.requests()).hasSize(1);
    }

    @Test
    void aServerThatIsDownIsOneLineAndTheNextIsAsked() throws Exception {
        URI down = closedPort();
        FakeDebuginfod full = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        DebuginfodLookup found = find(new DebuginfodClient(settings(down, full.uri())));
        assertThat(found.file()).isPresent();
        assertThat(found.problems()).containsExactly("debuginfod " + down + ": connection refused asking for the debug"
                + " file of libomp.so.5 (build-id " + trueId + "); check DEBUGINFOD_URLS or start the server");
    }

    @Test
    void aServerThatDoesNotAnswerInTimeIsSkipped() throws Exception {
        FakeDebuginfod slow = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.silent());
        DebuginfodSettings oneSecond = new DebuginfodSettings(List.of(slow.uri()), Duration.ofSeconds(1), 0,
                Duration.ZERO, cache());
        DebuginfodLookup lookup = find(new DebuginfodClient(oneSecond));
        assertThat(lookup.file()).isEmpty();
        assertThat(lookup.problems()).singleElement().asString()
                .startsWith("debuginfod " + slow.uri() + ": no answer within 1 s (DEBUGINFOD_TIMEOUT) asking for the"
                        + " debug file of libomp.so.5 (build-id " + trueId + ")");
        assertThat(cacheFiles()).isEmpty(); // nor is a server that did not answer remembered as "not found"
    }

    @Test
    void aDownloadThatStallsIsStoppedAndLeavesNothing() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.stallAfter(1000, 100_000));
        DebuginfodSettings oneSecond = new DebuginfodSettings(List.of(s.uri()), Duration.ofSeconds(1), 0,
                Duration.ZERO, cache());
        DebuginfodLookup lookup = find(new DebuginfodClient(oneSecond));
        assertThat(lookup.problems()).singleElement().asString().contains("sent nothing for 1 s (DEBUGINFOD_TIMEOUT)"
                + " after 1.0 kB of the debug file of libomp.so.5");
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void aDownloadLongerThanMaxTimeIsStopped() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.stallAfter(1000, 100_000));
        DebuginfodSettings settings = new DebuginfodSettings(List.of(s.uri()), Duration.ofSeconds(60), 0,
                Duration.ofSeconds(1), cache());
        DebuginfodLookup lookup = find(new DebuginfodClient(settings));
        assertThat(lookup.problems()).singleElement().asString().contains("took longer than DEBUGINFOD_MAXTIME=1 s");
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void aFileOfAnotherBuildIdIsDiscarded() throws Exception {
        FakeDebuginfod wrong = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(falseBytes));
        DebuginfodLookup lookup = find(new DebuginfodClient(settings(wrong.uri())));
        assertThat(lookup.file()).isEmpty();
        assertThat(lookup.problems()).containsExactly("debuginfod " + wrong.uri() + ": served a file that is of"
                + " build-id " + falseId + " for the debug file of libomp.so.5 (build-id " + trueId + "); discarded —"
                + " the server's index is wrong: tell its administrator or remove it from DEBUGINFOD_URLS");
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void garbageIsNotAnElfFileAndIsDiscarded() throws Exception {
        byte[] garbage = new byte[5000];
        new java.util.Random(26).nextBytes(garbage);
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(garbage));
        DebuginfodLookup lookup = find(new DebuginfodClient(settings(s.uri())));
        assertThat(lookup.file()).isEmpty();
        assertThat(lookup.problems()).singleElement().asString().contains("served a file that is not a usable ELF file"
                + " (not an ELF file").contains("; discarded");
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void anHttpErrorNamesTheStatus() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, (exchange, server) ->
                exchange.sendResponseHeaders(503, -1));
        DebuginfodLookup lookup = find(new DebuginfodClient(settings(s.uri())));
        assertThat(lookup.problems()).singleElement().asString().contains("answered HTTP 503 asking for the debug file"
                + " of libomp.so.5 (build-id " + trueId + "); the server failed");
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void aFileOverMaxSizeIsRefusedBeforeDownloadingWhenItsLengthIsKnown() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        DebuginfodSettings small = new DebuginfodSettings(List.of(s.uri()), Duration.ofSeconds(30), 1000,
                Duration.ZERO, cache());
        DebuginfodLookup lookup = find(new DebuginfodClient(small));
        assertThat(lookup.problems()).containsExactly("debuginfod " + s.uri() + ": the debug file of libomp.so.5"
                + " (build-id " + trueId + ") is " + ServerRequest.Messages.size(trueBytes.length) + " (" + trueBytes.length
                + " bytes), over DEBUGINFOD_MAXSIZE=1000; not downloaded — raise"
                + " DEBUGINFOD_MAXSIZE (bytes) or unset it");
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void aChunkedFileOverMaxSizeIsStoppedWhenItPassesIt() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.chunked(trueBytes));
        DebuginfodSettings small = new DebuginfodSettings(List.of(s.uri()), Duration.ofSeconds(30), 20_000,
                Duration.ZERO, cache());
        DebuginfodLookup lookup = find(new DebuginfodClient(small));
        assertThat(lookup.file()).isEmpty();
        assertThat(lookup.problems()).singleElement().asString().isEqualTo("debuginfod " + s.uri() + ": the debug file of"
                + " libomp.so.5 (build-id " + trueId + ") passed DEBUGINFOD_MAXSIZE=20000 while downloading (the server"
                + " gave no length); stopped — raise DEBUGINFOD_MAXSIZE (bytes) or unset it");
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void cancellingMidDownloadStopsAndRemovesThePartialFile() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.stallAfter(200_000, 10_000_000));
        AtomicBoolean cancelled = new AtomicBoolean();
        List<Long> done = new java.util.concurrent.CopyOnWriteArrayList<>();
        ProgressListener cancelOnFirstBytes = new ProgressListener() {
            @Override
            public void progress(String phase, long bytes, long total) {
                if (phase.startsWith("downloading the debug file of libomp.so.5")) {
                    done.add(bytes);
                    assertThat(total).isEqualTo(10_000_000);
                    if (bytes > 0) {
                        cancelled.set(true);
                    }
                }
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }
        };
        DebuginfodClient client = new DebuginfodClient(settings(s.uri()));
        assertThatThrownBy(() -> client.find(trueId, DebugFileKind.DEBUGINFO, "libomp.so.5", cancelOnFirstBytes))
                .isInstanceOf(LoadCancelledException.class).hasMessageContaining("debug file of libomp.so.5");
        assertThat(done).first().isEqualTo(0L);
        assertThat(done.get(done.size() - 1)).isGreaterThanOrEqualTo(ServerRequest.PROGRESS_STEP);
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void aCacheThatCannotBeADirectoryIsOneLineAndNothingIsAsked() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
        DebuginfodSettings settings = new DebuginfodSettings(List.of(s.uri()), Duration.ofSeconds(30), 0,
                Duration.ZERO, file.resolve("cache"));
        DebuginfodLookup lookup = find(new DebuginfodClient(settings));
        assertThat(lookup.file()).isEmpty();
        assertThat(lookup.problems()).singleElement().asString()
                .startsWith("debuginfod cache " + file.resolve("cache") + ": cannot keep the debug file of libomp.so.5"
                        + " (build-id " + trueId + ") there (")
                .endsWith("nothing was asked — make it a writable directory or set DEBUGINFOD_CACHE_PATH to one");
        assertThat(s.requests()).isEmpty();

        Path unwritable = Path.of("/proc/self/debuginfod-cache"); // not writable, even by root
        DebuginfodLookup denied = find(new DebuginfodClient(new DebuginfodSettings(List.of(s.uri()),
                Duration.ofSeconds(30), 0, Duration.ZERO, unwritable)));
        assertThat(denied.problems()).containsExactly("debuginfod cache " + unwritable + ": cannot keep the debug file"
                + " of libomp.so.5 (build-id " + trueId + ") there (its directory cannot be created); nothing was asked — make it a"
                + " writable directory or set DEBUGINFOD_CACHE_PATH to one");
        assertThat(s.requests()).isEmpty();
    }

    @Test
    void aFullDiskStopsWithoutAskingTheNextServerAndLeavesNothing() throws Exception {
        FakeDebuginfod first = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        FakeDebuginfod second = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        DebuginfodCache.CacheWriter fullAfter10k = (target, body, check) -> OutputFile.write(target, List.of(),
                out -> body.writeTo(new DiskFullAfter(out, 10_000)), check);
        DebuginfodClient client = new DebuginfodClient(settings(first.uri(), second.uri()), Clock.systemUTC(),
                fullAfter10k);
        DebuginfodLookup lookup = find(client);
        assertThat(lookup.file()).isEmpty();
        assertThat(lookup.problems()).singleElement().asString()
                .startsWith("debuginfod cache " + cache() + ": cannot store the debug file of libomp.so.5 (build-id "
                        + trueId + ") from " + first.uri() + ": cannot write ")
                .contains("the disk is full");
        assertThat(second.requests()).isEmpty();
        assertThat(cacheFiles()).isEmpty();
    }

    @Test
    void noServerHavingItIsRememberedForTenMinutes() throws Exception {
        FakeDebuginfod s = server();
        MovableClock clock = new MovableClock();
        DebuginfodClient client = new DebuginfodClient(settings(s.uri()), clock, new DebuginfodCache.OutputFileWriter());
        assertThat(find(client).problems()).singleElement().asString().contains("has no debug file");
        DebuginfodLookup remembered = find(client);
        assertThat(remembered.file()).isEmpty();
        assertThat(remembered.problems()).singleElement().asString().startsWith("debuginfod: no server had the debug"
                + " file of libomp.so.5 (build-id " + trueId + ") at ").contains("not asking again before")
                .endsWith("delete " + cache().resolve(trueId) + " to ask now");
        assertThat(s.requests()).hasSize(1);
        assertThat(cacheFiles()).containsExactly(trueId + "/debuginfo.missing");

        clock.now = clock.now.plus(Duration.ofMinutes(11));
        s.on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        assertThat(find(client).file()).isPresent();
        assertThat(s.requests()).hasSize(2);
        assertThat(cacheFiles()).containsExactly(trueId + "/debuginfo"); // the marker is gone with the find
    }

    @Test
    void aMissIsNotRememberedWhileAServerIsDownNorForOtherServers() throws Exception {
        FakeDebuginfod s = server();
        DebuginfodClient withDown = new DebuginfodClient(settings(s.uri(), closedPort()));
        find(withDown);
        find(withDown);
        assertThat(s.requests()).hasSize(2);
        assertThat(cacheFiles()).isEmpty();

        find(new DebuginfodClient(settings(s.uri())));
        FakeDebuginfod other = server();
        find(new DebuginfodClient(settings(other.uri())));
        assertThat(other.requests()).hasSize(1);
    }

    @Test
    void concurrentFindsOfOneBuildIdMakeOneRequest() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, (exchange, server) -> {
            release.await(30, java.util.concurrent.TimeUnit.SECONDS);
            FakeDebuginfod.bytes(trueBytes).answer(exchange, server);
        });
        DebuginfodClient client = new DebuginfodClient(settings(s.uri()));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<DebuginfodLookup> first = pool.submit(() -> find(client));
            s.requested.await(30, java.util.concurrent.TimeUnit.SECONDS);
            java.util.concurrent.CountDownLatch waiting = new java.util.concurrent.CountDownLatch(3);
            ProgressListener waits = new ProgressListener() {
                @Override
                public void progress(String phase, long done, long total) {
                    if (phase.startsWith("waiting for another download of the debug file of libomp.so.5")) {
                        waiting.countDown();
                    }
                }

                @Override
                public boolean isCancelled() {
                    return false;
                }
            };
            java.util.concurrent.Callable<DebuginfodLookup> another = () -> client.find(trueId,
                    DebugFileKind.DEBUGINFO, "libomp.so.5", waits);
            List<Future<DebuginfodLookup>> others = List.of(pool.submit(another), pool.submit(another),
                    pool.submit(another));
            assertThat(waiting.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue(); // all wait for the first
            release.countDown();
            assertThat(first.get().file()).isPresent();
            for (Future<DebuginfodLookup> f : others) {
                assertThat(f.get().file()).isEqualTo(first.get().file());
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(s.requests()).hasSize(1);
    }

    @Test
    void aBadBuildIdIsRefusedWithoutARequest() throws Exception {
        FakeDebuginfod s = server();
        DebuginfodClient client = new DebuginfodClient(settings(s.uri()));
        for (String bad : new String[] {"", "a", "ABCD", "abc", "ab/../cd", "zz", "ab".repeat(65)}) {
            DebuginfodLookup lookup = client.find(bad, DebugFileKind.DEBUGINFO, "libomp.so.5", ProgressListener.NONE);
            assertThat(lookup.file()).isEmpty();
            assertThat(lookup.problems()).singleElement().asString().contains("is not a build-id");
        }
        assertThat(client.find("ab".repeat(64), DebugFileKind.DEBUGINFO, "m", ProgressListener.NONE).problems())
                .singleElement().asString().contains("has no debug file"); // the longest one is asked for
        assertThat(s.requests()).hasSize(1);
    }

    @Test
    void withoutServersNothingIsAskedOrWritten() throws Exception {
        DebuginfodLookup lookup = find(new DebuginfodClient(settings()));
        assertThat(lookup).isEqualTo(new DebuginfodLookup(java.util.Optional.empty(), List.of()));
        assertThat(cache()).doesNotExist();
    }

    @Test
    void aDamagedCachedFileIsReplacedByADownload() throws Exception {
        FakeDebuginfod s = server().on(trueId, DebugFileKind.DEBUGINFO, FakeDebuginfod.bytes(trueBytes));
        Files.createDirectories(cache().resolve(trueId));
        Files.write(cache().resolve(trueId).resolve("debuginfo"), java.util.Arrays.copyOf(trueBytes, 3)); // cut short
        DebuginfodLookup lookup = find(new DebuginfodClient(settings(s.uri())));
        assertThat(lookup.file().orElseThrow()).hasSameBinaryContentAs(TRUE);
        assertThat(s.requests()).hasSize(1);
    }

    @Test
    void sizesAreInTheDecimalUnitsOfMaxSize() {
        assertThat(ServerRequest.Messages.size(17)).isEqualTo("17 bytes");
        assertThat(ServerRequest.Messages.size(35_664)).isEqualTo("36 kB");
        assertThat(ServerRequest.Messages.size(3_100_000_000L)).isEqualTo("3.1 GB");
        assertThat(ServerRequest.Messages.seconds(Duration.ofSeconds(90))).isEqualTo("90 s");
        assertThat(ServerRequest.Messages.seconds(Duration.ofMillis(1500))).isEqualTo("1.5 s");
    }

    /** A stream that fails as a full disk does once {@code room} bytes are written. */
    private static final class DiskFullAfter extends FilterOutputStream {
        private long room;

        DiskFullAfter(OutputStream out, long room) {
            super(out);
            this.room = room;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > room) {
                throw new IOException("No space left on device");
            }
            room -= len;
            out.write(b, off, len);
        }
    }

    private static final class MovableClock extends Clock {
        volatile Instant now = Instant.parse("2026-11-25T10:00:00Z");

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
