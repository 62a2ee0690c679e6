package org.ompdexplorer.importers.debuginfo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.output.OutputFile;

/**
 * Fetches debug files and executables by build-id from debuginfod servers ({@code GET
 * {url}/buildid/{hex}/debuginfo|executable}), keeping what it found in its own cache:
 * <pre>
 *   CACHE/BUILDID/debuginfo            the verified debug file
 *   CACHE/BUILDID/executable           the verified executable
 *   CACHE/BUILDID/debuginfo.missing    no server had it: the time and the servers asked (believed 10 minutes)
 * </pre>
 * where CACHE is {@link DebuginfodSettings#cacheDirectory()}. A cached file is used without a request. A download
 * is written through {@link OutputFile} to its temporary file beside the final name, verified there — an ELF file
 * whose build-id is the one asked for — and only then renamed to its final name; anything else is deleted, so the
 * cache never holds a half-written or wrong file, whatever stops the download (cancellation, a timeout, the size
 * limit, a full disk).
 * <p>
 * Thread-safe. Two finds of the same build-id and kind at once make one request: the second waits for the first's
 * answer (and asks again itself if the first was cancelled).
 */
public final class DebuginfodClient {
    private static final int MAX_BUILD_ID_DIGITS = 128;
    private static final long WAIT_POLL_MS = 100;

    private final DebuginfodSettings settings;
    private final DebuginfodCache cache;
    private final DebuginfodCache.CacheWriter writer;
    private final ConcurrentHashMap<String, CompletableFuture<DebuginfodLookup>> inFlight = new ConcurrentHashMap<>();
    private HttpClient http; // made at the first request: a cache hit starts no threads

    public DebuginfodClient(DebuginfodSettings settings) {
        this(settings, Clock.systemUTC(), new DebuginfodCache.OutputFileWriter());
    }

    /** With another clock (the miss marker's age) and cache writer (a disk that fills up), for tests. */
    DebuginfodClient(DebuginfodSettings settings, Clock clock, DebuginfodCache.CacheWriter writer) {
        this.settings = settings;
        this.writer = writer;
        this.cache = new DebuginfodCache(settings.cacheDirectory(), clock, writer);
    }

    public DebuginfodSettings settings() {
        return settings;
    }

    /**
     * The {@code kind} file of {@code buildId}: from the cache, else from the first server that has it.
     * Without servers ({@link DebuginfodSettings#enabled()} false) nothing is asked or read: empty, no problem.
     *
     * @param buildId    lowercase hex, an even number of 2 to 128 digits; anything else is refused without a request
     * @param moduleName the module it is for (e.g. "libomp.so.5"), for progress and messages
     * @param progress   told the phase ("downloading the debug file of libomp.so.5 …") and bytes done of total
     *                   (−1 unknown) every 64 KiB; polled for cancellation while waiting and downloading
     * @throws LoadCancelledException when {@code progress} cancels; the partial file is removed
     */
    public DebuginfodLookup find(String buildId, DebugFileKind kind, String moduleName, ProgressListener progress)
            throws LoadCancelledException {
        if (!settings.enabled()) {
            return DebuginfodLookup.missing(List.of());
        }
        if (!isBuildId(buildId)) {
            return DebuginfodLookup.missing(List.of("debuginfod: \"" + buildId + "\" (of " + moduleName + ") is not a"
                    + " build-id (an even number of 2 to 128 lowercase hex digits); nothing was asked — the module's"
                    + " build-id note is damaged"));
        }
        Optional<Path> cached = cache.cached(buildId, kind); // the common case, kept free of the machinery below
        if (cached.isPresent()) {
            return DebuginfodLookup.found(cached.get(), List.of());
        }
        ServerRequest.Wanted wanted = new ServerRequest.Wanted(buildId, kind, moduleName);
        String key = buildId.concat("/").concat(kind.pathSegment());
        while (true) {
            CompletableFuture<DebuginfodLookup> mine = new CompletableFuture<>();
            CompletableFuture<DebuginfodLookup> running = inFlight.putIfAbsent(key, mine);
            if (running == null) {
                try {
                    DebuginfodLookup result = lookUp(wanted, progress);
                    mine.complete(result);
                    return result;
                } catch (LoadCancelledException | RuntimeException | Error e) {
                    mine.completeExceptionally(e);
                    throw e;
                } finally {
                    inFlight.remove(key, mine);
                }
            }
            Optional<DebuginfodLookup> theirs = await(running, wanted, progress);
            if (theirs.isPresent()) {
                return theirs.get();
            } // else the other find was cancelled: ask ourselves
        }
    }

