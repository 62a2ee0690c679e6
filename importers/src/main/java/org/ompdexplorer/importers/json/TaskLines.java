package org.ompdexplorer.importers.json;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Task;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads the {@code tasks} array of a file in the exporter's one-entity-per-line layout (EntityPerLinePrinter) in
 * parallel chunks of whole lines, each with its own parser. It only ever says "here are the tasks" when every task
 * was read cleanly, one per line, exactly where that layout puts it; any finding, syntax error or surprise makes it
 * give up ({@code null}) before anything is produced, and the caller reads the file with the streaming path, so
 * diagnostics never differ from that path's.
 */
final class TaskLines {
    /** The line the exporter writes before the tasks, the array opening at its end. */
    private static final byte[] OPENING = "\n  \"tasks\": [\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] CHUNK_PREFIX = {'[', '\n'};
    /** Where an element starts in the layout: after four spaces. */
    static final int ELEMENT_COLUMN = 5;
    /** Where the array's closing bracket stands: after two spaces. */
    private static final int CLOSE_COLUMN = 3;
    private static final int CANCEL_CHECK_EVERY = 1024;

    /**
     * The tasks read in file order, the byte offset of the array's {@code [}, and that of the line holding its
     * {@code ]}.
     */
    record Result(List<Tasks> chunks, long open, long closeLine) {
        int count() {
            int n = 0;
            for (Tasks chunk : chunks) {
                n += chunk.tasks().size();
            }
            return n;
        }
    }

    /**
     * One chunk's tasks in file order, and their ids side by side: taking a million tasks then reads a flat array
     * instead of chasing two references per task; and the distinct code locations they name.
     */
    record Tasks(List<Task> tasks, long[] ids, java.util.Collection<Fact<CodeLocation>> codes) {
    }

    private final JsonFactory factory;
    private final FieldMatchers matchers;
    private final int threads;

    TaskLines(JsonFactory factory, FieldMatchers matchers, int threads) {
        this.factory = factory;
        this.matchers = matchers;
        this.threads = threads;
    }

    /**
     * The byte offset of the {@code [} of a top-level-looking {@code "tasks": [} line, or −1. Only a hint: the
     * streaming parser confirms that the array at this offset is the top-level tasks section.
     */
    static long findOpening(MemorySegment file) {
        long size = file.byteSize();
        for (long i = 0; i + OPENING.length <= size; i++) {
            if (file.get(ValueLayout.JAVA_BYTE, i) == '\n' && matches(file, i, OPENING)) {
                return i + OPENING.length - 2;
            }
        }
        return -1;
    }

