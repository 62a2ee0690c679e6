package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * The window shows an opened file's tree before its validation ends, then validates: a valid file stays the
 * snapshot that was shown (its tree is not rebuilt); a file the validator faults ends with exactly the diagnostics
 * an eager load gives, located in the file.
 */
class ShownFirstValidationTest {
    @TempDir
    Path dir;

    private static MainViewModel window() {
        return new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
    }

    @Test
    void aValidFileStaysTheSnapshotThatWasShown() throws Exception {
        Path file = TestSnapshots.write(TestSnapshots.lesson().snapshot(), dir.resolve("valid.json"));
        LoadedSnapshot shownFirst = SnapshotSources.fileShownFirst(file).run(JobContext.NONE);
        assertThat(shownFirst.isValidated()).isFalse();
        assertThat(shownFirst.validated().diagnostics()).isEmpty();

        MainViewModel vm = window();
        vm.open(file);
        LoadedSnapshot open = vm.snapshotProperty().get();
        assertThat(open.isValidated()).as("not shown again after validation found nothing").isFalse();
        assertThat(open.diagnostics()).isEmpty();
        assertThat(vm.loadingProperty().get()).isFalse();
        assertThat(vm.problemProperty().get()).isNull();
    }

    @Test
    void whatOnlyTheValidatorFindsArrivesAfterTheTree() throws Exception {
        Path file = dir.resolve("dangling.json");
        Files.writeString(file, """
                {"format":"ompd-explorer-snapshot","version":"1.1","capture":{"source":"hand-written"},
                 "tasks":[{"id":1,"kind":"initial"},
                          {"id":2,"kind":"explicit","generatingTask":99}]}
                """);
        LoadedSnapshot eager = SnapshotSources.file(file).run(JobContext.NONE);
        assertThat(eager.diagnostics()).anyMatch(Diagnostic::isError);
        LoadedSnapshot shownFirst = SnapshotSources.fileShownFirst(file).run(JobContext.NONE);
        assertThat(shownFirst.diagnostics()).as("the reader alone finds nothing").noneMatch(Diagnostic::isError);

        MainViewModel vm = window();
        vm.open(file);
        LoadedSnapshot open = vm.snapshotProperty().get();
        assertThat(open.isValidated()).isTrue();
        assertThat(open.diagnostics()).isEqualTo(eager.diagnostics());
        assertThat(open.diagnostics()).allSatisfy(d -> assertThat(d.location().input()).isEqualTo(file.toString()));
        assertThat(vm.loadingProperty().get()).isFalse();
        assertThat(vm.titleProperty().get()).isEqualTo("OMPD Explorer — " + file);
        assertThat(vm.recentFiles()).containsExactly(file.toAbsolutePath().normalize());
    }
}
