package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/**
 * Inputs that are not regular files — a named FIFO, a pipe, {@code /dev/stdin}, a character device — are read
 * exactly once, with an unknown size, and never hang.
 */
class SpecialInputsTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);
    @TempDir
    Path dir;

    private final SnapshotLoader loader = new SnapshotLoader();

    private static byte[] lesson() throws IOException {
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            return in.readAllBytes();
        }
    }

    private static int lessonTasks() throws Exception {
        byte[] bytes = lesson();
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "lesson", bytes.length,
                LoadOptions.STRICT, ProgressListener.NONE).snapshot().tasks().size();
    }

    @Test
    void aNamedFifoWrittenByAnotherThreadLoads() throws Exception {
        Path fifo = dir.resolve("snapshot.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        byte[] bytes = lesson();
        Thread writer = Thread.ofPlatform().daemon().start(() -> {
            try {
                Files.write(fifo, bytes);
            } catch (IOException e) {
                // the reader closed early: the assertions below say why
            }
        });
        LoadResult r = assertTimeoutPreemptively(LIMIT,
                () -> loader.load(fifo, LoadOptions.STRICT, ProgressListener.NONE));
        assertThat(r.snapshot().tasks()).hasSize(lessonTasks());
        writer.join(LIMIT.toMillis());
    }

    @Test
    void aPipeOfUnknownSizeLoadsWithProgressOfUnknownTotal() throws Exception {
        Path file = dir.resolve("big.json");
        try (var out = Files.newOutputStream(file)) {
            new SnapshotJsonExporter(true).write(SyntheticSnapshotGenerator.generate(
                    new GeneratorSpec(2, 2, 20_000, 3)), out);
        }
        Process cat = new ProcessBuilder("cat", file.toString()).start();
        List<long[]> seen = new ArrayList<>();
        ProgressListener progress = new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
                seen.add(new long[]{done, total});
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
        LoadResult r = assertTimeoutPreemptively(LIMIT,
                () -> loader.load(cat.getInputStream(), "<stdin>", -1, LoadOptions.STRICT, progress));
        assertThat(r.snapshot().tasks()).hasSizeGreaterThan(20_000);
        assertThat(seen).isNotEmpty().allMatch(p -> p[1] == -1);
        cat.waitFor(10, TimeUnit.SECONDS);
    }

    @Test
    void anElfStreamIsRefusedLikeAnElfFile() {
        byte[] elf = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
        UnsupportedFormatException e = catchThrowableOfType(UnsupportedFormatException.class, () -> loader.load(
                new ByteArrayInputStream(elf), "<stdin>", -1, LoadOptions.LENIENT, ProgressListener.NONE));
        assertThat(e.getMessage()).contains("<stdin>").contains("ELF file").contains("import-core");
    }

    @Test
    void devStdinFedByAPipeLoadsInAnotherProcess() throws Exception {
        Path file = dir.resolve("lesson.json");
        Files.write(file, lesson());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "cat '" + file + "' | '" + java + "' -cp '" + classPath() + "' '"
                + LoadStdin.class.getName() + "' /dev/stdin";
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        String output = assertTimeoutPreemptively(LIMIT, () -> {
            String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return all;
        });
        assertThat(output.strip()).isEqualTo("tasks=" + lessonTasks() + " diagnostics=0");
    }

    @Test
    void characterDevicesEndOrFailAtOnce() {
        assertThat(catchThrowableOfType(MalformedInputException.class, () -> assertTimeoutPreemptively(LIMIT,
                () -> loader.load(Path.of("/dev/zero"), LoadOptions.LENIENT, ProgressListener.NONE))).getMessage())
                .contains("/dev/zero:1:1");
        if (Files.isRegularFile(Path.of("/dev/null"))) {
            return; // a broken sandbox replaced the device with a file; /dev/zero made the point
        }
        assertThat(catchThrowableOfType(UnsupportedFormatException.class, () -> assertTimeoutPreemptively(LIMIT,
                () -> loader.load(Path.of("/dev/null"), LoadOptions.LENIENT, ProgressListener.NONE))).getMessage())
                .contains("/dev/null").contains("empty");
    }

    @Test
    void aDirectorySaysSoAndWhatToName() {
        InputUnreadableException e = catchThrowableOfType(InputUnreadableException.class,
                () -> loader.load(dir, LoadOptions.LENIENT, ProgressListener.NONE));
        assertThat(e.getMessage()).contains(dir.toString()).contains("is a directory").contains("snapshot file");
    }

    /** Every jar and directory this test runs from, for a child JVM on the class path. */
    private static String classPath() throws Exception {
        Set<String> entries = new LinkedHashSet<>();
        for (String property : new String[]{"java.class.path", "jdk.module.path"}) {
            String value = System.getProperty(property, "");
            for (String e : value.split(File.pathSeparator)) {
                if (!e.isBlank()) {
                    entries.add(e);
                }
            }
        }
        for (Class<?> c : new Class<?>[]{LoadStdin.class, SnapshotLoader.class, GeneratorSpec.class,
                tools.jackson.core.JsonParser.class}) {
            entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The child of {@link #devStdinFedByAPipeLoadsInAnotherProcess}: loads the path it is given. */
    public static final class LoadStdin {
        public static void main(String[] args) throws Exception {
            LoadResult r = new SnapshotLoader().load(Path.of(args[0]), LoadOptions.LENIENT, ProgressListener.NONE);
            System.out.println("tasks=" + r.snapshot().tasks().size() + " diagnostics=" + r.diagnostics().size());
        }
    }
}
