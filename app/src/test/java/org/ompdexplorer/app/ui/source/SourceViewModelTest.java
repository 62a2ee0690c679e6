package org.ompdexplorer.app.ui.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.ExplorerPreferences;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.FrameRole;

class SourceViewModelTest {
    @TempDir
    Path dir;
    private final ExplorerPreferences preferences = ExplorerPreferences.inMemory();

    private SourceViewModel vm(long limit) {
        return new SourceViewModel(new SameThreadBackgroundTasks(), preferences, () -> Optional.of(dir), limit);
    }

    private static CallFrame frame(String file, int line) {
        return new CallFrame(0x1100, 0, true, 0, "work", file, line, 3, false, null, FrameRole.USER);
    }

    private Path source(String relative, int lines) throws IOException {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.write(p, IntStream.rangeClosed(1, lines).mapToObj(i -> "line " + i).toList());
        return p;
    }

    @Test
    void aFoundFileShowsItsLinesAtTheFramesLineAndIsNeverWritten() throws IOException {
        Path file = source("prog/prog.c", 60);
        FileTime before = Files.getLastModifiedTime(file);
        byte[] bytes = Files.readAllBytes(file);
        SourceViewModel vm = vm(SourceFiles.DEFAULT_LIMIT);
        vm.open(frame(file.toString(), 40));
        SourceText.Found found = (SourceText.Found) vm.textProperty().get();
        assertThat(found.path()).isEqualTo(file);
        assertThat(found.line()).isEqualTo(40);
        assertThat(found.lines()).hasSize(60);
        assertThat(found.lines().get(39)).isEqualTo("line 40");
        assertThat(Files.getLastModifiedTime(file)).isEqualTo(before);
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
    }

    @Test
    void aMissingFileIsNamedWithThePathsTried() {
        SourceViewModel vm = vm(SourceFiles.DEFAULT_LIMIT);
        vm.open(frame("/build/prog/prog.c", 40));
        SourceText.NotFound missing = (SourceText.NotFound) vm.textProperty().get();
        assertThat(missing.message()).isEqualTo("source not found: /build/prog/prog.c");
        assertThat(missing.tried()).containsExactly(Path.of("/build/prog/prog.c"));
    }

    @Test
    void pointingAtTheFileRecordsASubstitutionThatServesTheProgramsOtherFilesAndIsKept() throws IOException {
        Path here = source("checkout/prog/src/prog.c", 60);
        Path other = source("checkout/prog/src/util.c", 10);
        SourceViewModel vm = vm(SourceFiles.DEFAULT_LIMIT);
        vm.open(frame("/build/prog/src/prog.c", 40));
        assertThat(vm.textProperty().get()).isInstanceOf(SourceText.NotFound.class);
        vm.pointAt(here);
        assertThat(vm.substitutionsProperty().get().rules()).containsExactly(
                new PathSubstitutions.Rule("/build", dir.resolve("checkout").toString()));
        assertThat(((SourceText.Found) vm.textProperty().get()).path()).isEqualTo(here);
        vm.open(frame("/build/prog/src/util.c", 2));
        assertThat(((SourceText.Found) vm.textProperty().get()).path()).isEqualTo(other);
        assertThat(preferences.remembered(SourceViewModel.SUBSTITUTIONS_KEY)).contains("/build "
                + dir.resolve("checkout") + "\n");
        SourceViewModel again = vm(SourceFiles.DEFAULT_LIMIT);
        assertThat(again.substitutionsProperty().get()).as("kept for the next run")
                .isEqualTo(vm.substitutionsProperty().get());
    }

    @Test
    void theSettingTakesGdbsFromToLinesAndSaysWhichLinesAreNot() throws IOException {
        Path here = source("src with space/prog.c", 5);
        SourceViewModel vm = vm(SourceFiles.DEFAULT_LIMIT);
        vm.open(frame("/build/prog.c", 2));
        List<String> problems = vm.setSubstitutions("# where the build was\n/build \"" + dir.resolve("src with space")
                + "\"\n/only-one-path\n");
        assertThat(problems).singleElement().asString().startsWith("line 3: \"/only-one-path\" is not FROM TO");
        assertThat(((SourceText.Found) vm.textProperty().get()).path()).isEqualTo(here);
        assertThat(PathSubstitutions.parse(vm.substitutionsProperty().get().format()).substitutions())
                .isEqualTo(vm.substitutionsProperty().get());
    }

    @Test
    void aRelativeFileIsFoundBesideTheSnapshotOrThroughTheRelativeRule() throws IOException {
        Path beside = source("native-fixtures/fixture.h", 40);
        SourceViewModel vm = vm(SourceFiles.DEFAULT_LIMIT);
        vm.open(frame("native-fixtures/fixture.h", 31));
        assertThat(((SourceText.Found) vm.textProperty().get()).path()).isEqualTo(beside);
        assertThat(PathSubstitutions.learn("native-fixtures/fixture.h", Path.of("/home/me/ompd/native-fixtures/fixture.h")))
                .isEqualTo(new PathSubstitutions.Rule(PathSubstitutions.RELATIVE, "/home/me/ompd"));
    }

    @Test
    void aFileOverTheLimitOrBinaryIsNotShownAndSaysSo() throws IOException {
        Path big = source("big.c", 2000);
        SourceViewModel vm = vm(1024);
        vm.open(frame(big.toString(), 3));
        SourceText.TooLarge tooLarge = (SourceText.TooLarge) vm.textProperty().get();
        assertThat(tooLarge.message()).isEqualTo(big + " is " + Files.size(big) / 1024 + " KiB, more than the 1 KiB"
                + " the source view reads: open it in an editor at line 3");
        Path binary = dir.resolve("prog.o");
        Files.write(binary, new byte[] {0x7f, 'E', 'L', 'F', 0, 0, 1});
        vm.open(frame(binary.toString(), 3));
        assertThat(vm.textProperty().get()).isInstanceOf(SourceText.Binary.class);
        assertThat(vm.textProperty().get().message()).contains("is not a text file");
    }
}
