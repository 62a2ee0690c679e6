package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The window on a machine that cannot show it: one sentence naming what to install or set, exit 2. */
class WindowUnavailableTest {
    @Test
    void aMissingGtkNamesThePackages() {
        WindowUnavailableException e = WindowUnavailableException.of(
                new UnsupportedOperationException("Unable to load glass GTK library."), ":0");
        assertThat(e.getMessage()).startsWith("the window needs GTK 3, which is not installed")
                .contains("apt-get install libgtk-3-0");
    }

    @Test
    void aMissingLibraryBehindAnotherErrorIsFoundInTheCauses() {
        WindowUnavailableException e = WindowUnavailableException.of(new RuntimeException("launch failed",
                new UnsatisfiedLinkError("libXtst.so.6: cannot open shared object file")), ":0");
        assertThat(e.getMessage()).contains("libXtst.so.6").contains("scripts/install-deps.sh");
    }

    @Test
    void anythingElseIsNotCalledAMachineProblem() {
        assertThat(WindowUnavailableException.of(new IllegalStateException("a bug"), ":0")).isNull();
    }

    /** The real launcher path in a JVM of its own, with a DISPLAY no X server answers: no display needed. */
    @Test
    void anUnreachableDisplayIsExitTwoWithOneLine() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), "org.ompdexplorer.app.Main").redirectErrorStream(true);
        pb.environment().put("DISPLAY", ":987");
        pb.environment().remove("WAYLAND_DISPLAY");
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                // on the class path (tests only) JavaFX logs that it is unsupported there; the launcher uses modules
                .filter(l -> !l.startsWith("WARNING:") && !l.contains("com.sun.javafx.application.PlatformImpl"))
                .toList();
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(lines).containsExactly("ompd-explorer: cannot open the display ':987': no X server answers there"
                + " — start the desktop session (or Xvfb), fix DISPLAY, or connect with ssh -X; the commands (summary,"
                + " validate, export, import-core, …) need no display");
    }

    @Test
    void noDisplayAtAllIsExitTwoWithOneLine() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "org.ompdexplorer.app.Main").redirectErrorStream(true);
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(said.lines()).hasSize(1);
        assertThat(said).startsWith("ompd-explorer: there is no display to open the window on");
    }
}
