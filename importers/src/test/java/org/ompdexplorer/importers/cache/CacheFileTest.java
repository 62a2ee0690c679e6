package org.ompdexplorer.importers.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.testfixtures.LoadOutcome;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.ompdexplorer.resources.LessonStep;

/**
 * A cached load reads back as the very load it was: every lesson step, the golden offload snapshot and the fuzz
 * corpus's odd inputs (unavailable facts, unsigned limits, unknown enum values, duplicates and their diagnostics),
 * compared value by value and as exported JSON. A damaged or foreign file is refused, never misread.
 */
class CacheFileTest {
    private static final String BUILD = "test-build";
    private static final Path CORPUS = Path.of("src/test/resources/org/ompdexplorer/importers/fuzz/"
            + "SnapshotJsonFuzzTestInputs/roundTrip");
    @TempDir
    Path dir;

    static Stream<String> inputs() throws IOException {
        List<String> names = new ArrayList<>();
        for (Lesson lesson : BundledResources.lessons()) {
            for (LessonStep step : lesson.steps()) {
                names.add("lesson:" + lesson.name() + ":" + step.number());
            }
        }
        names.add("file:src/test/resources/golden/snapshots/offload-two-devices.json");
        try (Stream<Path> corpus = Files.list(CORPUS)) {
            corpus.sorted().forEach(p -> names.add("file:" + p));
        }
        return names.stream();
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void aCachedLoadReadsBackAsTheLoad(String input) throws Exception {
        LoadResult original = load(input);
        if (original == null) {
            return; // not a snapshot at all: nothing to cache
        }
        Path entry = dir.resolve("entry");
        FileKey key = new FileKey("/some/" + input, "(dev=1,ino=2)", 1234, 5678, 91, "ab");
        write(entry, CacheFile.encode(original, key, BUILD, "in.json"));
        LoadResult back = CacheFile.read(entry, key, BUILD, "in.json");
        List<Object> expected = LoadOutcome.of(original);
        List<Object> actual = LoadOutcome.of(back);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("%s, part %d", input, i).isEqualTo(expected.get(i));
        }
        assertThat(exported(back.snapshot())).isEqualTo(exported(original.snapshot()));
    }

    @Test
    void manySectionsOfTasksReadBackInOrderSharingWhatTheyShared() throws Exception {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 3 * CacheFile.SECTION + 17, 5));
        LoadResult original = new LoadResult(s, List.of(), true);
        FileKey key = new FileKey("/x.json.gz", "", 1, 2, 3, "cd");
        Path entry = dir.resolve("entry");
        write(entry, CacheFile.encode(original, key, BUILD, "in.json"));
        LoadResult back = CacheFile.read(entry, key, BUILD, "in.json");
        assertThat(back.snapshot().tasks()).isEqualTo(s.tasks());
        assertThat(back.decompressed()).isTrue();
        // within a section, a value written twice is read back as one object: memory as the parse's
        var tasks = back.snapshot().tasks();
        var section = tasks.subList(CacheFile.SECTION, 2 * CacheFile.SECTION);
        var first = section.getFirst().function();
        var repeat = section.stream().map(t -> t.function()).filter(first::equals).toList();
        assertThat(repeat).hasSizeGreaterThan(1).allSatisfy(f -> assertThat(f).isSameAs(first));
    }

    @Test
    void anEntryForAnotherFileOrBuildIsAMissAndADamagedOneIsRefused() throws Exception {
        LoadResult original = load("lesson:" + BundledResources.DEFAULT_LESSON + ":1");
        FileKey key = new FileKey("/a.json", "(dev=1,ino=2)", 10, 20, 30, "ef");
        Path entry = dir.resolve("entry");
        write(entry, CacheFile.encode(original, key, BUILD, "in.json"));
        assertThat(CacheFile.read(entry, key, "another-build", "in.json")).isNull();
        for (FileKey other : List.of(new FileKey("/b.json", "(dev=1,ino=2)", 10, 20, 30, "ef"),
                new FileKey("/a.json", "(dev=1,ino=3)", 10, 20, 30, "ef"),
                new FileKey("/a.json", "(dev=1,ino=2)", 11, 20, 30, "ef"),
                new FileKey("/a.json", "(dev=1,ino=2)", 10, 21, 30, "ef"),
                new FileKey("/a.json", "(dev=1,ino=2)", 10, 20, 31, "ef"),
                new FileKey("/a.json", "(dev=1,ino=2)", 10, 20, 30, "ee"))) {
            assertThat(CacheFile.read(entry, other, BUILD, "in.json")).as(other.toString()).isNull();
        }
        byte[] bytes = Files.readAllBytes(entry);
        for (int at : new int[] {bytes.length / 2, bytes.length - 1}) {
            byte[] damaged = bytes.clone();
            damaged[at] ^= 0x40;
            Files.write(entry, damaged);
            assertThatThrownBy(() -> CacheFile.read(entry, key, BUILD, "in.json"))
                    .isInstanceOf(CacheFormatException.class);
        }
        Files.write(entry, java.util.Arrays.copyOf(bytes, bytes.length - 100));
        assertThatThrownBy(() -> CacheFile.read(entry, key, BUILD, "in.json")).isInstanceOf(CacheFormatException.class);
        Files.write(entry, "{\"format\": \"not a cache\"}".getBytes());
        assertThatThrownBy(() -> CacheFile.read(entry, key, BUILD, "in.json")).isInstanceOf(RuntimeException.class);
    }

    private static void write(Path entry, CacheFile.Encoded encoded) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        encoded.writeTo(out);
        assertThat((long) out.size()).isEqualTo(encoded.length());
        Files.write(entry, out.toByteArray());
    }

    private static LoadResult load(String input) throws IOException {
        String[] parts = input.split(":", 3);
        SnapshotLoader loader = new SnapshotLoader();
        try {
            if (parts[0].equals("lesson")) {
                try (InputStream in = BundledResources.openLessonStep(parts[1], Integer.parseInt(parts[2]))) {
                    byte[] bytes = in.readAllBytes();
                    return loader.load(new ByteArrayInputStream(bytes), input, bytes.length, LoadOptions.LENIENT,
                            ProgressListener.NONE);
                }
            }
            return loader.load(Path.of(parts[1]), LoadOptions.LENIENT, ProgressListener.NONE);
        } catch (SnapshotLoadException e) {
            return null;
        }
    }

    private static String exported(Snapshot s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(s, out);
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