    /** Lowercase hex, an even number of 2 to 128 digits (a loop: no regex to compile on the cache-hit path). */
    static boolean isBuildId(String s) {
        if (s == null || s.isEmpty() || s.length() > MAX_BUILD_ID_DIGITS || s.length() % 2 != 0) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /** The other caller's answer; empty if it was cancelled (ours is not). */
    private static Optional<DebuginfodLookup> await(CompletableFuture<DebuginfodLookup> running,
                                                    ServerRequest.Wanted wanted, ProgressListener progress)
            throws LoadCancelledException {
        progress.progress("waiting for another download of the " + wanted.what(), 0, -1);
        while (true) {
            if (progress.isCancelled()) {
                throw new LoadCancelledException("the " + wanted.what());
            }
            try {
                return Optional.of(running.get(WAIT_POLL_MS, TimeUnit.MILLISECONDS));
            } catch (TimeoutException e) {
                // poll again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LoadCancelledException("the " + wanted.what());
            } catch (ExecutionException e) {
                if (e.getCause() instanceof LoadCancelledException) {
                    return Optional.empty();
                }
                throw new IllegalStateException("the download of the " + wanted.what() + " failed", e.getCause());
            }
        }
    }

    private DebuginfodLookup lookUp(ServerRequest.Wanted wanted, ProgressListener progress)
            throws LoadCancelledException {
        Optional<Path> cached = cache.cached(wanted.buildId(), wanted.kind()); // stored while we waited our turn?
        if (cached.isPresent()) {
            return DebuginfodLookup.found(cached.get(), List.of());
        }
        List<URI> servers = settings.servers();
        Optional<Instant> miss = cache.rememberedMiss(wanted.buildId(), wanted.kind(), servers);
        if (miss.isPresent()) {
            DateTimeFormatter hhmm = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneId.systemDefault());
            return DebuginfodLookup.missing(List.of("debuginfod: no server had the " + wanted.what() + " at "
                    + hhmm.format(miss.get()) + "; not asking again before " + hhmm.format(miss.get()
                    .plus(DebuginfodCache.MISS_TTL)) + " — delete " + cache.directoryOf(wanted.buildId())
                    + " to ask now"));
        }
        try {
            cache.prepare(wanted.buildId());
        } catch (IOException e) {
            return DebuginfodLookup.missing(List.of(cacheProblem(wanted, e, "nothing was asked")));
        }
        List<String> problems = new ArrayList<>();
        int notFound = 0;
        ServerRequest request = new ServerRequest(http(), settings, writer);
        for (URI server : servers) {
            ServerRequest.Outcome outcome = request.fetch(server, wanted, cache.fileOf(wanted.buildId(),
                    wanted.kind()), progress);
            switch (outcome) {
                case ServerRequest.Outcome.Fetched f -> {
                    cache.forgetMiss(wanted.buildId(), wanted.kind());
                    return DebuginfodLookup.found(f.file(), problems);
                }
                case ServerRequest.Outcome.NotFound n -> {
                    notFound++;
                    problems.add(n.problem());
                }
                case ServerRequest.Outcome.ServerFailed s -> problems.add(s.problem());
                case ServerRequest.Outcome.CacheFailed c -> {
                    problems.add(c.problem());
                    return DebuginfodLookup.missing(problems);
                }
            }
        }
        if (notFound == servers.size()) {
            cache.rememberMiss(wanted.buildId(), wanted.kind(), servers); // a server that was down is not remembered
        }
        return DebuginfodLookup.missing(problems);
    }

    private String cacheProblem(ServerRequest.Wanted wanted, IOException e, String outcome) {
        String why = switch (e) {
            case java.nio.file.AccessDeniedException a -> "permission denied";
            case java.nio.file.NoSuchFileException n -> "its directory cannot be created";
            case java.nio.file.FileAlreadyExistsException x -> "a file is in the way of its directory";
            case java.nio.file.FileSystemException f when f.getReason() != null -> f.getReason();
            default -> ServerRequest.Messages.describe(e);
        };
        return "debuginfod cache " + settings.cacheDirectory() + ": cannot keep the " + wanted.what() + " there ("
                + why + "); " + outcome + " — make it a writable directory or set DEBUGINFOD_CACHE_PATH to one";
    }

    private synchronized HttpClient http() {
        if (http == null) {
            http = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .followRedirects(HttpClient.Redirect.NORMAL)
                    .connectTimeout(settings.timeout())
                    .build();
        }
        return http;
    }
}
