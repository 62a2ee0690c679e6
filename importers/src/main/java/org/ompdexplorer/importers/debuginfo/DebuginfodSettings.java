package org.ompdexplorer.importers.debuginfo;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Where and how {@link DebuginfodClient} asks, as libdebuginfod's environment says it:
 * <ul>
 * <li>{@code DEBUGINFOD_URLS}: space-separated http/https base URLs, queried in order; none (unset or empty) turns
 * debuginfod off: no request is ever made.</li>
 * <li>{@code DEBUGINFOD_TIMEOUT}: seconds to connect and receive the first bytes, and the longest a download may
 * stall; default 90.</li>
 * <li>{@code DEBUGINFOD_MAXSIZE}: bytes; a larger file is refused, before downloading when the server's
 * Content-Length says so, else as soon as the stream passes it; default (and 0) none.</li>
 * <li>{@code DEBUGINFOD_MAXTIME}: seconds for a whole download; default (and 0) none.</li>
 * <li>{@code DEBUGINFOD_CACHE_PATH}: the cache directory; else {@code $XDG_CACHE_HOME/ompd-explorer/debuginfod},
 * else {@code ~/.cache/ompd-explorer/debuginfod}. The layout is ours (see {@link DebuginfodClient}), not
 * libdebuginfod's, so the cache of {@code debuginfod-find} is never written.</li>
 * </ul>
 * A malformed value is one line of {@link #environmentProblems} and its default, never an exception.
 *
 * @param servers        base URLs, in order (no trailing slash)
 * @param timeout        to connect and get the first bytes; also the longest silence in a download
 * @param maxSize        largest file taken, in bytes; 0 or less: no limit
 * @param maxTime        longest whole download; zero: no limit
 * @param cacheDirectory where found files and "not found" markers are kept
 */
public record DebuginfodSettings(List<URI> servers, Duration timeout, long maxSize, Duration maxTime,
                                 Path cacheDirectory) {
    /** libdebuginfod's default {@code DEBUGINFOD_TIMEOUT}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(90);

    public DebuginfodSettings {
        servers = List.copyOf(servers);
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(maxTime, "maxTime");
        Objects.requireNonNull(cacheDirectory, "cacheDirectory");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the debuginfod timeout must be positive, not " + timeout);
        }
        if (maxTime.isNegative()) {
            throw new IllegalArgumentException("the debuginfod maximum time must not be negative, not " + maxTime);
        }
    }

    /** The settings of {@code env} ({@code System.getenv()} in production); malformed values take their default. */
    public static DebuginfodSettings fromEnvironment(Map<String, String> env) {
        return read(env, new ArrayList<>());
    }

    /**
     * What is wrong in {@code env}'s debuginfod variables, one line each naming the variable, the value, what was used
     * instead and the fix; empty when nothing is.
     */
    public static List<String> environmentProblems(Map<String, String> env) {
        List<String> problems = new ArrayList<>();
        read(env, problems);
        return List.copyOf(problems);
    }

    /** Whether any server is configured: without one nothing is asked and nothing is cached. */
    public boolean enabled() {
        return !servers.isEmpty();
    }

    /** These settings with other servers (the window's setting overrides {@code DEBUGINFOD_URLS}). */
    public DebuginfodSettings withServers(List<URI> servers) {
        return new DebuginfodSettings(servers, timeout, maxSize, maxTime, cacheDirectory);
    }

    /** Whether {@link #maxSize} limits anything. */
    boolean limitsSize() {
        return maxSize > 0;
    }

    /** Whether {@link #maxTime} limits anything. */
    boolean limitsTime() {
        return !maxTime.isZero();
    }

    /**
     * The server list of {@code text} as {@code DEBUGINFOD_URLS} writes it: http or https URLs with a host, separated
     * by spaces (tabs and newlines too); a trailing slash is dropped. Blank text is no server.
     *
     * @throws IllegalArgumentException naming the first bad entry and what a good one looks like
     */
    public static List<URI> parseServers(String text) {
        List<URI> servers = new ArrayList<>();
        for (String entry : text.strip().split("\\s+")) {
            if (!entry.isEmpty()) {
                URI uri = server(entry);
                if (!servers.contains(uri)) {
                    servers.add(uri);
                }
            }
        }
        return List.copyOf(servers);
    }

    private static URI server(String entry) {
        String hint = " — give http:// or https:// base URLs separated by spaces, e.g. http://127.0.0.1:8002";
        URI uri;
        try {
            uri = new URI(entry);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("debuginfod server \"" + entry + "\" is not a URL (" + e.getReason() + ")"
                    + hint, e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("debuginfod server \"" + entry + "\" is not an http or https URL" + hint);
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("debuginfod server \"" + entry + "\" names no host" + hint);
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("debuginfod server \"" + entry + "\" has a query or fragment, which a"
                    + " base URL cannot have" + hint);
        }
        String s = uri.toString();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return URI.create(s);
    }

    private static DebuginfodSettings read(Map<String, String> env, List<String> problems) {
        List<URI> servers = new ArrayList<>();
        String urls = env.get("DEBUGINFOD_URLS");
        if (urls != null) {
            for (String entry : urls.strip().split("\\s+")) {
                if (entry.isEmpty()) {
                    continue;
                }
                try {
                    URI uri = server(entry);
                    if (!servers.contains(uri)) {
                        servers.add(uri);
                    }
                } catch (IllegalArgumentException e) {
                    problems.add("DEBUGINFOD_URLS: " + e.getMessage() + "; it was left out");
                }
            }
        }
        long timeout = number(env, "DEBUGINFOD_TIMEOUT", DEFAULT_TIMEOUT.toSeconds(), 1, problems,
                DEFAULT_TIMEOUT.toSeconds() + " s");
        long maxSize = number(env, "DEBUGINFOD_MAXSIZE", 0, 0, problems, "no limit");
        long maxTime = number(env, "DEBUGINFOD_MAXTIME", 0, 0, problems, "no limit");
        return new DebuginfodSettings(servers, Duration.ofSeconds(timeout), maxSize, Duration.ofSeconds(maxTime),
                cacheDirectory(env, problems));
    }

    /** A whole number of at least {@code min} (seconds or bytes), else the default and one problem line. */
    private static long number(Map<String, String> env, String name, long fallback, long min, List<String> problems,
                                String fallbackText) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        String unit = name.endsWith("MAXSIZE") ? "bytes" : "seconds";
        try {
            long n = Long.parseLong(value.strip());
            if (n >= min && n <= Long.MAX_VALUE / 1_000_000_000L) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(name + "=" + value + " is not a whole number of " + unit + (min > 0 ? " of at least " + min : "")
                + "; using " + fallbackText + " — set it to e.g. " + name + "=" + (unit.equals("bytes") ? "1000000000" : "90")
                + " or unset it");
        return fallback;
    }

    private static Path cacheDirectory(Map<String, String> env, List<String> problems) {
        Path explicit = absolute(env, "DEBUGINFOD_CACHE_PATH", problems);
        if (explicit != null) {
            return explicit;
        }
        Path xdg = absolute(env, "XDG_CACHE_HOME", problems);
        if (xdg != null) {
            return xdg.resolve("ompd-explorer").resolve("debuginfod");
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        return Path.of(home == null || home.isBlank() ? "/tmp" : home).resolve(".cache").resolve("ompd-explorer")
                .resolve("debuginfod");
    }

    private static Path absolute(Map<String, String> env, String name, List<String> problems) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            Path p = Path.of(value);
            if (p.isAbsolute()) {
                return p.normalize();
            }
        } catch (InvalidPathException e) {
            // reported below
        }
        problems.add(name + "=" + value + " is not an absolute path; it is ignored — set it to an absolute directory");
        return null;
    }
}
