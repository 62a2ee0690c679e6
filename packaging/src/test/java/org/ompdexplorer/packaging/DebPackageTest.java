package org.ompdexplorer.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.ExplorerApp;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The .deb as dpkg installs it, without installing it into this machine: unpacked into a root ({@code dpkg-deb -x}),
 * its control files read ({@code dpkg-deb -e}), its maintainer scripts run as dpkg runs them for another root (its
 * {@code DPKG_ROOT}, the xdg tools stubbed), and the installed command run from the root. A real {@code dpkg -i}
 * would need root, xdg-utils and GTK from the network, and a failure half-way would leave the machine changed.
 */
class DebPackageTest extends InstalledCommandTest {
    static final String OPT = "/opt/ompd-explorer";
    static final String SNAPSHOT_TYPE = "application/x-ompd-snapshot+json";

    @TempDir
    static Path unpacked;
    static Path root;
    static Path control;

    @Override
    Path appDir() {
        return root.resolve(OPT.substring(1));
    }

    @BeforeAll
    static void unpack() {
        for (String tool : List.of("dpkg-deb", "fakeroot")) {
            NativeFixtures.require(onPath(tool), tool + " is missing, so scripts/package.sh made no .deb",
                    "apt-get install fakeroot dpkg, or scripts/install-deps.sh");
        }
        Path deb = PACKAGE_DIR.resolve("ompd-explorer_" + debianVersion() + "_" + architecture() + ".deb");
        assertThat(deb).as("scripts/package.sh wrote the .deb").isRegularFile();
        root = unpacked.resolve("root");
        control = unpacked.resolve("DEBIAN");
        Processes.run(List.of("dpkg-deb", "-x", deb.toString(), root.toString())).exits(0);
        Processes.run(List.of("dpkg-deb", "-e", deb.toString(), control.toString())).exits(0);
    }

    @Test
    void controlNamesThePackageItsVersionAndWhatTheWindowNeeds() throws IOException {
        Map<String, String> fields = fields(control.resolve("control"), ": ");

        assertThat(fields).containsEntry("Package", "ompd-explorer").containsEntry("Version", debianVersion())
                .containsEntry("Architecture", architecture()).containsEntry("Section", "devel");
        assertThat(fields.get("Maintainer")).matches(".+ <[^@ ]+@[^@ ]+>");
        assertThat(fields.get("Description")).isNotBlank().hasSizeLessThanOrEqualTo(80);
        assertThat(fields.get("Depends")).contains("xdg-utils", "libgtk-3-0", "libgl1", "fonts-dejavu-core", "libdw1");
    }

    @Test
    void theDesktopEntryOpensSnapshotsInTheWindow() throws IOException {
        Path entry = appDir().resolve("lib/ompd-explorer-ompd-explorer.desktop");

        assertThat(fields(entry, "=")).containsEntry("Type", "Application").containsEntry("Name", "OMPD Explorer")
                .containsEntry("Exec", OPT + "/bin/ompd-explorer %f").containsEntry("Icon", OPT + "/lib/ompd-explorer.png")
                .containsEntry("Terminal", "false").containsEntry("Categories", "Development;Debugger;")
                .containsEntry("MimeType", SNAPSHOT_TYPE + ";")
                .containsEntry("StartupWMClass", ExplorerApp.class.getName()); // the window's WM_CLASS under GTK
        NativeFixtures.require(onPath("desktop-file-validate"), "desktop-file-validate is missing",
                "apt-get install desktop-file-utils, or scripts/install-deps.sh");
        Processes valid = Processes.run(List.of("desktop-file-validate", entry.toString())).exits(0);
        assertThat(valid.out() + valid.err()).isEmpty();
    }

    @Test
    void theIconIsA256PixelPng() throws IOException {
        Path icon = appDir().resolve("lib/ompd-explorer.png");
        BufferedImage image = ImageIO.read(icon.toFile());

        assertThat(image.getWidth()).isEqualTo(256);
        assertThat(image.getHeight()).isEqualTo(256);
        assertThat(Files.readAllBytes(icon)).isEqualTo(Files.readAllBytes(REPO.resolve("packaging/linux/ompd-explorer.png")));
    }

    @Test
    void theSnapshotTypeIsJsonAndClaimsOnlySnapshots() throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Element type = (Element) factory.newDocumentBuilder().parse(appDir().resolve("lib/ompd-explorer-snapshot.xml")
                .toFile()).getElementsByTagNameNS("*", "mime-type").item(0);

