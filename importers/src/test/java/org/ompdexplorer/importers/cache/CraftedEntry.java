package org.ompdexplorer.importers.cache;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.resources.BundledResources;

/**
 * Reopen cache entries an attacker (or a damaged disk that happens to keep the CRC right) could leave: a real
 * entry's header — its key and build, so that the entry matches — around a body of the test's choosing, with the
 * body's length and CRC-32C made right, so that the decoder itself is what the body meets.
 */
public final class CraftedEntry {
    private CraftedEntry() {
    }

    /**
     * The attacks, by name, as bodies: damage (truncated, random bytes), what exhausts a decoder that trusts its
     * input (nesting, lengths), values the model refuses, and values of the wrong type in a fact or a list.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Map<String, byte[]> attacks() throws IOException, SnapshotLoadException {
        Snapshot s = lesson();
        byte[] real = bodyOf(s);
        Snapshot wrongFact = new Snapshot(s.capture(), new RuntimeInfo((Fact) Fact.of("seven"),
                s.runtime().ompVersionString(), s.runtime().ompdApiVersion(), s.runtime().ompdVersionString()),
                s.addressSpaces(), s.states(), s.icvCatalogue(), s.displayControlVars(), s.threads(),
                s.parallelRegions(), s.tasks(), s.targetRegions(), s.modules());
        CaptureInfo c = s.capture();
        Snapshot wrongItem = new Snapshot(new CaptureInfo(c.source(), c.program(), c.pid(), c.host(), c.time(),
                c.label(), c.description(), c.producer(), (List) List.of("not a record of lost events")),
                s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(), s.displayControlVars(), s.threads(),
                s.parallelRegions(), s.tasks(), s.targetRegions(), s.modules());
        byte[] random = new byte[1 << 16];
        new Random(23).nextBytes(random);
        Map<String, byte[]> attacks = new LinkedHashMap<>();
        attacks.put("truncated", Arrays.copyOf(real, real.length / 2));
        attacks.put("random bytes", random);
        attacks.put("nesting 300,000 deep", withHead(repeated(300_000, Tag.LIST, 1)));
        attacks.put("nested lists each claiming a million items",
                withHead(repeated(1 << 20, ints(new int[] {Tag.LIST}, varLong(1_000_000)))));
        attacks.put("a list holding nothing", withHead(new byte[] {Tag.LIST, 1, Tag.NULL}));
        attacks.put("a time out of range", withHead(bytes(ints(new int[] {Tag.INSTANT},
                varLong(Long.MAX_VALUE - 1), varLong(0)))));
        attacks.put("a string in a fact of a number", bodyOf(wrongFact));
        attacks.put("a string in a list of records", bodyOf(wrongItem));
        attacks.put("a call stack of more frames than a stack keeps", withHead(deepStack(s)));
        return attacks;
    }

    /**
     * The head of {@code s} with one call stack of {@link CallStack#MAX_FRAMES} + 1 frames, which the model would cut
     * (and so read back as another value than was written): written part by part as the encoder writes a head.
     */
    private static byte[] deepStack(Snapshot s) {
        ByteSink head = new ByteSink(1 << 16);
        ModelEncoder e = new ModelEncoder(head, 1024);
        for (Object part : List.of(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), s.targetRegions(), s.modules())) {
            e.write(part);
        }
        head.put(Tag.LIST);
        head.varLong(1);
        head.put(Tag.CALL_STACK);
        e.write(s.threads().getFirst().id());
        head.put(Tag.LIST);
        head.varLong(CallStack.MAX_FRAMES + 1);
        for (int i = 0; i <= CallStack.MAX_FRAMES; i++) {
            e.write(CallFrame.unwound(0x401000L + i, 0, i == 0, -1)); // each its own: numbered as the decoder does
        }
        e.write(null); // whole
        e.write(List.of());
        e.write(false);
        e.write("crafted");
        return Arrays.copyOf(head.array(), head.size());
    }

    /** {@code entry} (a whole cache file) with its body replaced by {@code body}, length and CRC made to match. */
    public static byte[] rebody(byte[] entry, byte[] body) {
        int header = headerLength(entry);
        CRC32C crc = new CRC32C();
        crc.update(body);
        ByteSink out = new ByteSink(header + body.length);
        out.put(Arrays.copyOf(entry, header - 16));
        out.fixedLong(body.length);
        out.fixedLong(crc.getValue());
        out.put(body);
        return Arrays.copyOf(out.array(), out.size());
    }

    /** The body of a cache file: everything after the header. */
    public static byte[] body(byte[] entry) {
        return Arrays.copyOfRange(entry, headerLength(entry), entry.length);
    }

    /** A body of no tasks whose head is {@code head}, as the decoder reads a head. */
    public static byte[] withHead(byte[] head) {
        ByteSink table = new ByteSink(32);
        table.varLong(0);
        table.varLong(head.length);
        table.varLong(0);
        ByteSink out = new ByteSink(table.size() + head.length);
        out.put(Arrays.copyOf(table.array(), table.size()));
        out.put(head);
        return Arrays.copyOf(out.array(), out.size());
    }

    /** The body {@link CacheFile#encode} writes for {@code snapshot}: any model, however it was made. */
    public static byte[] bodyOf(Snapshot snapshot) {
        CacheFile.Encoded e = CacheFile.encode(new LoadResult(snapshot, List.of(), false),
                new FileKey("/crafted", "", 0, 0, 0, ""), "crafted", "crafted", List.of());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            e.writeTo(out);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
        return body(out.toByteArray());
    }

    /** Values as the encoder writes them: a tag byte, then LEB128 numbers ({@link Tag}). */
    public static byte[] repeated(int times, int... bytes) {
        byte[] out = new byte[times * bytes.length];
        for (int i = 0; i < times; i++) {
            for (int j = 0; j < bytes.length; j++) {
                out[i * bytes.length + j] = (byte) bytes[j];
            }
        }
        return out;
    }

    /** LEB128 of {@code v}, as {@link ByteSink#varLong} writes it. */
    public static int[] varLong(long v) {
        ByteSink s = new ByteSink(10);
        s.varLong(v);
        int[] out = new int[s.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = s.array()[i] & 0xFF;
        }
        return out;
    }

    private static int[] ints(int[]... parts) {
        return Stream.of(parts).flatMapToInt(IntStream::of).toArray();
    }

    private static byte[] bytes(int[] all) {
        byte[] out = new byte[all.length];
        for (int i = 0; i < all.length; i++) {
            out[i] = (byte) all[i];
        }
        return out;
    }

    private static Snapshot lesson() throws IOException, SnapshotLoadException {
        try (InputStream in = BundledResources.openLessonStep(BundledResources.DEFAULT_LESSON, 1)) {
            byte[] bytes = in.readAllBytes();
            return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "lesson", bytes.length,
                    LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
        }
    }

    /** The header ends with the body's length and CRC: the one place where that length is the rest of the file. */
    private static int headerLength(byte[] entry) {
        for (int h = 16; h <= entry.length; h++) {
            long length = 0;
            for (int i = 0; i < 8; i++) {
                length |= (long) (entry[h - 16 + i] & 0xFF) << (8 * i);
            }
            if (length == entry.length - h) {
                return h;
            }
        }
        throw new IllegalArgumentException("not a cache file");
    }
}
