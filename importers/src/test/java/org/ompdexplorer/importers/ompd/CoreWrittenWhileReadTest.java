package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * Fault injection (issue 8, deliverable 3): a core that shrinks and grows back while it is imported, as a core
 * still being written or truncated by someone else. Each import ends in a snapshot or a typed error; a SIGBUS on
 * the shrunk mapping must never end the JVM or escape as an {@link InternalError}.
 */
class CoreWrittenWhileReadTest {
    @TempDir
    Path dir;

    @Test
    void importWhileTheCoreShrinksAndGrowsIsASnapshotOrATypedError() throws Exception {
        Path original = NativeFixtures.core("task_tree.abort.core");
        Path core = dir.resolve("changing.core");
        Files.copy(original, core);
        long size = Files.size(core);
        byte[] tail = Files.readAllBytes(original); // to write the lost part back
        AtomicBoolean done = new AtomicBoolean();
        Thread writer = Thread.ofPlatform().start(() -> {
            try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "rw")) {
                for (int i = 0; !done.get(); i++) {
                    long cut = 4096L * (1 + (i * 7919L) % (size / 4096));
                    f.setLength(cut);
                    Thread.sleep(1);
                    f.seek(cut);
                    f.write(tail, (int) cut, (int) (size - cut));
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        int imported = 0;
        int refused = 0;
        try {
            for (int i = 0; i < 6; i++) {
                try {
                    LoadResult result = new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null)
                            .withAcceptTruncatedCore(i % 2 == 0), ProgressListener.NONE);
                    assertThat(result.snapshot()).isNotNull();
                    imported++;
                } catch (SnapshotLoadException e) {
                    assertThat(e.getMessage()).isNotBlank().doesNotContain("InternalError");
                    refused++;
                }
            }
        } finally {
            done.set(true);
            writer.join();
        }
        assertThat(imported + refused).isEqualTo(6);
    }
}
