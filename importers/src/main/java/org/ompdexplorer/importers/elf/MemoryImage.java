package org.ompdexplorer.importers.elf;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiFunction;

/**
 * The address space of a crashed or snapshotted process, read from its core.
 *
 * <p>A byte comes from the core's {@code PT_LOAD} segment if the core dumped it; otherwise, if the
 * address lies in a file mapping ({@code NT_FILE}), from that file on this machine, found through a
 * {@link PathResolver}. Cores leave out what the files hold unchanged: libomp's text and
 * {@code .rodata} are not in the core, yet libompd reads constants there.
 *
 * <p>Reads never throw for a bad address; they return a {@link MemoryRead.Failure} saying why. Files
 * opened for fallback are released by {@link #close()}, which does not close the core.
 */
public final class MemoryImage implements AutoCloseable {
    private static final int STRING_CHUNK = 256;

    private final CoreFile core;
    private final BackingFiles files;

    /** A view of {@code core}'s memory, using {@code resolver} to find mapped files. */
    public MemoryImage(CoreFile core, PathResolver resolver) {
        this(core, resolver, (buildId, corePath) -> Optional.empty());
    }

    /**
     * A view of {@code core}'s memory, using {@code resolver} to find mapped files, and {@code byBuildId} (build-id,
     * the path the core names) for a file missing here or of another build than the core's (debuginfod's
     * {@code /executable}).
     */
    public MemoryImage(CoreFile core, PathResolver resolver,
                       BiFunction<String, String, Optional<Path>> byBuildId) {
        this.core = core;
        this.files = new BackingFiles(core, resolver, this::readCoreOnly, byBuildId);
    }

    /** The core this image reads. */
    public CoreFile core() {
        return core;
    }

    /** Reads {@code length} bytes at {@code address}. */
    public MemoryRead read(long address, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
        byte[] out = new byte[length];
        Optional<MemoryRead.Failure> failure = copy(address, MemorySegment.ofArray(out));
        return failure.isPresent() ? failure.get() : new MemoryRead.Bytes(address, out);
    }

    /**
     * Copies {@code destination.byteSize()} bytes at {@code address} into {@code destination} (heap or
     * native, as an FFM callback's buffer), returning the failure if not all of them can be had.
     */
    public Optional<MemoryRead.Failure> copy(long address, MemorySegment destination) {
        try {
            return copyGuarded(address, destination);
        } catch (InternalError e) {
            // The JVM may report a SIGBUS of inlined code when the caller returns, past MappedFile's own guard.
            return Optional.of(new MemoryRead.Failure(address, MemoryRead.Reason.TRUNCATED_CORE, hex(address)
                    + ": a mapped file (" + core.path() + " or a library) shrank while being read: " + e.getMessage()));
        }
    }

    private Optional<MemoryRead.Failure> copyGuarded(long address, MemorySegment destination) {
        long length = destination.byteSize();
        long done = 0;
        while (done < length) {
            Located located = locate(address + done);
            if (located instanceof Located.Failed(MemoryRead.Failure failure)) {
                return Optional.of(failure);
            }
            Located.Span span = (Located.Span) located;
            long n = Math.min(span.length(), length - done);
            try {
                span.file().copyTo(span.offset(), destination, done, n, "memory at " + hex(address + done));
            } catch (ElfFormatException e) {
                return Optional.of(lost(address + done, span, e));
            }
            done += n;
        }
        return Optional.empty();
    }

    /**
     * Reads the NUL-terminated string at {@code address}: the bytes before the NUL, or the first
     * {@code maxLength} bytes if there is no NUL among them.
     */
    public MemoryRead readCString(long address, int maxLength) {
        try {
            return readCStringGuarded(address, maxLength);
        } catch (InternalError e) {
            return new MemoryRead.Failure(address, MemoryRead.Reason.TRUNCATED_CORE, hex(address) + ": a mapped file ("
                    + core.path() + " or a library) shrank while being read: " + e.getMessage());
        }
    }