        assertThat(type.getAttribute("type")).isEqualTo(SNAPSHOT_TYPE);
        assertThat(attributes(type, "sub-class-of", "type")).containsExactly("application/json");
        assertThat(attributes(type, "glob", "pattern")).containsExactlyInAnyOrder("*.ompd.json", "ompd-explorer-*.json");
        // the magic: "{" at 0, then the format's name within the first 64 bytes, as the exporter and the agent write
        assertThat(attributes(type, "match", "value")).containsExactly("{", "\"ompd-explorer-snapshot\"");
        String head = new String(Arrays.copyOf(Files.readAllBytes(LESSON), 64), StandardCharsets.UTF_8);
        assertThat(head).startsWith("{").contains("\"ompd-explorer-snapshot\"");
    }

    @Test
    void postinstPutsTheCommandOnThePathAndRegistersTheDesktopFilesPrermUndoesIt() throws IOException {
        Path log = dir.resolve("xdg.log");
        Path stubs = xdgStubs(log, "");
        Path link = Files.createDirectories(dir.resolve("dpkg-root/usr/bin")).resolve("ompd-explorer");

        maintainerScript("postinst", stubs, "configure").exits(0);

        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of(OPT, "bin/ompd-explorer"));
        assertThat(root.resolve(OPT.substring(1) + "/bin/ompd-explorer")).isExecutable();
        // issue 23: the desktop registration is the root's too — its files, its menu and MIME directories
        Path dpkgRoot = dir.resolve("dpkg-root");
        String dirs = " XDG_DATA_DIRS=" + dpkgRoot + "/usr/local/share:" + dpkgRoot + "/usr/share XDG_CONFIG_DIRS="
                + dpkgRoot + "/etc/xdg";
        List<String> calls = Files.readAllLines(log);
        assertThat(calls).containsExactly(
                "xdg-desktop-menu install " + dpkgRoot + OPT + "/lib/ompd-explorer-ompd-explorer.desktop" + dirs,
                "xdg-mime install " + dpkgRoot + OPT + "/lib/ompd-explorer-snapshot.xml" + dirs);
        for (String call : calls) {
            String file = call.split(" ")[2].substring(dpkgRoot.toString().length() + 1);
            assertThat(root.resolve(file)).as("what postinst registers is in the package").isRegularFile();
        }

        maintainerScript("prerm", stubs, "remove").exits(0);
        assertThat(link).doesNotExist();

        // a file of another package at that path is left alone, both ways
        Files.writeString(link, "someone else's");
        assertThat(maintainerScript("postinst", stubs, "configure").exits(0).err())
                .contains(link + " exists and is not a link");
        maintainerScript("prerm", stubs, "remove").exits(0);
        assertThat(link).hasContent("someone else's");
    }

    /** Issue 23: nor is another package's link replaced, or removed. */
    @Test
    void anotherPackagesLinkOnThePathIsLeftAlone() throws IOException {
        Path stubs = xdgStubs(dir.resolve("xdg.log"), "");
        Path link = Files.createDirectories(dir.resolve("dpkg-root/usr/bin")).resolve("ompd-explorer");
        Path theirs = Path.of("/usr/lib/other-package/bin/ompd-explorer");
        Files.createSymbolicLink(link, theirs);
        assertThat(maintainerScript("postinst", stubs, "configure").exits(0).err())
                .contains(link + " is another program's link (to " + theirs + "), left as it is");
        assertThat(Files.readSymbolicLink(link)).isEqualTo(theirs);
        maintainerScript("prerm", stubs, "remove").exits(0);
        assertThat(Files.readSymbolicLink(link)).isEqualTo(theirs);
    }

    @Test
    void withoutADesktopMenuTheCommandIsInstalledAllTheSame() throws IOException {
        // what xdg-desktop-menu says and does on a machine without /etc/xdg/menus (a server, a container)
        Path stubs = xdgStubs(dir.resolve("xdg.log"),
                "[ \"$(basename \"$0\")\" = xdg-desktop-menu ] && { echo 'No writable system menu directory found.' >&2; exit 3; }\n");
        Path link = Files.createDirectories(dir.resolve("dpkg-root/usr/bin")).resolve("ompd-explorer");

        assertThat(maintainerScript("postinst", stubs, "configure").exits(0).err())
                .contains("not added to a desktop menu here");
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of(OPT, "bin/ompd-explorer"));
    }

    /** Stand-ins for xdg-utils that log their arguments to {@code log} after running {@code before}. */
    private Path xdgStubs(Path log, String before) throws IOException {
        Path stubs = Files.createDirectories(dir.resolve("stubs"));
        for (String tool : List.of("xdg-desktop-menu", "xdg-mime", "xdg-icon-resource")) {
            Path stub = stubs.resolve(tool);
            Files.writeString(stub, "#!/bin/sh\n" + before + "echo \"" + tool + " $*${XDG_DATA_DIRS:+ XDG_DATA_DIRS=$XDG_DATA_DIRS}"
                    + "${XDG_CONFIG_DIRS:+ XDG_CONFIG_DIRS=$XDG_CONFIG_DIRS}\" >> '" + log + "'\n");
            assertThat(stub.toFile().setExecutable(true)).isTrue();
        }
        return stubs;
    }

    /** A maintainer script as dpkg runs it for an install into {@code dir/dpkg-root}, with the xdg tools stubbed. */
    private Processes maintainerScript(String script, Path stubs, String argument) {
        return Processes.run(List.of("sh", control.resolve(script).toString(), argument), env -> {
            env.put("DPKG_ROOT", dir.resolve("dpkg-root").toString());
            env.put("PATH", stubs + File.pathSeparator + env.get("PATH"));
        }, null);
    }

    /** {@code 0.1.0-SNAPSHOT} is packaged as 0.1.0: dpkg versions have no "-SNAPSHOT" (scripts/package.sh). */
    static String debianVersion() {
        return VERSION.replaceFirst("-SNAPSHOT$", "");
    }

    static String architecture() {
        return Processes.run(List.of("dpkg", "--print-architecture")).exits(0).out().strip();
    }

    static boolean onPath(String tool) {
        return Stream.of(System.getenv("PATH").split(File.pathSeparator))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, tool)));
    }

    /** "Key: value" (control) or "Key=value" (desktop entry) lines, in order; continuations and comments skipped. */
    private static Map<String, String> fields(Path file, String separator) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            int at = line.indexOf(separator);
            if (at > 0 && !line.startsWith(" ") && !line.startsWith("#")) {
                fields.put(line.substring(0, at), line.substring(at + separator.length()).strip());
            }
        }
        return fields;
    }

    private static List<String> attributes(Element type, String element, String attribute) {
        NodeList nodes = type.getElementsByTagNameNS("*", element);
        List<String> values = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            values.add(((Element) nodes.item(i)).getAttribute(attribute));
        }
        return values;
    }
}
