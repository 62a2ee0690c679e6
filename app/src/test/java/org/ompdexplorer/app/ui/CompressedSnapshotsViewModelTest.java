package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.SnapshotEdits;

/** The window's Open, Export, Compare and Open Series with {@code .json.gz} files, without a window. */
class CompressedSnapshotsViewModelTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private Snapshot lesson;

    @BeforeEach
    void openLesson() {
        vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        vm.openBundledLesson();
        lesson = vm.snapshotProperty().get().snapshot();
    }

    @Test
    void opensACompressedSnapshotAsThePlainOne() {
        Path gz = TestSnapshots.write(lesson, dir.resolve("lesson.json.gz"));
        vm.open(gz);
        assertThat(vm.problemProperty().get()).isNull();
        assertThat(vm.snapshotProperty().get().path()).contains(gz);
        assertThat(vm.snapshotProperty().get().snapshot().tasks()).isEqualTo(lesson.tasks());
        assertThat(vm.titleProperty().get()).contains("lesson.json.gz");
    }

    @Test
    void exportsCompressedForAGzNameAndTheFileOpensAgain() throws Exception {
        Path out = dir.resolve("exported.json.gz");
        vm.export(out);
        assertThat(vm.messageProperty().get()).startsWith("Exported to");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(out))) {
            assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))
                    .contains("\"ompd-explorer-snapshot\"");
        }
        vm.open(out);
        assertThat(vm.snapshotProperty().get().snapshot().tasks()).isEqualTo(lesson.tasks());
    }

    @Test
    void theExportDialogsCompressedFilterAddsTheExtension() {
        assertThat(FileDialogs.exportName(Path.of("/t/a"), true)).isEqualTo(Path.of("/t/a.json.gz"));
        assertThat(FileDialogs.exportName(Path.of("/t/a.json"), true)).isEqualTo(Path.of("/t/a.json.gz"));
        assertThat(FileDialogs.exportName(Path.of("/t/a.json.gz"), true)).isEqualTo(Path.of("/t/a.json.gz"));
        assertThat(FileDialogs.exportName(Path.of("/t/a.json"), false)).isEqualTo(Path.of("/t/a.json"));
        assertThat(FileDialogs.exportName(Path.of("/t/a.json.gz"), false)).isEqualTo(Path.of("/t/a.json.gz"));
    }

    @Test
    void comparesAndOpensASeriesOfCompressedAndPlainFiles() throws Exception {
        Path a = TestSnapshots.write(lesson, dir.resolve("a.json.gz"));
        Path b = TestSnapshots.write(SnapshotEdits.renumbered(lesson, 50), dir.resolve("b.json"));
        vm.compareFiles(List.of(a, b));
        assertThat(vm.problemProperty().get()).isNull();
        assertThat(vm.comparingProperty().get()).isTrue();
        assertThat(vm.compare().diffProperty().get().hasDifferences()).isFalse();
        vm.closeComparison();

        Path series = Files.createDirectory(dir.resolve("series"));
        TestSnapshots.write(lesson, series.resolve("s-1.json.gz"));
        TestSnapshots.write(lesson, series.resolve("s-2.json.gz"));
        vm.compareFiles(List.of(series));
        assertThat(vm.problemProperty().get()).isNull();
        assertThat(vm.comparingProperty().get()).isTrue();
    }

    @Test
    void aTruncatedCompressedFileIsOneProblemThatSaysWhereAndWhatToDo() throws Exception {
        byte[] whole = Files.readAllBytes(TestSnapshots.write(lesson, dir.resolve("whole.json.gz")));
        Path cut = Files.write(dir.resolve("cut.json.gz"), Arrays.copyOf(whole, whole.length / 2));
        vm.open(cut);
        Problem problem = vm.problemProperty().get();
        assertThat(problem).isNotNull();
        assertThat(problem.title()).contains("cut.json.gz");
        assertThat(problem.message()).contains("ends in the middle of its compressed data", "copy it again");
        assertThat(problem.diagnostics()).singleElement()
                .satisfies(d -> assertThat(d.location().offset()).isPositive());
        assertThat(vm.snapshotProperty().get().snapshot()).isSameAs(lesson);
    }
}