    private static boolean matches(MemorySegment file, long at, byte[] text) {
        for (int k = 0; k < text.length; k++) {
            if (file.get(ValueLayout.JAVA_BYTE, at + k) != text[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the tasks whose array opens at {@code open}; {@code null} when the layout is not the exporter's or any
     * task has a finding.
     */
    Result read(MemorySegment file, long open, String input, ProgressListener progress, long size)
            throws LoadCancelledException {
        long first = open + 2; // after "[\n"
        List<long[]> ranges = split(file, first, threads * 4);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong bytesRead = new AtomicLong(first);
        List<Future<Chunk>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads,
                Thread.ofPlatform().daemon().name("ompd-import-", 0).factory())) {
            for (long[] range : ranges) {
                futures.add(pool.submit(() -> readChunk(file, range[0], range[1], input, stop, bytesRead)));
            }
            try {
                return merge(futures, ranges, open, input, progress, size, bytesRead);
            } finally {
                stop.set(true); // chunks past the array's end, or all of them on a give-up or cancel
            }
        }
    }

    private Result merge(List<Future<Chunk>> futures, List<long[]> ranges, long open, String input,
                         ProgressListener progress, long size, AtomicLong bytesRead) throws LoadCancelledException {
        List<Tasks> tasks = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
            Chunk chunk = await(futures.get(i), input, progress, size, bytesRead);
            if (chunk == null || chunk.tasks == null) {
                return null;
            }
            tasks.add(new Tasks(chunk.tasks, chunk.ids, chunk.codes));
            if (chunk.closeAt >= 0) {
                return new Result(tasks, open, ranges.get(i)[0] + chunk.closeAt - CHUNK_PREFIX.length
                        - (CLOSE_COLUMN - 1));
            }
        }
        return null; // no closing line where the layout puts it
    }

    private static Chunk await(Future<Chunk> future, String input, ProgressListener progress, long size,
                               AtomicLong bytesRead) throws LoadCancelledException {
        while (true) {
            try {
                return future.get(100, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                progress.progress("reading tasks", bytesRead.get(), size);
                if (progress.isCancelled()) {
                    throw new LoadCancelledException(input);
                }
            } catch (ExecutionException e) {
                return null; // a failure of the fast path is the streaming path's to report
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LoadCancelledException(input);
            }
        }
    }

    /**
     * Cuts {@code [first, end of file)} into about {@code count} ranges of whole lines, each ending just before
     * the comma of an element line's {@code "},\n"}. A cut that does not fall on such a line is dropped; ranges
     * past the array's end are read and ignored.
     */
    private static List<long[]> split(MemorySegment file, long first, int count) {
        long size = file.byteSize();
        List<long[]> ranges = new ArrayList<>();
        long start = first;
        long step = Math.max(1, (size - first) / count);
        for (long cut = first + step; cut < size && ranges.size() < count - 1; cut += step) {
            long nl = cut;
            while (nl < size && file.get(ValueLayout.JAVA_BYTE, nl) != '\n') {
                nl++;
            }
            if (nl >= size || nl - 2 <= start) {
                break;
            }
            if (file.get(ValueLayout.JAVA_BYTE, nl - 1) == ',' && file.get(ValueLayout.JAVA_BYTE, nl - 2) == '}') {
                ranges.add(new long[]{start, nl - 1});
                start = nl + 1;
                cut = Math.max(cut, nl);
            }
        }
        ranges.add(new long[]{start, size});
        return ranges;
    }

    /** One range's tasks, and where in its bytes (prefix included) the array closed, or −1. */
    private record Chunk(List<Task> tasks, long[] ids, long closeAt, java.util.Collection<Fact<CodeLocation>> codes) {
        static final Chunk GIVE_UP = new Chunk(null, null, -1, null);
    }

    private Chunk readChunk(MemorySegment file, long from, long to, String input, AtomicBoolean stop,
                            AtomicLong bytesRead) throws IOException {
        long suffixAt = CHUNK_PREFIX.length + (to - from);
        try (InputStream in = SplicedStream.chunk(file, from, to);
             JsonParser parser = factory.createParser(ObjectReadContext.empty(), in)) {
            int expected = (int) Math.min(1 << 24, Math.max(16, (to - from) / 150));
            JsonCursor cursor = new JsonCursor(parser, input, false, expected);
            TaskReader reader = new TaskReader(cursor, new ValueReaders(cursor, matchers), matchers.task());
            List<Task> tasks = new ArrayList<>(expected);
            long[] ids = new long[expected];
            parser.nextToken(); // the prefix's [
            int line = CHUNK_PREFIX.length; // the prefix's line break puts the first element on line 2
            long reported = 0;
            for (JsonToken t = parser.nextToken(); ; t = parser.nextToken()) {
                var at = parser.currentTokenLocation();
                if (t == JsonToken.END_ARRAY) {
                    if (at.getByteOffset() == suffixAt) {
                        return new Chunk(tasks, ids, -1, cursor.interner.codeLocations());
                    }
                    // a chunk starts with a task: the comma cut off before it must not have been a trailing one
                    return at.getLineNr() == line && at.getColumnNr() == CLOSE_COLUMN && !tasks.isEmpty()
                            ? new Chunk(tasks, ids, at.getByteOffset(), cursor.interner.codeLocations())
                            : Chunk.GIVE_UP;
                }
                if (t != JsonToken.START_OBJECT || at.getLineNr() != line || at.getColumnNr() != ELEMENT_COLUMN) {
                    return Chunk.GIVE_UP;
                }
                Task task = reader.read();
                if (task == null || cursor.findingCount() != 0) {
                    return Chunk.GIVE_UP;
                }
                if (tasks.size() == ids.length) {
                    ids = java.util.Arrays.copyOf(ids, ids.length * 2);
                }
                ids[tasks.size()] = task.id().value();
                tasks.add(task);
                line++;
                if ((tasks.size() & (CANCEL_CHECK_EVERY - 1)) == 0) {
                    if (stop.get()) {
                        return Chunk.GIVE_UP;
                    }
                    long offset = parser.currentLocation().getByteOffset();
                    bytesRead.addAndGet(offset - reported);
                    reported = offset;
                }
            }
        } catch (JacksonException e) {
            return Chunk.GIVE_UP;
        }
    }

    /**
     * The file with the task lines left out but their line breaks kept: {@code [\n…\n  ]} in place of the array,
     * so that the streaming parser sees every other byte at the same line and column.
     */
    static InputStream withoutTaskLines(MemorySegment file, Result tasks) {
        return new SplicedStream(file, new long[][]{{0, tasks.open() + 1}, {-'\n', tasks.count() + 1L},
            {tasks.closeLine(), file.byteSize()}});
    }

    /** Whether the file begins as the exporter's layout does: an object whose first key is on the next line. */
    static boolean startsLikeExporter(MemorySegment file) {
        byte[] start = "{\n  \"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return file.byteSize() > start.length && matches(file, 0, start);
    }

    /**
     * Pieces of a mapped file and runs of one byte, read one after the other. A piece {@code {from, to}} is that
     * range of the file; {@code {-b, n}} is the byte {@code b} {@code n} times.
     */
    private static final class SplicedStream extends InputStream {
        private final MemorySegment file;
        private final long[][] pieces;
        private int piece;
        private long done;

        SplicedStream(MemorySegment file, long[][] pieces) {
            this.file = file;
            this.pieces = pieces;
        }

        static SplicedStream chunk(MemorySegment file, long from, long to) {
            return new SplicedStream(file, new long[][]{{-'[', 1}, {-'\n', 1}, {from, to}, {-']', 1}});
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            while (piece < pieces.length) {
                long[] p = pieces[piece];
                boolean run = p[0] < 0;
                long length = run ? p[1] : p[1] - p[0];
                if (done < length) {
                    int n = (int) Math.min(len, length - done);
                    if (run) {
                        java.util.Arrays.fill(b, off, off + n, (byte) -p[0]);
                    } else {
                        MemorySegment.copy(file, ValueLayout.JAVA_BYTE, p[0] + done, b, off, n);
                    }
                    done += n;
                    return n;
                }
                piece++;
                done = 0;
            }
            return -1;
        }
    }
}
