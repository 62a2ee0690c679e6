package org.ompdexplorer.importers;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ompdexplorer.importers.cache.FileKey;
import org.ompdexplorer.importers.json.SnapshotJsonImporter;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * The one way in: turns an input into a snapshot, whatever its kind. JSON snapshots are read here; an ELF
 * file (a core or an executable) is recognized and refused with the way to import it; a gzip-compressed snapshot
 * ({@code *.json.gz}) is recognized by its first bytes, whatever its name, and read decompressed. Every input is
 * opened once and only ever read, so a pipe, a FIFO or standard input loads like a file.
 */
public final class SnapshotLoader {
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};
    /** The code of the error for content after the snapshot (the JSON's, or after the last gzip member). */
    private static final String TRAILING = "trailing-content";
    private final SnapshotJsonImporter json;
    private final ReopenCache cache;

    /** A loader that parses every input. */
    public SnapshotLoader() {
        this(ReopenCache.off());
    }

    /** A loader that keeps big files' loads in {@code cache} and takes them from it while the file is unchanged. */
    public SnapshotLoader(ReopenCache cache) {
        this(new SnapshotJsonImporter(), cache);
    }

    /** With a given JSON importer (tests watch which path it takes). */
    SnapshotLoader(SnapshotJsonImporter json, ReopenCache cache) {
        this.json = json;
        this.cache = cache;
    }

    /**
     * Loads a file, a FIFO or a device such as {@code /dev/stdin}; the path names it in every message. A regular
     * file of plain JSON is handed to the importer by its path, so that a big one in the exporter's layout is read
     * in parallel; anything else is read once, through one stream.
     */
    public LoadResult load(Path path, LoadOptions options, ProgressListener progress) throws SnapshotLoadException {
        InputFile file = InputFile.open(path);
        FileKey key = cache.wants(file.size()) ? keyOf(path) : null;
        if (key != null) {
            LoadResult kept = cache.find(key, path, progress);
            if (kept != null && !(options.strict() && kept.errorCount() > 0)) {
                close(file, path);
                return kept; // a strict load of a file with errors reads it again, to fail as it always has
            }
        }
        LoadResult result = loadFile(file, path, options, progress);
        if (key == null || !key.equals(keyOf(path))) { // changed while it was read: nothing to keep
            return result;
        }
        if (result.isValidated()) {
            cache.keep(key, path, result);
            return result;
        }
        PendingValidation validation = result.pending(); // kept once validated, with every diagnostic
        return result.withPending(() -> {
            List<Diagnostic> found = validation.validate();
            List<Diagnostic> all = new ArrayList<>(result.diagnostics());
            all.addAll(found);
            cache.keep(key, path, new LoadResult(result.snapshot(), all, result.decompressed()));
            return found;
        });
    }

    private LoadResult loadFile(InputFile file, Path path, LoadOptions options, ProgressListener progress)
            throws SnapshotLoadException {
        try (PushbackInputStream in = new PushbackInputStream(file.stream(), ELF_MAGIC.length)) {
            if (file.size() < 0 || !isPlainJson(in)) {
                return load(in, path.toString(), file.size(), options, progress);
            }
        } catch (IOException e) {
            throw InputUnreadableException.of(path.toString(), e); // closing failed
        }
        return json.read(path, options, progress);
    }

    /** The file's key for the cache, or {@code null} when it cannot be taken: the file is then simply read. */
    private static FileKey keyOf(Path path) {
        try {
            return FileKey.of(path);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static void close(InputFile file, Path path) throws InputUnreadableException {
        try {
            file.stream().close();
        } catch (IOException e) {
            throw InputUnreadableException.of(path.toString(), e);
        }
    }

    /** Peeks at the first bytes of a file: neither ELF nor gzip. */
    private static boolean isPlainJson(PushbackInputStream in) throws IOException {
        byte[] head = in.readNBytes(ELF_MAGIC.length);
        in.unread(head);
        return !Arrays.equals(head, ELF_MAGIC) && !GzipInput.isGzip(head);
    }

    /**
     * Loads from a stream (standard input, a bundled lesson), refusing an ELF file like {@link #load(Path,
     * LoadOptions, ProgressListener)} does. The stream is read once and not closed.
     *
     * @param name stands for the input in every message, e.g. {@code <stdin>}
     * @param size the stream's length in bytes, or −1 when unknown (progress then has an unknown total)
     */
    public LoadResult load(InputStream in, String name, long size, LoadOptions options, ProgressListener progress)
            throws SnapshotLoadException {
        PushbackInputStream peekable = new PushbackInputStream(in, ELF_MAGIC.length);
        byte[] head;
        try {
            head = peekable.readNBytes(ELF_MAGIC.length);
            peekable.unread(head);
        } catch (IOException e) {
            throw InputUnreadableException.of(name, e);
        }
        if (Arrays.equals(head, ELF_MAGIC)) {
            throw new UnsupportedFormatException(name, Diagnostic.error("elf-input",
                    name + " is an ELF file (a core dump or an executable), not a JSON snapshot",
                    "import a core with: ompd-explorer import-core " + name + " --exe <program>",
                    Location.inInput(name, 0, 0, null)));
        }
        if (!GzipInput.isGzip(head)) {
            return json.read(peekable, name, size, options, progress);
        }
        GzipInput gz;
        try {
            gz = GzipInput.open(peekable, name);
        } catch (GzipInput.Damaged e) {
            throw e.failure();
        } catch (IOException e) {
            throw InputUnreadableException.of(name, e);
        }
        try {
            LoadResult result = json.read(gz.json(), name, size, options, gz.countingCompressed(progress));
            if (result.diagnostics().stream().anyMatch(d -> d.code().equals(TRAILING))) {
                // the read stopped at content after the JSON: the rest is not read, whatever it is
                return result.asDecompressed().mapDiagnostics(d -> d.code().equals(TRAILING)
                        ? GzipInput.inDecompressed(d) : d);
            }
            gz.checkToTheEnd();
            Diagnostic trailing = gz.trailingContent();
            if (trailing == null) {
                return result.asDecompressed();
            }
            LoadResult withTrailing = result.asDecompressed().withDiagnostic(trailing);
            if (options.strict()) {
                throw new InvalidSnapshotException(name, withTrailing.diagnostics());
            }
            return withTrailing;
        } catch (GzipInput.Damaged e) {
            throw e.failure();
        } catch (IOException e) {
            throw InputUnreadableException.of(name, e);
        } catch (InputUnreadableException e) {
            MalformedInputException damaged = GzipInput.damaged(e);
            throw damaged == null ? e : damaged;
        } catch (MalformedInputException e) {
            MalformedInputException damaged = GzipInput.damaged(e);
            throw damaged != null ? damaged : gz.damageBehind(e);
        }
    }
}
