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
                .contains("java-options=-XX:CompileCommand=quiet",
                        "java-options=-XX:CompileCommand=dontinline,org.ompdexplorer.importers.json.ValueReaders::*",
                        "java-options=-XX:CompileCommand=dontinline,org.ompdexplorer.importers.json.JsonCursor::*")
                .doesNotContain("--module-path");
    }

    @Test
    void elkAndEmfAreLinkedAsExplicitModulesUnderTheNamesTheApplicationRequires() {
        Path java = IMAGE.resolve("lib/runtime/bin/java");
        Processes modules = Processes.run(List.of(java.toString(), "--list-modules")).exits(0);

        // explicit copies of the automatic jars (scripts/package.sh, ADR 8), open to reflection as automatic ones are
        assertThat(modules.out().lines()).contains("org.eclipse.elk.alg.layered@0.12.1 open",
                "org.eclipse.elk.alg.common@0.12.1 open", "org.eclipse.elk.core@0.12.1 open",
                "org.eclipse.elk.graph@0.12.1 open", "org.eclipse.emf.common@2.12.0 open",
                "org.eclipse.emf.ecore@2.12.0 open", "org.eclipse.xtext.xbase.lib@2.44.0 open");
        assertThat(modules.out()).contains("com.google.common@");
        // what jdeps cannot see: ELK core loads the layout providers with ServiceLoader
        assertThat(Processes.run(List.of(java.toString(), "--describe-module", "org.eclipse.elk.core")).exits(0)
                .out().lines()).contains("uses org.eclipse.elk.core.data.ILayoutMetaDataProvider",
                "provides org.eclipse.elk.core.data.ILayoutMetaDataProvider with "
                        + "org.eclipse.elk.core.labels.LabelManagementOptions");
        assertThat(Processes.run(List.of(java.toString(), "--describe-module", "org.eclipse.elk.alg.layered"))
                .exits(0).out().lines()).contains("provides org.eclipse.elk.core.data.ILayoutMetaDataProvider with "
                        + "org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider");
    }
}
