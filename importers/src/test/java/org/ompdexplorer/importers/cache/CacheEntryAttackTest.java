package org.ompdexplorer.importers.cache;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;

/**
 * A cache entry is untrusted input: whatever body follows a matching header (its length and CRC made right, so
 * that the decoder meets it), reading it ends in a model or a {@link CacheFormatException} — never an error of the
 * JVM (deep nesting, huge lengths), another exception, or a model holding values of the wrong type that would
 * fail later, far from the cache.
 */
class CacheEntryAttackTest {
    private static final FileKey KEY = new FileKey("/a.json", "(dev=1,ino=2)", 10, 20, 30, "ef");
    private static final String BUILD = "test-build";
    @TempDir
    Path dir;

    static Stream<Arguments> attacks() throws Exception {
        return CraftedEntry.attacks().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("attacks")
    void aCraftedBodyIsRefusedAsDamagedAndNothingElse(String attack, byte[] body) throws Exception {
        Path entry = dir.resolve("entry");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CacheFile.encode(new SnapshotLoader().load(Path.of(
                        "src/test/resources/golden/snapshots/offload-two-devices.json"), LoadOptions.LENIENT,
                ProgressListener.NONE), KEY, BUILD, "in.json").writeTo(out);
        Files.write(entry, CraftedEntry.rebody(out.toByteArray(), body));
        assertThatThrownBy(() -> CacheFile.read(entry, KEY, BUILD, "in.json"))
                .as(attack).isExactlyInstanceOf(CacheFormatException.class);
    }
}
