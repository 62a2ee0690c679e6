package org.ompdexplorer.importers.debuginfo;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.output.OutputException;

/**
 * One {@code GET {server}/buildid/{hex}/{kind}}, its body streamed through the cache's writer into a staging file.
 * Cancellation, the timeouts and the size limit are checked at least every {@link #POLL_MS} ms, also while the
 * server sends nothing; a download that stops for any reason leaves no file behind.
 */
final class ServerRequest {
    static final long PROGRESS_STEP = 64 * 1024;
    private static final long POLL_MS = 100;

    /** What came of asking one server. */
    sealed interface Outcome {
        /** The file is in the cache at {@code file}, verified. */
        record Fetched(Path file) implements Outcome { }

        /** The server answered 404. */
        record NotFound(String problem) implements Outcome { }

        /** The server failed (down, slow, an error, too big): the next one is asked. */
        record ServerFailed(String problem) implements Outcome { }

        /** The cache could not be written: asking another server would fail the same way. */
        record CacheFailed(String problem) implements Outcome { }
    }

    private final HttpClient http;
    private final DebuginfodSettings settings;
    private final DebuginfodCache.CacheWriter writer;

    ServerRequest(HttpClient http, DebuginfodSettings settings, DebuginfodCache.CacheWriter writer) {
        this.http = http;
        this.settings = settings;
        this.writer = writer;
    }

