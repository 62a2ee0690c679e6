package org.ompdexplorer.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The app image (packaging/target/package/ompd-explorer): what the .deb installs as /opt/ompd-explorer. */
class AppImageTest extends InstalledCommandTest {
    static final Path IMAGE = PACKAGE_DIR.resolve("ompd-explorer");

    @Override
    Path appDir() {
        return IMAGE;
    }

    @BeforeAll
    static void built() {
        assertThat(IMAGE.resolve("bin/ompd-explorer")).as("scripts/package.sh ran in the package phase").isExecutable();
    }

    @Test
    void oneRuntimeHoldsTheApplicationAndKeepsJavaForTheChildImport() throws IOException {
        Path runtime = IMAGE.resolve("lib/runtime");
        Processes modules = Processes.run(List.of(runtime.resolve("bin/java").toString(), "--list-modules")).exits(0);

        assertThat(modules.out()).contains("org.ompdexplorer.app@" + VERSION, "org.ompdexplorer.importers@" + VERSION,
                "javafx.controls@", "org.controlsfx.controls@", "info.picocli@", "tools.jackson.core@", "java.prefs@");
        assertThat(modules.out()).as("only what the application needs").doesNotContain("jdk.compiler", "jdk.jlink");
        assertThat(runtime.resolve("bin/keytool")).doesNotExist();
        assertThat(runtime.resolve("lib/server/classes.jsa")).as("the JDK's class data sharing archive").exists();
        assertThat(runtime.resolve("lib/libglassgtk3.so")).as("JavaFX's libraries beside the JDK's").exists();
        assertThat(runtime.resolve("lib/libjsound.so")).as("no sound").doesNotExist();
        // nothing on a module path: ChildLauncher starts the child with -m alone
        assertThat(IMAGE.resolve("lib/app/mods")).doesNotExist();
        assertThat(Files.readString(IMAGE.resolve("lib/app/ompd-explorer.cfg")))
                .contains("app.mainmodule=org.ompdexplorer.app/org.ompdexplorer.app.Main")
                .contains("java-options=--enable-native-access=org.ompdexplorer.importers,javafx.graphics")
                .doesNotContain("--module-path");
    }
}
