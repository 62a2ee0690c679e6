package org.ompdexplorer.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.child.ChildLauncher;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What the installed {@code ompd-explorer} must do wherever it is installed — the app image, or the .deb unpacked
 * into a root: the CLI through jpackage's native launcher (output, input and exit codes passed through), and the
 * window's child import on the runtime linked into the package.
 */
abstract class InstalledCommandTest {
    /** Surefire runs in packaging/. */
    static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    static final Path PACKAGE_DIR = Path.of(System.getProperty("package.dir", "target/package")).toAbsolutePath();
    static final String VERSION = System.getProperty("project.version");
    static final Path LESSON = REPO.resolve("resources/src/main/resources/org/ompdexplorer/resources/lessons/fib-taskwait/step-01.json");
    static final Path GOLDEN = REPO.resolve("app/src/test/resources/golden/fib-taskwait.summary.txt");

    @TempDir
    Path dir;

    /** The application's directory: {@code /opt/ompd-explorer} once installed. */
    abstract Path appDir();

    Path launcher() {
        return appDir().resolve("bin/ompd-explorer");
    }

    /** The installed command, as from a terminal without a display. */
    static Processes run(Path command, Path stdin, String... args) {
        List<String> line = new ArrayList<>(List.of(command.toString()));
        line.addAll(List.of(args));
        return Processes.run(line, InstalledCommandTest::withoutDisplay, stdin);
    }

    private static void withoutDisplay(Map<String, String> env) {
        env.remove("DISPLAY");
        env.remove("WAYLAND_DISPLAY");
    }

    @Test
    void printsItsVersionAndTheRuntimeLinkedIntoIt() throws IOException {
        Processes version = run(launcher(), null, "--version").exits(0);

        List<String> lines = version.out().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).isEqualTo("ompd-explorer " + VERSION);
        assertThat(lines.get(1)).startsWith("Java 25").endsWith(" at " + appDir().resolve("lib/runtime").toRealPath());
        assertThat(version.err()).isEmpty();
    }

    @Test
    void summarizesTheBundledLessonAsTheBuildsOwnCliDoes() throws IOException {
        Processes summary = run(launcher(), null, "summary", LESSON.toString()).exits(0);

        assertThat(summary.out()).isEqualTo(Files.readString(GOLDEN));
        assertThat(summary.err()).isEmpty();
    }

    @Test
    void drawsTheTaskGraphAsTheBuildsOwnCliDoes() throws Exception {
        Path svg = dir.resolve("installed.svg");
        Path expected = dir.resolve("build.svg");

        Processes graph = run(launcher(), null, "graph", LESSON.toString(), "-o", svg.toString()).exits(0);

        assertThat(graph.err()).isEmpty();
        Document drawn = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertThat(drawn.getDocumentElement().getTagName()).isEqualTo("svg");
        NodeList groups = drawn.getElementsByTagName("g");
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < groups.getLength(); i++) {
            String cssClass = ((Element) groups.item(i)).getAttribute("class");
            if (cssClass.startsWith("node ")) {
                nodes.add(cssClass);
            }
        }
        assertThat(nodes).as("tasks laid out by ELK in the runtime").contains("node initial", "node implicit",
                "node explicit");
        // the same layout as ./ompd-explorer, which runs ELK's jars from a module path as automatic modules
        Processes.run(List.of(REPO.resolve("ompd-explorer").toString(), "graph", LESSON.toString(), "-o",
                expected.toString()), env -> env.put("JAVA_HOME", System.getProperty("java.home")), null).exits(0);
        assertThat(svg).hasSameTextualContentAs(expected);
    }

    @Test
    void passesStandardInputOutputAndExitCodesThrough() {
        assertThat(run(launcher(), LESSON, "validate", "-").exits(0).out())
                .startsWith("standard input: valid — 0 error(s), 0 warning(s)");

        Processes typo = run(launcher(), null, "sumary").exits(64);
        assertThat(typo.err()).contains("unknown command 'sumary' — did you mean 'summary'?");
        assertThat(typo.out()).isEmpty();

        assertThat(run(launcher(), null, "summary", dir.resolve("missing.json").toString()).exits(2).err())
                .contains("no such file");
        assertThat(run(launcher(), null).exits(2).err()).as("no command: the window, which needs a display")
                .contains("there is no display to open the window on");
    }

    @Test
    void runsThroughASymbolicLinkAsTheCommandOnThePathDoes() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("ompd-explorer"), launcher());

        assertThat(run(link, null, "--version").exits(0).out()).startsWith("ompd-explorer " + VERSION + "\n");
    }

    @Test
    void theWindowStartsWithJavaFxsNativeLibrariesFromTheRuntime() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        ProcessBuilder builder = new ProcessBuilder(launcher().toString()).redirectErrorStream(true);
        withoutDisplay(builder.environment());
        // JavaFX's headless platform stands in for a display (ADR 2); a home of its own shows nothing is put there
        builder.environment().put("JAVA_TOOL_OPTIONS", "-Dglass.platform=Headless -Dprism.order=sw "
                + "-Djavafx.verbose=true -Duser.home=" + home);
        String fonts = "Loaded " + appDir().toRealPath().resolve("lib/runtime/lib/libjavafx_font.so")
                + " from relative path";
        StringBuilder output = new StringBuilder();
        CountDownLatch laidOut = new CountDownLatch(1);
        Process window = builder.start();
        try {
            Thread.ofVirtual().start(() -> window.inputReader().lines().forEach(line -> {
                synchronized (output) {
                    output.append(line).append('\n');
                }
                if (line.equals(fonts)) {
                    laidOut.countDown(); // the window is laying out its text
                }
            }));
            assertThat(laidOut.await(60, TimeUnit.SECONDS)).as("the window loaded its fonts; it printed:%n%s", output)
                    .isTrue();
            assertThat(window.isAlive()).as("the window is open").isTrue();
        } finally {
            window.destroyForcibly().waitFor();
        }
        synchronized (output) {
            assertThat(output).contains("Loaded " + appDir().toRealPath().resolve("lib/runtime/lib/libprism_sw.so")
                    + " from relative path");
        }
        assertThat(home.resolve(".openjfx")).as("JavaFX extracted no libraries of its own").doesNotExist();
    }

    @Test
    void theWindowsChildImportRunsOnTheRuntimeInThePackage() throws IOException {
        Path core = NativeFixtures.core("task_tree.gcore.core");
        Path exe = NativeFixtures.program("task_tree");
        Path work = Files.createDirectories(dir.resolve("child"));
        Path snapshot = dir.resolve("task_tree.json");
        // what the window would start: it runs in jpackage's launcher, whose java.home is lib/runtime
        List<String> child = new ArrayList<>(ChildLauncher.forJvm(launcher().toString(),
                appDir().resolve("lib/runtime").toString(), true, null, "").command(work));
        assertThat(child.getFirst()).isEqualTo(appDir().resolve("lib/runtime/bin/java").toString());
        child.addAll(List.of("import-core", core.toString(), "--exe", exe.toString(), "-o", snapshot.toString()));

        Processes imported = Processes.run(child).exits(0);

        assertThat(Files.readString(snapshot)).contains("\"format\": \"ompd-explorer-snapshot\"", "\"tasks\"");
        assertThat(imported.err()).doesNotContain("WARNING"); // no restricted-method warning: native access is granted
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left).as("no crash log").isEmpty();
        }
    }
}
