package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

class RoundTripTest {
    @TempDir
    Path dir;

    private static byte[] lessonBytes() throws Exception {
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            return in.readAllBytes();
        }
    }

    private static LoadResult load(byte[] bytes) throws Exception {
        return new SnapshotLoader().load(new java.io.ByteArrayInputStream(bytes), "lesson", bytes.length,
                LoadOptions.STRICT, ProgressListener.NONE);
    }

    private static byte[] export(Snapshot s, boolean compact) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter(compact).write(s, out);
        return out.toByteArray();
    }

    @Test
    void theBundledLessonExportsToExactlyItsOwnBytes() throws Exception {
        byte[] original = lessonBytes();
        LoadResult result = load(original);
        assertThat(result.diagnostics()).isEmpty();
        assertThat(new String(export(result.snapshot(), false), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(new String(original, java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void importExportImportIsLosslessForEveryFieldTheGeneratorFills() throws Exception {
        Snapshot generated = SyntheticSnapshotGenerator.generate(new GeneratorSpec(6, 3, 3000, 11));
        for (boolean compact : new boolean[]{false, true}) {
            byte[] first = export(generated, compact);
            Snapshot back = load(first).snapshot();
            assertThat(back.tasks()).isEqualTo(generated.tasks());
            assertThat(back.threads()).isEqualTo(generated.threads());
            assertThat(back.parallelRegions()).isEqualTo(generated.parallelRegions());
            assertThat(back.addressSpaces()).isEqualTo(generated.addressSpaces());
            assertThat(back.icvCatalogue()).isEqualTo(generated.icvCatalogue());
            assertThat(back.states()).isEqualTo(generated.states());
            assertThat(back.displayControlVars()).isEqualTo(generated.displayControlVars());
            assertThat(back.capture()).isEqualTo(generated.capture());
            assertThat(back.runtime()).isEqualTo(generated.runtime());
            assertThat(export(back, compact)).isEqualTo(first);
        }
    }

    @Test
    void fileExportIsAtomicAndLeavesNoTemporaryFile() throws Exception {
        Path target = dir.resolve("out.json");
        Files.writeString(target, "previous content");
        new SnapshotJsonExporter().write(load(lessonBytes()).snapshot(), target);
        assertThat(Files.readAllBytes(target)).isEqualTo(lessonBytes());
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
        Path fresh = dir.resolve("fresh.json");
        new SnapshotJsonExporter().write(load(lessonBytes()).snapshot(), fresh);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)))
                .as("not owner-only like a temporary file").isEqualTo("rw-r--r--");
    }

    @Test
    void unavailableValuesSurviveTheRoundTrip() throws Exception {
        String json = """
                {"format":"ompd-explorer-snapshot","version":"1.0","capture":{"source":"core-file"},
                 "runtime":{"ompdVersionString":{"unavailable":"unsupported","detail":"old library"}},
                 "threads":[{"id":0,"state":{"unavailable":"needs_state_tracking","detail":"ompd_get_state"},
                             "currentTask":0}],
                 "tasks":[{"id":0,"kind":"initial","thread":0,"function":{"unavailable":"needs_state_tracking"},
                           "frames":{"unavailable":"ompd_rc_needs_state_tracking"}}]}
                """;
        LoadResult result = load(json.getBytes());
        assertThat(result.snapshot().threads().getFirst().state().toString())
                .isEqualTo("unavailable (needs_state_tracking: ompd_get_state)");
        assertThat(result.snapshot().tasks().getFirst().frames().toString())
                .isEqualTo("unavailable (needs_state_tracking)");
        byte[] exported = export(result.snapshot(), false);
        assertThat(export(load(exported).snapshot(), false)).isEqualTo(exported);
        assertThat(new String(exported)).contains("\"state\":{\"unavailable\":\"needs_state_tracking\","
                + "\"detail\":\"ompd_get_state\"}");
    }
}
