package org.ompdexplorer.app;

import java.time.Duration;
import org.ompdexplorer.importers.ReopenCache;

/**
 * The process's one reopen cache, shared by the window and the commands: {@code OMPD_EXPLORER_REOPEN_CACHE} and
 * {@code OMPD_EXPLORER_REOPEN_CACHE_MB} configure it ({@link ReopenCache#fromEnvironment}); the system property
 * {@code ompdexplorer.reopenCache} (a directory, or {@code off}) overrides them for one JVM.
 */
public final class UserReopenCache {
    /** How long an exiting process waits for an entry it is writing: a 1M-task entry takes a few seconds. */
    private static final Duration EXIT_WAIT = Duration.ofSeconds(30);
    private static volatile ReopenCache current;

    private UserReopenCache() {
    }

    public static ReopenCache get() {
        ReopenCache c = current;
        if (c == null) {
            synchronized (UserReopenCache.class) {
                if (current == null) {
                    current = configured();
                }
                c = current;
            }
        }
        return c;
    }

    /** Replaces the cache (tests point it at a directory of their own). */
    public static void set(ReopenCache cache) {
        current = cache;
    }

    /** Lets entries being written finish before the process exits, so that the next open finds them. */
    static void finishWrites() {
        ReopenCache c = current;
        if (c != null) {
            c.awaitWrites(EXIT_WAIT);
        }
    }

    private static ReopenCache configured() {
        String property = System.getProperty("ompdexplorer.reopenCache", "");
        if (property.isBlank()) {
            return ReopenCache.fromEnvironment(System.getenv());
        }
        java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("OMPD_EXPLORER_REOPEN_CACHE", property);
        return ReopenCache.fromEnvironment(env);
    }
}
