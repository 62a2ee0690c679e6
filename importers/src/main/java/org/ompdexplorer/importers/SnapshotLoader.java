package org.ompdexplorer.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ompdexplorer.importers.json.SnapshotJsonImporter;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * The one way in: turns an input into a snapshot, whatever its kind. JSON snapshots are read here; an ELF
 * file (a core or an executable) is recognized and refused with the way to import it. Input files are only
 * ever read.
 */
public final class SnapshotLoader {
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};
    private final SnapshotJsonImporter json = new SnapshotJsonImporter();

    public LoadResult load(Path path, LoadOptions options, ProgressListener progress) throws SnapshotLoadException {
        if (isElf(path)) {
            throw new UnsupportedFormatException(path.toString(), Diagnostic.error("elf-input",
                    path + " is an ELF file (a core dump or an executable), not a JSON snapshot",
                    "import a core with: ompd-explorer import-core " + path + " --exe <program>",
                    Location.inInput(path.toString(), 0, 0, null)));
        }
        return json.read(path, options, progress);
    }

    /** Loads from a stream (a bundled lesson, standard input); {@code name} stands for it in messages. */
    public LoadResult load(InputStream in, String name, long size, LoadOptions options, ProgressListener progress)
            throws SnapshotLoadException {
        return json.read(in, name, size, options, progress);
    }

    private static boolean isElf(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(4);
            return java.util.Arrays.equals(head, ELF_MAGIC);
        } catch (IOException e) {
            return false; // the JSON importer reports why the file cannot be read
        }
    }
}