    /**
     * Asks {@code server}; a body is written to {@code target} through the cache's writer, verified in its temporary
     * file (an ELF file of the build-id asked for) and only then renamed to {@code target}.
     */
    Outcome fetch(URI server, Wanted wanted, Path target, ProgressListener progress) throws LoadCancelledException {
        long start = System.nanoTime();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server + "/buildid/" + wanted.buildId() + "/"
                        + wanted.kind().pathSegment()))
                .timeout(settings.timeout())
                .header("User-Agent", "ompd-explorer")
                .GET();
        if (settings.limitsSize()) {
            request.header("X-DEBUGINFOD-MAXSIZE", Long.toString(settings.maxSize())); // as libdebuginfod sends it
        }
        progress.progress("asking " + server + " for the " + wanted.what(), 0, -1);
        CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> sent =
                http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofPublisher());
        HttpResponse<Flow.Publisher<List<ByteBuffer>>> response;
        try {
            response = awaitHeaders(sent, server, wanted, progress, start);
        } catch (Failure f) {
            return new Outcome.ServerFailed(f.getMessage());
        }
        int status = response.statusCode();
        OptionalLong length = response.headers().firstValueAsLong("Content-Length");
        if (status == 404) {
            BodyQueue.discard(response.body());
            return new Outcome.NotFound(Messages.server(server) + "has no " + wanted.kind().description()
                    + " for build-id " + wanted.buildId() + " (" + wanted.module() + ")");
        }
        if (status != 200) {
            BodyQueue.discard(response.body());
            return new Outcome.ServerFailed(Messages.server(server) + "answered HTTP " + status + " asking for the "
                    + wanted.what() + "; " + (status >= 500 ? "the server failed, try again later" : "check the URL in "
                    + "DEBUGINFOD_URLS") + " or ask its administrator");
        }
        if (settings.limitsSize() && length.isPresent() && length.getAsLong() > settings.maxSize()) {
            BodyQueue.discard(response.body());
            return new Outcome.ServerFailed(Messages.server(server) + "the " + wanted.what() + " is "
                    + Messages.size(length.getAsLong()) + " (" + length.getAsLong() + " bytes), over DEBUGINFOD_MAXSIZE="
                    + settings.maxSize() + "; not downloaded — raise DEBUGINFOD_MAXSIZE (bytes) or unset it");
        }
        try {
            writer.write(target, out -> receive(response.body(), out, server, wanted, length, progress, start),
                    written -> verify(written, server, wanted));
            return new Outcome.Fetched(target);
        } catch (OutputException e) {
            if (e.getCause() instanceof Cancelled) {
                throw new LoadCancelledException("the " + wanted.what());
            }
            if (e.getCause() instanceof Failure f) {
                return new Outcome.ServerFailed(f.getMessage());
            }
            return new Outcome.CacheFailed("debuginfod cache " + settings.cacheDirectory() + ": cannot store the "
                    + wanted.what() + " from " + server + ": " + e.getMessage() + " (or set DEBUGINFOD_CACHE_PATH to "
                    + "another directory)");
        }
    }

    private HttpResponse<Flow.Publisher<List<ByteBuffer>>> awaitHeaders(
            CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> sent, URI server, Wanted wanted,
            ProgressListener progress, long start) throws Failure, LoadCancelledException {
        while (true) {
            if (progress.isCancelled()) {
                sent.cancel(true);
                throw new LoadCancelledException("the " + wanted.what());
            }
            if (settings.limitsTime() && System.nanoTime() - start > settings.maxTime().toNanos()) {
                sent.cancel(true);
                throw new Failure(Messages.tooSlow(server, wanted, settings.maxTime()));
            }
            try {
                return sent.get(POLL_MS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // poll again
            } catch (InterruptedException e) {
                sent.cancel(true);
                Thread.currentThread().interrupt();
                throw new LoadCancelledException("the " + wanted.what());
            } catch (CancellationException e) {
                throw new LoadCancelledException("the " + wanted.what());
            } catch (ExecutionException e) {
                throw new Failure(Messages.requestFailed(server, wanted, e.getCause(), settings.timeout()));
            }
        }
    }

    /** Refuses a download that is not the file asked for: it is deleted, never renamed into the cache. */
    private static void verify(Path written, URI server, Wanted wanted) throws Failure {
        java.util.Optional<String> wrong = DebuginfodCache.verify(written, wanted.buildId());
        if (wrong.isPresent()) {
            throw new Failure(Messages.server(server) + "served a file that " + wrong.get() + " for the "
                    + wanted.what() + "; discarded — the server's index is wrong: tell its administrator or remove it"
                    + " from DEBUGINFOD_URLS");
        }
    }

    /** Copies the body to {@code out}, polling for cancellation, the limits and a server that went silent. */
    private void receive(Flow.Publisher<List<ByteBuffer>> body, OutputStream out, URI server, Wanted wanted,
                         OptionalLong length, ProgressListener progress, long start) throws IOException {
        BodyQueue queue = new BodyQueue();
        body.subscribe(queue);
        String phase = "downloading the " + wanted.what();
        long total = length.orElse(-1);
        long done = 0;
        long reported = 0;
        long lastData = System.nanoTime();
        progress.progress(phase, 0, total);
        try {
            while (true) {
                if (progress.isCancelled() || Thread.currentThread().isInterrupted()) {
                    throw new Cancelled();
                }
                long now = System.nanoTime();
                if (settings.limitsTime() && now - start > settings.maxTime().toNanos()) {
                    throw new Failure(Messages.tooSlow(server, wanted, settings.maxTime()));
                }
                if (now - lastData > settings.timeout().toNanos()) {
                    throw new Failure(Messages.server(server) + "sent nothing for " + Messages.seconds(settings.timeout())
                            + " (DEBUGINFOD_TIMEOUT) after " + Messages.size(done) + " of the " + wanted.what()
                            + "; try again, or raise DEBUGINFOD_TIMEOUT");
                }
                BodyQueue.Item item = queue.poll(POLL_MS);
                if (item == null) {
                    continue;
                }
                if (item.error() != null) {
                    throw new Failure(Messages.server(server) + "the download of the " + wanted.what() + " broke off after "
                            + Messages.size(done) + " (" + Messages.describe(item.error()) + "); try again");
                }
                if (item.complete()) {
                    if (length.isPresent() && done != length.getAsLong()) {
                        throw new Failure(Messages.server(server) + "sent " + Messages.size(done) + " of the "
                                + Messages.size(length.getAsLong()) + " it announced for the " + wanted.what()
                                + "; try again");
                    }
                    progress.progress(phase, done, total);
                    return;
                }
                lastData = System.nanoTime();
                for (ByteBuffer b : item.buffers()) {
                    int n = b.remaining();
                    if (settings.limitsSize() && done + n > settings.maxSize()) {
                        throw new Failure(Messages.server(server) + "the " + wanted.what() + " passed"
                                + " DEBUGINFOD_MAXSIZE=" + settings.maxSize() + " while downloading (the server gave no"
                                + " length); stopped — raise DEBUGINFOD_MAXSIZE (bytes) or unset it");
                    }
                    byte[] chunk = new byte[n];
                    b.get(chunk);
                    out.write(chunk);
                    done += n;
                }
                queue.next();
                if (done - reported >= PROGRESS_STEP) {
                    reported = done;
                    progress.progress(phase, done, total);
                }
            }
        } finally {
            queue.cancel();
        }
    }

    /** What is asked for: the build-id, the kind and, for messages, the module. */
    record Wanted(String buildId, DebugFileKind kind, String module) {
        /** "debug file of libomp.so.5 (build-id ab12…)". */
        String what() {
            return kind.description() + " of " + module + " (build-id " + buildId + ")";
        }
    }

    /** The download stopped for a reason that is the server's; the message is the user's line. */
    static final class Failure extends IOException {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }
    }

    /** The user cancelled while the body was being written. */
    private static final class Cancelled extends IOException {
        private static final long serialVersionUID = 1L;

        Cancelled() {
            super("cancelled");
        }
    }

    /** The one place a request's failure becomes a line for the user. */
    static final class Messages {
        private Messages() {
        }

        static String server(URI server) {
            return "debuginfod " + server + ": ";
        }

        static String requestFailed(URI server, Wanted wanted, Throwable cause, java.time.Duration timeout) {
            String asking = " asking for the " + wanted.what() + "; ";
            if (cause instanceof HttpConnectTimeoutException || cause instanceof HttpTimeoutException) {
                return server(server) + "no answer within " + seconds(timeout) + " (DEBUGINFOD_TIMEOUT)" + asking
                        + "check that the server is up, or raise DEBUGINFOD_TIMEOUT";
            }
            if (has(cause, UnresolvedAddressException.class) || has(cause, java.net.UnknownHostException.class)) {
                return server(server) + "unknown host" + asking + "check DEBUGINFOD_URLS and the network";
            }
            if (cause instanceof ConnectException) {
                return server(server) + "connection refused" + asking + "check DEBUGINFOD_URLS or start the server";
            }
            if (has(cause, SSLException.class)) {
                return server(server) + "TLS failed (" + describe(cause) + ")" + asking
                        + "check the server's certificate or use its http:// URL";
            }
            return server(server) + "request failed (" + describe(cause) + ")" + asking
                    + "check DEBUGINFOD_URLS and that the server is up";
        }

        static String tooSlow(URI server, Wanted wanted, java.time.Duration maxTime) {
            return server(server) + "the download of the " + wanted.what() + " took longer than DEBUGINFOD_MAXTIME="
                    + maxTime.toSeconds() + " s; stopped — raise DEBUGINFOD_MAXTIME or unset it";
        }

        static String describe(Throwable t) {
            String m = t.getMessage();
            return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
        }

        static String seconds(java.time.Duration d) {
            long ms = d.toMillis();
            return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
        }

        /** Decimal units, as the user compares them with {@code DEBUGINFOD_MAXSIZE}: "3.1 GB", "820 kB", "17 bytes". */
        static String size(long bytes) {
            if (bytes < 1000) {
                return bytes + (bytes == 1 ? " byte" : " bytes");
            }
            String[] units = {"kB", "MB", "GB", "TB", "PB", "EB"};
            double v = bytes;
            int u = -1;
            while (v >= 1000 && u < units.length - 1) {
                v /= 1000;
                u++;
            }
            return String.format(java.util.Locale.ROOT, v < 10 ? "%.1f %s" : "%.0f %s", v, units[u]);
        }

        private static boolean has(Throwable t, Class<? extends Throwable> type) {
            for (Throwable c = t; c != null; c = c.getCause()) {
                if (type.isInstance(c)) {
                    return true;
                }
            }
            return false;
        }
    }
}
