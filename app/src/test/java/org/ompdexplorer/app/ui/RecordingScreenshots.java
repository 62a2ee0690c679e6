package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;

/**
 * The screenshot of a recorded run: the corpus's BOTS-style fib (not written for this tool) recorded on four threads
 * with the agent in record mode, cached under {@code ~/.cache/ompd-explorer/screenshots/} so that the picture stays the
 * same on one machine; opened at the program's own snapshot, the timeline above with three lesson steps made, the
 * whole run's task graph beside the tree. Without clang-19 or the agent's build tools it is left out with one line.
 */
final class RecordingScreenshots {
    private static final Path CACHE = Path.of(System.getProperty("user.home"), ".cache", "ompd-explorer",
            "screenshots", "fib-recording.ndjson");

    private RecordingScreenshots() {
    }

    static void write(MainViewModel vm, Scene scene, Path out) throws Exception {
        Path recording;
        try {
            recording = recording();
        } catch (AssertionError | IOException e) {
            System.out.println("recording.png left out: no recording of fib (" + e.getMessage().lines().findFirst()
                    .orElse("") + "); install clang-19 and libomp-19-dev");
            return;
        }
        FxDriver.onFx(() -> {
            vm.navigator().groupingProperty().set(org.ompdexplorer.app.ui.navigator.Grouping.STRUCTURE);
            vm.open(recording);
        });
        FxDriver.waitFor("the recording", 60, () -> vm.recordingProperty().get() != null
                && vm.snapshotProperty().get() != null);
        FxDriver.onFx(() -> { // a lesson being made of it: its steps flagged on the timeline's axis
            int at = vm.timeline().positionProperty().get();
            int size = vm.recordingProperty().get().recording().size();
            vm.addLessonStep(at / 2, "The first tasks", "");
            vm.addLessonStep(at, "The program's own snapshot", "");
            vm.addLessonStep(at + (size - at) / 3, "Tasks finish", "");
            vm.wholeRunGraphProperty().set(true);
        });
        // laid out for the whole run: every task it created, not the moment's
        FxDriver.waitFor("the whole run's graph", 60, () -> vm.graph().layoutProperty().get() != null
                && vm.graph().snapshotProperty().get().sourceName().endsWith("the whole run")
                && vm.graph().layoutProperty().get().graph().tasksShown()
                == vm.graph().snapshotProperty().get().snapshot().tasks().size());
        FxDriver.pulses(scene, 6);
        ScreenshotsCommand.write(scene, out.resolve("recording.png"));
        FxDriver.onFx(() -> {
            vm.closeRecording();
            ((TabPane) scene.lookup("#detailsTabs")).getSelectionModel().select(0);
        });
    }

    /** The cached recording, made once: fib tied 14 on four threads. */
    private static Path recording() throws IOException, InterruptedException {
        if (Files.isRegularFile(CACHE) && Files.isExecutable(CACHE.resolveSibling("fib"))) {
            return CACHE;
        }
        Path work = Files.createTempDirectory("ompd-explorer-recording");
        try {
            Path corpus = Path.of("../native-fixtures/corpus").toAbsolutePath().normalize();
            // the program kept beside the recording: its module map names it, and its sites are read from it
            Files.createDirectories(CACHE.getParent());
            Path exe = AgentCaptures.compile(corpus.resolve("fib.c"), CACHE.resolveSibling("fib"), "-g",
                    "-I" + corpus);
            ProcessBuilder pb = new ProcessBuilder(exe.toString(), "tied", "14").directory(work.toFile())
                    .redirectErrorStream(true).redirectOutput(work.resolve("out.txt").toFile());
            Map<String, String> env = pb.environment();
            env.keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("KMP_") || k.startsWith("OMPD_EXPLORER_"));
            env.putAll(Map.of("OMP_TOOL_LIBRARIES", AgentCaptures.agent().toString(), "OMP_NUM_THREADS", "4",
                    "OMPD_EXPLORER_RECORD", "1", "OMPD_EXPLORER_DIR", work.toString()));
            if (pb.start().waitFor() != 0) {
                throw new IOException("fib failed: " + Files.readString(work.resolve("out.txt")));
            }
            Path made;
            try (Stream<Path> files = Files.list(work)) {
                made = files.filter(p -> p.getFileName().toString().endsWith("-recording.ndjson")).findFirst()
                        .orElseThrow(() -> new IOException("the agent wrote no recording"));
            }
            OutputFile.write(CACHE, List.of(made), o -> Files.copy(made, o));
            return CACHE;
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
