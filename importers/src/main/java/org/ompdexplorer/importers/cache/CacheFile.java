package org.ompdexplorer.importers.cache;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.CRC32C;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * One cached load in a file: a header naming exactly what it stands for ({@link FileKey} and the build that wrote
 * it), a CRC-32C of the body, then the body — everything of the snapshot but its tasks, the diagnostics, and the
 * tasks in sections of {@value #SECTION} that decode in parallel. docs/decisions/0010-reopen-cache.md says why.
 */
public final class CacheFile {
    private static final byte[] MAGIC = "OMPDXRC\n".getBytes(StandardCharsets.US_ASCII);
    /** Raised whenever what is written changes: an older file is then a miss, never misread. */
    static final int VERSION = 6;
    static final int SECTION = 16_384;
    /** A header is a few paths and numbers; more is damage. */
    private static final long HEADER_MAX = 64 << 10;
    /** Sections of a model that fits in a Java list. */
    private static final int MAX_SECTIONS = Integer.MAX_VALUE / SECTION + 1;

    /** An encoded load, ready to write. */
    public record Encoded(byte[] header, ByteSink head, List<ByteSink> sections, byte[] table, long bodyLength) {
        public long length() {
            return header.length + bodyLength;
        }

        public void writeTo(OutputStream out) throws IOException {
            out.write(header);
            out.write(table);
            out.write(head.array(), 0, head.size());
            for (ByteSink s : sections) {
                out.write(s.array(), 0, s.size());
            }
        }
    }

    private CacheFile() {
    }

    /**
     * Encodes {@code result} as the cached load of the file {@code key} names, written by {@code build}.
     *
     * @param input the name the load's diagnostics give the file (the path as the user spelled it)
     */
    public static Encoded encode(LoadResult result, FileKey key, String build, String input) {
        return encode(result, key, build, input, Dependencies.of(result.snapshot()));
    }

    /**
     * As {@link #encode(LoadResult, FileKey, String, String)}, with the load's {@code dependencies} as they were
     * when it was made: a read finds the entry only while each still holds.
     */
    public static Encoded encode(LoadResult result, FileKey key, String build, String input,
                                 List<Dependencies.Stamp> dependencies) {
        Snapshot s = result.snapshot();
        ByteSink head = new ByteSink(1 << 16);
        ModelEncoder e = new ModelEncoder(head, 1024);
        for (Object part : List.of(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), s.targetRegions(), s.modules(),
                s.callStacks(), result.diagnostics(), result.decompressed(), input)) {
            e.write(part);
        }
        List<Task> tasks = s.tasks();
        int count = (tasks.size() + SECTION - 1) / SECTION;
        List<ByteSink> sections = IntStream.range(0, count).parallel().mapToObj(i -> {
            ByteSink out = new ByteSink(SECTION * 48);
            ModelEncoder section = new ModelEncoder(out, 8 * SECTION); // a task's links, site, tool data…
            tasks.subList(i * SECTION, Math.min(tasks.size(), (i + 1) * SECTION)).forEach(section::write);
            return out;
        }).toList();
        ByteSink table = new ByteSink(64 + 8 * count);
        table.varLong(tasks.size());
        table.varLong(head.size());
        table.varLong(count);
        for (ByteSink section : sections) {
            table.varLong(section.size());
        }
        byte[] tableBytes = Arrays.copyOf(table.array(), table.size());
        CRC32C crc = new CRC32C();
        crc.update(tableBytes);
        crc.update(head.array(), 0, head.size());
        long body = tableBytes.length + head.size();
        for (ByteSink section : sections) {
            crc.update(section.array(), 0, section.size());
            body += section.size();
        }
        ByteSink header = new ByteSink(512);
        header.put(MAGIC);
        header.varLong(VERSION);
        header.string(build);
        key(header, key);
        header.varLong(dependencies.size());
        for (Dependencies.Stamp d : dependencies) {
            header.string(d.name());
            header.string(d.stamp());
        }
        header.fixedLong(body);
        header.fixedLong(crc.getValue());
        return new Encoded(Arrays.copyOf(header.array(), header.size()), head, sections, tableBytes, body);
    }

    private static void key(ByteSink out, FileKey key) {
        out.string(key.path());
        out.string(key.identity());
        out.varLong(key.size());
        out.signedLong(key.modifiedNanos());
        out.signedLong(key.changedNanos());
        out.string(key.content());
    }

    /**
     * Reads the cached load in {@code file} if it stands for {@code key} and was written by {@code build};
     * {@code null} when it stands for something else. The file is untrusted input: whatever it holds, the result is
     * a load, {@code null}, an {@link IOException} or a {@link CacheFormatException} (fuzzed by
     * {@code CacheEntryFuzzTest}); a link is not followed.
     *
     * @throws CacheFormatException when the file is damaged
     */
    public static LoadResult read(Path file, FileKey key, String build, String input) throws IOException {
        return read(file, key, build, input, () -> { });
    }

    /**
     * As {@link #read(Path, FileKey, String, String)}; {@code matched} runs once the header is found to match.
     *
     * @param input the name the file goes by now: the kept diagnostics are given it in place of the name it had
     */
    public static LoadResult read(Path file, FileKey key, String build, String input, Runnable matched)
            throws IOException {
        // never through a link: in the cache's own directory a link is planted, not made by the cache
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
             Arena arena = Arena.ofShared()) {
            long size = ch.size();
            if (size > Integer.MAX_VALUE) {
                throw new CacheFormatException("over 2 GiB");
            }
            MemorySegment mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            ByteSource in = new ByteSource(bytes(mapped, 0, HEADER_MAX));
            if (!Arrays.equals(in.get(MAGIC.length), MAGIC)) {
                throw new CacheFormatException("not a reopen cache file");
            }
            if (in.varLong() != VERSION || !in.string().equals(build) || !sameKey(in, key) || !dependenciesHold(in)) {
                return null;
            }
            matched.run();
            long body = in.fixedLong();
            long crc = in.fixedLong();
            int at = in.position();
            if (body != size - at) {
                throw new CacheFormatException("the body is " + (size - at) + " bytes, not " + body);
            }
            CRC32C check = new CRC32C();
            check.update(mapped.asSlice(at).asByteBuffer());
            if (check.getValue() != crc) {
                throw new CacheFormatException("the body's CRC-32C does not match");
            }
            return body(mapped.asSlice(at), input);
        }
    }

    private static Diagnostic renamed(Diagnostic d, String from, String to) {
        Location l = d.location();
        return from.equals(l.input()) ? d.at(new Location(to, l.line(), l.column(), l.path(), l.offset(), l.entity(),
                l.field())) : d;
    }

    /** Up to {@code length} bytes from {@code at}, copied out of the mapping in one go. */
    private static byte[] bytes(MemorySegment segment, long at, long length) {
        if (at < 0 || at > segment.byteSize() || length < 0) {
            throw new CacheFormatException("a section at " + at + " is outside the file");
        }
        return segment.asSlice(at, Math.min(length, segment.byteSize() - at)).toArray(ValueLayout.JAVA_BYTE);
    }

    private static boolean sameKey(ByteSource in, FileKey key) {
        return in.string().equals(key.path()) & in.string().equals(key.identity()) & in.varLong() == key.size()
                & in.signedLong() == key.modifiedNanos() & in.signedLong() == key.changedNanos()
                & in.string().equals(key.content());
    }

    /** Whether every module file and the symbolizer the load depended on are as they were then. */
    private static boolean dependenciesHold(ByteSource in) {
        long count = in.varLong();
        if (count < 0 || count > 4096) {
            throw new CacheFormatException(count + " dependencies");
        }
        boolean hold = true;
        for (long i = 0; i < count; i++) {
            Dependencies.Stamp d = new Dependencies.Stamp(in.string(), in.string());
            hold = hold && d.holds(); // read them all: what follows is the body's length and CRC
        }
        return hold;
    }

    private static LoadResult body(MemorySegment body, String input) {
        ByteSource counts = new ByteSource(bytes(body, 0, 30));
        int taskCount = counts.varInt();
        int headLength = counts.varInt();
        int count = counts.varInt();
        if (count != (taskCount + SECTION - 1) / SECTION || count > MAX_SECTIONS) {
            throw new CacheFormatException(count + " sections for " + taskCount + " tasks");
        }
        ByteSource table = new ByteSource(bytes(body, counts.position(), 10L * count));
        long[] offsets = new long[count + 1];
        for (int i = 0; i < count; i++) {
            offsets[i + 1] = offsets[i] + table.varInt();
        }
        long headAt = counts.position() + (long) table.position(); // the head follows the table, the sections it
        for (int i = 0; i <= count; i++) {
            offsets[i] += headAt + (long) headLength;
        }
        long at = offsets[count];
        if (at != body.byteSize()) {
            throw new CacheFormatException("the sections end at " + at + ", the body at " + body.byteSize());
        }
        Task[][] sections = IntStream.range(0, count).parallel().mapToObj(i -> {
            ModelDecoder d = new ModelDecoder(new ByteSource(bytes(body, offsets[i], offsets[i + 1] - offsets[i])));
            int n = i == count - 1 ? taskCount - i * SECTION : SECTION;
            Task[] tasks = new Task[n];
            for (int t = 0; t < n; t++) {
                tasks[t] = d.present(Task.class);
            }
            return tasks;
        }).toArray(Task[][]::new);
        List<Task> tasks = new ArrayList<>(taskCount);
        for (Task[] section : sections) {
            tasks.addAll(Arrays.asList(section));
        }
        ModelDecoder h = new ModelDecoder(new ByteSource(bytes(body, headAt, headLength)));
        CaptureInfo capture = h.present(CaptureInfo.class); // a parse always has both
        RuntimeInfo runtime = h.present(RuntimeInfo.class);
        List<AddressSpace> spaces = h.list(AddressSpace.class);
        List<ThreadState> states = h.list(ThreadState.class);
        List<IcvDefinition> icvs = h.list(IcvDefinition.class);
        List<DisplayControlVar> dcvs = h.list(DisplayControlVar.class);
        List<OmpThread> threads = h.list(OmpThread.class);
        List<ParallelRegion> regions = h.list(ParallelRegion.class);
        List<TargetRegion> targets = h.list(TargetRegion.class);
        List<CodeModule> modules = h.list(CodeModule.class);
        List<CallStack> stacks = h.list(CallStack.class);
        List<Diagnostic> diagnostics = h.list(Diagnostic.class);
        boolean decompressed = h.bool();
        String keptName = h.read(String.class);
        if (keptName != null && !keptName.equals(input)) {
            diagnostics = diagnostics.stream().map(d -> renamed(d, keptName, input)).toList();
        }
        Snapshot snapshot = new Snapshot(capture, runtime, spaces, states, icvs, dcvs, threads, regions, tasks,
                targets, modules, stacks);
        return new LoadResult(snapshot, diagnostics, decompressed);
    }
}
