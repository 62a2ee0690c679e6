package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.UserReopenCache;
import org.ompdexplorer.importers.ReopenCache;

/**
 * The commands with a reopen cache: a big file's second {@code summary}, {@code validate} or {@code export} reads
 * the kept load and says exactly what the first said; a changed file is read again; a damaged entry costs nothing
 * but the time.
 */
class ReopenCliTest extends InProcessCli {
    @AfterEach
    void restore() {
        UserReopenCache.set(ReopenCache.off());
    }

    private ReopenCache cache() {
        ReopenCache cache = ReopenCache.at(dir.resolve("reopen"), 1L << 30);
        UserReopenCache.set(cache);
        return cache;
    }

    private String[] twice(ReopenCache cache, String... args) {
        String[] said = new String[2];
        for (int i = 0; i < 2; i++) {
            out.getBuffer().setLength(0);
            assertThat(run(args)).isEqualTo(ExitCodes.OK);
            assertThat(cache.awaitWrites(Duration.ofMinutes(1))).isTrue();
            said[i] = out.toString();
        }
        assertThat(err.toString()).isEmpty();
        return said;
    }

    private Path big() throws Exception {
        Path file = dir.resolve("big.json");
        assertThat(run("generate", "--tasks", "4000", "--seed", "3", "-o", file.toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.size(file)).isGreaterThanOrEqualTo(ReopenCache.SMALLEST_FILE);
        return file;
    }

    private long entries() throws Exception {
        try (Stream<Path> files = Files.list(dir.resolve("reopen"))) {
            return files.count();
        }
    }

    @Test
    void theSecondRunOfACommandSaysWhatTheFirstSaid() throws Exception {
        ReopenCache cache = cache();
        Path file = big();
        for (String command : new String[] {"summary", "validate"}) {
            String[] said = twice(cache, command, file.toString());
            assertThat(said[1]).as(command).isEqualTo(said[0]).isNotEmpty();
        }
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        assertThat(run("export", file.toString(), "-o", a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(run("export", file.toString(), "-o", b.toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(b)).isEqualTo(Files.readString(a));
        assertThat(entries()).isEqualTo(1);
    }

    @Test
    void aChangedFileIsReadAgain() throws Exception {
        ReopenCache cache = cache();
        Path file = big();
        String before = twice(cache, "summary", file.toString())[1];
        String text = Files.readString(file);
        Files.writeString(file, text.replace("\"label\":\"synthetic", "\"label\":\"renamed"));
        String after = twice(cache, "summary", file.toString())[1];
        assertThat(after).isNotEqualTo(before).contains("renamed");
    }

    @Test
    void aDamagedEntryCostsOnlyTime() throws Exception {
        ReopenCache cache = cache();
        Path file = big();
        String said = twice(cache, "validate", file.toString())[0];
        try (Stream<Path> files = Files.list(dir.resolve("reopen"))) {
            for (Path entry : files.toList()) {
                Files.write(entry, new byte[] {'j', 'u', 'n', 'k'});
            }
        }
        assertThat(twice(cache, "validate", file.toString())).containsOnly(said);
    }
}
