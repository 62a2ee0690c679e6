package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * Issue 23 item 6b: a snapshot truncated while it is read (`cp new.json snap.json` while the window reads it) is a
 * typed "the file shrank from X to Y bytes while it was read", never the {@link InternalError} a read of pages the
 * mapping lost is on JDK 25 (as the core reader: ShrinkingCoreTest, CoreWrittenWhileReadTest).
 */
class SnapshotShrinkingWhileReadTest {
    @TempDir
    Path dir;

    private Path bigSnapshot() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 40_000, 7)), out);
        return Files.write(dir.resolve("snap.json"), out.toByteArray());
    }

    /** Cuts the file to {@code to} bytes at the first progress report of the read: after it was mapped. */
    private static ProgressListener cuttingAtFirstReport(Path file, long to) {
        AtomicBoolean cut = new AtomicBoolean();
        return new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
                if (!cut.getAndSet(true)) {
                    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                        f.setLength(to);
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
    }

    @Test
    void aFileCutWhileItIsReadInParallelIsATypedShrankError() throws Exception {
        for (long to : new long[] {0, 4096, 100_000}) {
            Path file = bigSnapshot();
            long size = Files.size(file);
            SnapshotJsonImporter importer = new SnapshotJsonImporter(2, 0);
            InputUnreadableException e = catchThrowableOfType(InputUnreadableException.class,
                    () -> importer.read(file, LoadOptions.LENIENT, cuttingAtFirstReport(file, to)));
            assertThat(e).as("cut to %d", to).isNotNull();
            assertThat(e.getMessage()).contains(file.toString(),
                    "the file shrank from " + size + " to " + to + " bytes while it was read").doesNotContain(
                    "InternalError");
        }
    }

    @Test
    @Timeout(120) // a hang guard only
    void readsWhileTheFileShrinksAndGrowsAreASnapshotOrATypedError() throws Exception {
        Path file = bigSnapshot();
        long size = Files.size(file);
        byte[] whole = Files.readAllBytes(file);
        AtomicBoolean done = new AtomicBoolean();
        Thread writer = Thread.ofPlatform().start(() -> {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                for (int i = 0; !done.get(); i++) {
                    long cut = 4096L * (1 + (i * 7919L) % (size / 4096));
                    f.setLength(cut);
                    Thread.sleep(1);
                    f.seek(cut);
                    f.write(whole, (int) cut, (int) (size - cut));
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            for (int i = 0; i < 8; i++) {
                try {
                    LoadResult r = new SnapshotJsonImporter(2, 0).read(file, LoadOptions.LENIENT,
                            ProgressListener.NONE);
                    assertThat(r.snapshot()).isNotNull();
                } catch (SnapshotLoadException e) {
                    assertThat(e.getMessage()).isNotBlank().doesNotContain("InternalError");
                }
            }
        } finally {
            done.set(true);
            writer.join();
        }
    }
}
