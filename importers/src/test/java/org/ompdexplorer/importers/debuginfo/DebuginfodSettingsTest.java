package org.ompdexplorer.importers.debuginfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** libdebuginfod's environment variables, read as it reads them; a malformed value is a problem line, never a throw. */
class DebuginfodSettingsTest {
    private static final Map<String, String> HOME = Map.of("HOME", "/home/ada");

    @Test
    void nothingSetIsOffWithLibdebuginfodsDefaults() {
        DebuginfodSettings s = DebuginfodSettings.fromEnvironment(HOME);
        assertThat(s.enabled()).isFalse();
        assertThat(s.servers()).isEmpty();
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(s.maxSize()).isZero();
        assertThat(s.maxTime()).isEqualTo(Duration.ZERO);
        assertThat(s.cacheDirectory()).isEqualTo(Path.of("/home/ada/.cache/ompd-explorer/debuginfod"));
        assertThat(DebuginfodSettings.environmentProblems(HOME)).isEmpty();
    }

    @Test
    void everyVariableIsRead() {
        Map<String, String> env = Map.of("DEBUGINFOD_URLS", " http://127.0.0.1:8002/  https://debuginfod.example.org\t",
                "DEBUGINFOD_TIMEOUT", "5", "DEBUGINFOD_MAXSIZE", "1000000", "DEBUGINFOD_MAXTIME", "120",
                "DEBUGINFOD_CACHE_PATH", "/var/cache/dbg", "XDG_CACHE_HOME", "/xdg", "HOME", "/home/ada");
        DebuginfodSettings s = DebuginfodSettings.fromEnvironment(env);
        assertThat(s.servers()).containsExactly(URI.create("http://127.0.0.1:8002"),
                URI.create("https://debuginfod.example.org"));
        assertThat(s.enabled()).isTrue();
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.maxSize()).isEqualTo(1_000_000);
        assertThat(s.maxTime()).isEqualTo(Duration.ofSeconds(120));
        assertThat(s.cacheDirectory()).isEqualTo(Path.of("/var/cache/dbg"));
        assertThat(DebuginfodSettings.environmentProblems(env)).isEmpty();
    }

    @Test
    void theCacheIsUnderXdgCacheHomeWhenNoPathIsGiven() {
        assertThat(DebuginfodSettings.fromEnvironment(Map.of("XDG_CACHE_HOME", "/xdg", "HOME", "/h")).cacheDirectory())
                .isEqualTo(Path.of("/xdg/ompd-explorer/debuginfod"));
    }

    @Test
    void malformedValuesAreOneLineEachAndTakeTheirDefaults() {
        Map<String, String> env = Map.of("DEBUGINFOD_URLS", "http://ok:8002 ftp://no file:///x http://",
                "DEBUGINFOD_TIMEOUT", "abc", "DEBUGINFOD_MAXSIZE", "-5", "DEBUGINFOD_MAXTIME", "1.5",
                "DEBUGINFOD_CACHE_PATH", "relative/dir", "XDG_CACHE_HOME", "also-relative", "HOME", "/home/ada");
        DebuginfodSettings s = DebuginfodSettings.fromEnvironment(env);
        assertThat(s.servers()).containsExactly(URI.create("http://ok:8002"));
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(s.maxSize()).isZero();
        assertThat(s.maxTime()).isEqualTo(Duration.ZERO);
        assertThat(s.cacheDirectory()).isEqualTo(Path.of("/home/ada/.cache/ompd-explorer/debuginfod"));
        assertThat(DebuginfodSettings.environmentProblems(env)).containsExactly(
                "DEBUGINFOD_URLS: debuginfod server \"ftp://no\" is not an http or https URL — give http:// or https://"
                        + " base URLs separated by spaces, e.g. http://127.0.0.1:8002; it was left out",
                "DEBUGINFOD_URLS: debuginfod server \"file:///x\" is not an http or https URL — give http:// or"
                        + " https:// base URLs separated by spaces, e.g. http://127.0.0.1:8002; it was left out",
                "DEBUGINFOD_URLS: debuginfod server \"http://\" is not a URL (Expected authority) — give http:// or"
                        + " https:// base URLs separated by spaces, e.g. http://127.0.0.1:8002; it was left out",
                "DEBUGINFOD_TIMEOUT=abc is not a whole number of seconds of at least 1; using 90 s — set it to e.g."
                        + " DEBUGINFOD_TIMEOUT=90 or unset it",
                "DEBUGINFOD_MAXSIZE=-5 is not a whole number of bytes; using no limit — set it to e.g."
                        + " DEBUGINFOD_MAXSIZE=1000000000 or unset it",
                "DEBUGINFOD_MAXTIME=1.5 is not a whole number of seconds; using no limit — set it to e.g."
                        + " DEBUGINFOD_MAXTIME=90 or unset it",
                "DEBUGINFOD_CACHE_PATH=relative/dir is not an absolute path; it is ignored — set it to an absolute"
                        + " directory",
                "XDG_CACHE_HOME=also-relative is not an absolute path; it is ignored — set it to an absolute directory");
    }

    @Test
    void aZeroTimeoutIsMalformedAndHugeNumbersDoNotOverflow() {
        Map<String, String> env = Map.of("DEBUGINFOD_TIMEOUT", "0", "DEBUGINFOD_MAXTIME", "99999999999999999999");
        DebuginfodSettings s = DebuginfodSettings.fromEnvironment(env);
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(s.maxTime()).isEqualTo(Duration.ZERO);
        assertThat(DebuginfodSettings.environmentProblems(env)).hasSize(2);
    }

    @Test
    void parseServersNamesTheBadEntry() {
        assertThat(DebuginfodSettings.parseServers("  ")).isEmpty();
        assertThat(DebuginfodSettings.parseServers("http://a:1/ http://a:1 https://b/path/"))
                .containsExactly(URI.create("http://a:1"), URI.create("https://b/path"));
        assertThatThrownBy(() -> DebuginfodSettings.parseServers("http://a:1 localhost:8002"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("debuginfod server \"localhost:8002\" is not an http or https URL — give http:// or"
                        + " https:// base URLs separated by spaces, e.g. http://127.0.0.1:8002");
        assertThatThrownBy(() -> DebuginfodSettings.parseServers("http://a:1/?q=1"))
                .hasMessageContaining("\"http://a:1/?q=1\" has a query or fragment");
    }

    @Test
    void theWindowsServersOverrideTheVariable() {
        DebuginfodSettings s = DebuginfodSettings.fromEnvironment(Map.of("DEBUGINFOD_URLS", "http://a:1",
                "DEBUGINFOD_TIMEOUT", "7", "HOME", "/h"));
        DebuginfodSettings w = s.withServers(List.of(URI.create("http://b:2")));
        assertThat(w.servers()).containsExactly(URI.create("http://b:2"));
        assertThat(w.timeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(s.withServers(List.of()).enabled()).isFalse();
    }
}