    private MemoryRead readCStringGuarded(long address, int maxLength) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[STRING_CHUNK];
        while (out.size() < maxLength) {
            long at = address + out.size();
            Located located = locate(at);
            if (located instanceof Located.Failed(MemoryRead.Failure failure)) {
                return failure;
            }
            Located.Span span = (Located.Span) located;
            int n = (int) Math.min(Math.min(span.length(), STRING_CHUNK), maxLength - out.size());
            try {
                span.file().copyTo(span.offset(), MemorySegment.ofArray(chunk), 0, n, "string at " + hex(at));
            } catch (ElfFormatException e) {
                return lost(at, span, e);
            }
            for (int i = 0; i < n; i++) {
                if (chunk[i] == 0) {
                    out.write(chunk, 0, i);
                    return new MemoryRead.Bytes(address, out.toByteArray());
                }
            }
            out.write(chunk, 0, n);
        }
        return new MemoryRead.Bytes(address, out.toByteArray());
    }

    /**
     * The {@code length} bytes at {@code address} as the core itself holds them, never from a fallback file:
     * empty if the core did not dump all of them. For comparing what the process had with files on disk.
     */
    public Optional<byte[]> readDumped(long address, int length) {
        try {
            return Optional.ofNullable(readCoreOnly(address, length));
        } catch (InternalError e) {
            return Optional.empty(); // a SIGBUS reported after the guarded copy returned: the core shrank
        }
    }

    /** The offset in the core file of the byte at {@code address}, when the core itself holds it: for locating. */
    public OptionalLong coreOffset(long address) {
        Optional<ProgramHeader> segment = core.loadSegmentAt(address);
        if (segment.isEmpty() || Long.compareUnsigned(address - segment.get().vaddr(), segment.get().fileSize()) >= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(segment.get().offset() + (address - segment.get().vaddr()));
    }

    /** Where the bytes at one address come from: a span of a mapped file, or a failure. */
    private sealed interface Located {
        record Span(MappedFile file, long offset, long length) implements Located {
        }

        record Failed(MemoryRead.Failure failure) implements Located {
        }
    }

    private Located locate(long address) {
        Optional<ProgramHeader> segment = core.loadSegmentAt(address);
        long limit = Long.MAX_VALUE; // how far the fallback may go before core bytes take over again
        if (segment.isPresent()) {
            ProgramHeader ph = segment.get();
            long delta = address - ph.vaddr();
            if (Long.compareUnsigned(delta, ph.fileSize()) < 0) {
                long offset = ph.offset() + delta;
                long inCore = core.mapped().size() - offset;
                if (offset < 0 || inCore <= 0) {
                    return failed(address, MemoryRead.Reason.TRUNCATED_CORE, "segment " + ph.index() + " should hold "
                            + hex(address) + " at file offset " + hex(offset) + ", past the core's end (size "
                            + core.mapped().size() + ")");
                }
                return new Located.Span(core.mapped(), offset, minUnsigned(ph.fileSize() - delta, inCore));
            }
            limit = ph.memSize() - delta; // the rest of the segment was not dumped (filesz < memsz)
        } else {
            Optional<ProgramHeader> next = core.nextLoadSegmentAfter(address);
            if (next.isPresent()) {
                limit = next.get().vaddr() - address;
            }
        }
        Optional<FileMapping> mapping = core.mappingAt(address);
        if (mapping.isEmpty()) {
            return segment.isPresent()
                    ? failed(address, MemoryRead.Reason.NOT_DUMPED, hex(address) + " is in segment "
                            + segment.get().index() + ", which the core did not dump, and no file backs it")
                    : failed(address, MemoryRead.Reason.UNMAPPED, hex(address) + " is not mapped in the process");
        }
        FileMapping m = mapping.get();
        BackingFiles.Backing backing = files.open(m.filePath());
        if (backing instanceof BackingFiles.Missing(MemoryRead.Reason reason, String detail)) {
            return failed(address, reason, hex(address) + " is in " + m.filePath() + ", not in the core: " + detail);
        }
        MappedFile file = ((BackingFiles.Found) backing).file();
        long offset = m.fileOffset() + (address - m.start());
        long inFile = file.size() - offset;
        if (offset < 0 || inFile <= 0) {
            return failed(address, MemoryRead.Reason.FILE_UNREADABLE, hex(address) + " maps offset " + hex(offset)
                    + " of " + file.path() + ", past its end (size " + file.size() + ")");
        }
        return new Located.Span(file, offset, minUnsigned(minUnsigned(m.end() - address, inFile), limit));
    }

    /** Bytes the core itself holds, or null: used to check fallback files against the core. */
    private byte[] readCoreOnly(long address, int length) {
        Optional<ProgramHeader> segment = core.loadSegmentAt(address);
        if (segment.isEmpty()) {
            return null;
        }
        ProgramHeader ph = segment.get();
        long delta = address - ph.vaddr();
        if (Long.compareUnsigned(delta + length, ph.fileSize()) > 0
                || !core.mapped().contains(ph.offset() + delta, length)) {
            return null;
        }
        byte[] out = new byte[length];
        try {
            core.mapped().copyTo(ph.offset() + delta, MemorySegment.ofArray(out), 0, length, "memory at " + hex(address));
        } catch (ElfFormatException e) {
            return null; // the core shrank: the bytes are not there to compare
        }
        return out;
    }

    /** The failure for bytes a file lost after it was mapped (it shrank: a core still being written). */
    private MemoryRead.Failure lost(long address, Located.Span span, ElfFormatException e) {
        return new MemoryRead.Failure(address, span.file() == core.mapped() ? MemoryRead.Reason.TRUNCATED_CORE
                : MemoryRead.Reason.FILE_UNREADABLE, hex(address) + ": " + e.getMessage());
    }

    /**
     * The smaller of two byte counts read as unsigned: sizes and address differences from a core are unsigned, and
     * a damaged one past 2^63 must not turn negative. With one count a positive file size, so is the result.
     */
    private static long minUnsigned(long a, long b) {
        return Long.compareUnsigned(a, b) <= 0 ? a : b;
    }

    private static Located failed(long address, MemoryRead.Reason reason, String detail) {
        return new Located.Failed(new MemoryRead.Failure(address, reason, detail));
    }

    private static String hex(long value) {
        return MappedFile.hex(value);
    }

    /** Releases the files opened for fallback reads (not the core). */
    @Override
    public void close() {
        files.close();
    }
}
