package org.ompdexplorer.importers.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.cache.CacheFile;
import org.ompdexplorer.importers.cache.CacheFormatException;
import org.ompdexplorer.importers.cache.CraftedEntry;
import org.ompdexplorer.importers.cache.FileKey;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;

/**
 * The reopen cache's decoder on arbitrary bytes (scripts/fuzz.sh cache): the input is the body of an entry whose
 * header matches (its length and CRC made right, so that the bytes reach the decoder rather than the CRC check).
 * Property: reading it gives a load or a {@link CacheFormatException}, nothing else — no error of the JVM, no other
 * exception — and a load's model validates and exports, as a parsed one does, so that a crafted entry cannot fail
 * a command later, far from the cache. Seeds are bodies of real entries (the lessons' first steps).
 */
class CacheEntryFuzzTest {
    private static final FileKey KEY = new FileKey("/fuzz.json", "(dev=1,ino=2)", 10, 20, 30, "ef");
    private static final String BUILD = "fuzz-build";
    private static byte[] header;
    private static Path file;

    @FuzzTest
    void entry(byte[] body) throws IOException {
        Path entry = input();
        Files.write(entry, CraftedEntry.rebody(header, body));
        LoadResult kept;
        try {
            kept = CacheFile.read(entry, KEY, BUILD, "fuzz.json");
        } catch (CacheFormatException damaged) {
            return;
        }
        if (kept == null) {
            throw new AssertionError("a matching header read as another file's entry");
        }
        SnapshotValidator.validate(kept.snapshot());
        new SnapshotJsonExporter().write(kept.snapshot(), OutputStream.nullOutputStream());
    }

    @AfterAll
    static void deleteInput() throws IOException {
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }

    private static synchronized Path input() throws IOException {
        if (file == null) {
            file = Files.createTempFile("cache-entry-fuzz", ".ompdx-cache");
            Snapshot empty = new Snapshot(CaptureInfo.of(CaptureSource.of("fuzz")), RuntimeInfo.UNKNOWN, List.of(),
                    List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CacheFile.encode(new LoadResult(empty, List.of(), false), KEY, BUILD, "fuzz.json").writeTo(out);
            header = out.toByteArray();
        }
        return file;
    }
}
