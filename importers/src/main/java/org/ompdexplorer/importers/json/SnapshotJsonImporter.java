package org.ompdexplorer.importers.json;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.importers.InputFile;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.MalformedInputException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads a JSON snapshot (docs/snapshot-format.md) by streaming it into the model: never a whole-file tree, so
 * a million tasks cost the model and nothing more. Lenient by default: what is valid is loaded and every
 * problem becomes a diagnostic located by file, line:column and JSON path.
 */
public final class SnapshotJsonImporter {
    /** The format nests 5 deep; anything far deeper is not a snapshot, and must not cost a deep stack. */
    static final int MAX_NESTING = 64;
    /** Longer strings and numbers are not a snapshot's; refusing them bounds the memory a bad file can take. */
    static final int MAX_STRING = 16 << 20;
    static final int MAX_NUMBER = 64;
    /** Below this, starting threads costs more than it saves. */
    private static final long PARALLEL_FROM = 1 << 20;
    private final JsonFactory factory = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING)
                    .maxStringLength(MAX_STRING)
                    .maxNumberLength(MAX_NUMBER)
                    .build())
            .build();
    private final FieldMatchers matchers = FieldMatchers.of(factory);
    private final int threads;
    private final long parallelFrom;
    /** How many reads took the parallel path: tests check which path a file took. */
    final java.util.concurrent.atomic.AtomicInteger parallelReads = new java.util.concurrent.atomic.AtomicInteger();

    /** How many reads of this importer took the parallel path (tests check which path a file took). */
    public int parallelReads() {
        return parallelReads.get();
    }

    /** Reads JSON snapshots with as many threads as there are processors. */
    public SnapshotJsonImporter() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param threads how many threads may read the tasks of a file in the exporter's one-entity-per-line layout;
     *                1 reads every file with the single-threaded streaming path
     */
    public SnapshotJsonImporter(int threads) {
        this(threads, PARALLEL_FROM);
    }

    /** @param parallelFrom the smallest file read in parallel (tests read tiny files both ways) */
    SnapshotJsonImporter(int threads, long parallelFrom) {
        this.threads = Math.max(1, threads);
        this.parallelFrom = parallelFrom;
    }

    /** Reads a snapshot file, opening it once; {@code input} names it in every message. */
    public LoadResult read(Path path, LoadOptions options, ProgressListener progress) throws SnapshotLoadException {
        InputFile file = InputFile.open(path);
        try (InputStream in = file.stream()) {
            if (threads > 1 && file.size() >= parallelFrom) {
                LoadResult fast = readInParallel(path, file.size(), options, progress);
                if (fast != null) {
                    parallelReads.incrementAndGet();
                    return fast;
                }
            }
            try {
                return read(in, path.toString(), file.size(), options, progress);
            } catch (MalformedInputException | UnsupportedFormatException e) {
                // a file cut while it was read ends in the middle of its JSON: the cut is the cause to name
                throw ShrunkWhileRead.ifShrank(path, file.size(), e);
            }
        } catch (IOException e) {
            throw InputUnreadableException.of(path.toString(), e); // closing failed
        }
    }

    /**
     * Reads a regular file in the exporter's layout with its tasks in parallel: the tasks first, then the rest of
     * the file by the streaming path with the task lines left out (their line breaks kept, so every later line
     * number holds). {@code null} when the layout is not the exporter's, or when anything at all goes wrong: the
     * caller then reads the file by the streaming path alone, which is the one that reports problems — except a
     * file that shrank while it was read, which is said at once ({@link ShrunkWhileRead}).
     */
    private LoadResult readInParallel(Path path, long size, LoadOptions options, ProgressListener progress)
            throws LoadCancelledException, InputUnreadableException {
        String input = path.toString();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
             Arena arena = Arena.ofShared()) {
            if (channel.size() != size) {
                return null;
            }
            MemorySegment file = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            if (!TaskLines.startsLikeExporter(file)) {
                return null;
            }
            long open = TaskLines.findOpening(file);
            TaskLines.Result tasks = open < 0 ? null
                    : new TaskLines(factory, matchers, threads).read(file, open, input, progress, size);
            if (tasks == null) {
                ShrunkWhileRead.check(path, size, null); // a chunk's read of lost pages failed in its thread
                return null;
            }
            return read(TaskLines.withoutTaskLines(file, tasks), input, size, options, progress, tasks);
        } catch (InternalError e) {
            // JDK 25 reports a read of pages a shrunk mapped file no longer has (SIGBUS) as this error, in
            // whatever frame touched them
            throw ShrunkWhileRead.of(path, size, e);
        } catch (LoadCancelledException e) {
            throw e;
        } catch (IOException | SnapshotLoadException | RuntimeException e) {
            ShrunkWhileRead.check(path, size, e); // else the streaming path reads it, and reports what it finds
            return null;
        }
    }

    /** Reads a snapshot from a stream of {@code size} bytes (−1 when unknown). The stream is not closed. */
    public LoadResult read(InputStream in, String input, long size, LoadOptions options, ProgressListener progress)
            throws SnapshotLoadException {
        return read(in, input, size, options, progress, null);
    }

    /** @param tasks the tasks read already, or {@code null}; with them, {@code null} if they did not fit */
    private LoadResult read(InputStream in, String input, long size, LoadOptions options, ProgressListener progress,
                            TaskLines.Result tasks) throws SnapshotLoadException {
        JsonParser parser = null;
        JsonCursor cursor = null;
        try {
            parser = factory.createParser(ObjectReadContext.empty(), in);
            cursor = new JsonCursor(parser, input, options.strict());
            return new StreamingRead(cursor, matchers, size, options, progress, tasks).read(in);
        } catch (JacksonIOException e) {
            throw InputUnreadableException.of(input, e.getCause() instanceof IOException io ? io
                    : new IOException(e.getOriginalMessage(), e));
        } catch (JacksonException e) {
            List<Diagnostic> so = cursor == null ? new ArrayList<>() : new ArrayList<>(cursor.diagnostics());
            so.add(SyntaxMessages.of(input, e, parser == null ? null : parser.currentTokenLocation(),
                    parser == null ? null : parser.currentLocation(), cursor == null ? null : cursor.path()));
            throw new MalformedInputException(input, so, e);
        } finally {
            if (parser != null) {
                parser.close();
            }
        }
    }
}
