package org.ompdexplorer.importers.debuginfo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A debuginfod server on 127.0.0.1 for tests: each {@code /buildid/HEX/KIND} path answers as its {@link Answer}
 * says (404 when none), and every request is counted. {@link #close()} releases handlers still waiting.
 */
final class FakeDebuginfod implements AutoCloseable {
    /** How one path answers. */
    @FunctionalInterface
    interface Answer {
        void answer(HttpExchange exchange, FakeDebuginfod server) throws IOException, InterruptedException;
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    /** Counted down by {@link #close()}: handlers that hold a response open wait on it. */
    final CountDownLatch closing = new CountDownLatch(1);
    /** Counted down when a request arrives. */
    final CountDownLatch requested = new CountDownLatch(1);

    FakeDebuginfod() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getPath();
                requests.add(path);
                requested.countDown();
                Answer a = answers.get(path);
                if (a == null) {
                    exchange.sendResponseHeaders(404, -1);
                } else {
                    a.answer(exchange, this);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                // the client went away (cancelled, refused the size): nothing to answer
            }
        });
        server.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    FakeDebuginfod on(String buildId, DebugFileKind kind, Answer answer) {
        answers.put("/buildid/" + buildId + "/" + kind.pathSegment(), answer);
        return this;
    }

    /** Serves {@code body} with its Content-Length. */
    static Answer bytes(byte[] body) {
        return (exchange, server) -> {
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        };
    }

    /** Serves {@code body} chunked, without a Content-Length. */
    static Answer chunked(byte[] body) {
        return (exchange, server) -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int off = 0; off < body.length; off += 8192) {
                    out.write(body, off, Math.min(8192, body.length - off));
                }
            }
        };
    }

    /** Sends {@code first} bytes of a longer body announced by its length, then holds the connection until closed. */
    static Answer stallAfter(int first, long announced) {
        return (exchange, server) -> {
            exchange.sendResponseHeaders(200, announced);
            OutputStream out = exchange.getResponseBody();
            out.write(new byte[first]);
            out.flush();
            server.closing.await(30, TimeUnit.SECONDS);
        };
    }

    /** Answers nothing at all until closed. */
    static Answer silent() {
        return (exchange, server) -> server.closing.await(30, TimeUnit.SECONDS);
    }

    List<String> requests() {
        return List.copyOf(requests);
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
