package org.ompdexplorer.importers.elf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the process notes of an x86-64 Linux core (owner "CORE"). Each decoder checks the descriptor
 * is long enough for the fields it reads, so a short note gives a located {@link ElfFormatException}.
 */
final class CoreNotes {
    static final int PRSTATUS_PID = 32;
    static final int PRSTATUS_REGISTERS = 112;
    private static final int PRSTATUS_MIN = PRSTATUS_REGISTERS + CoreThread.REGISTER_COUNT * 8;
    private static final int PRPSINFO_SIZE = 136;
    private static final int SIGINFO_MIN = 24;
    /** Linux's PATH_MAX: no mapped file's path is longer. */
    private static final int MAX_PATH = 4096;
    /** Pages are 4 KiB on x86-64; the note's field is checked against a generous bound, not that value. */
    private static final long MAX_PAGE_SIZE = 1L << 30;

    /** Everything the notes say; filled in note order. */
    final List<CoreThread> threads = new ArrayList<>();
    ProcessInfo processInfo;
    SignalInfo processSignal;
    AuxVector auxVector = new AuxVector(List.of());
    List<FileMapping> fileMappings = List.of();
    long pageSize;

    private CoreNotes() {
    }

    static CoreNotes read(MappedFile file, List<ElfNote> notes) throws ElfFormatException {
        CoreNotes result = new CoreNotes();
        for (ElfNote note : notes) {
            if (!note.name().equals("CORE")) {
                continue;
            }
            switch (note.type()) {
                case ElfNote.NT_PRSTATUS -> result.threads.add(thread(file, note));
                case ElfNote.NT_PRPSINFO -> result.processInfo = processInfo(file, note);
                case ElfNote.NT_AUXV -> result.auxVector = auxVector(file, note);
                case ElfNote.NT_FILE -> result.readFileNote(file, note);
                case ElfNote.NT_SIGINFO -> result.addSignal(signal(file, note));
                default -> { } // FP registers, XSAVE state, GDB's target description: not needed here
            }
        }
        return result;
    }

    /**
     * A kernel core has one process-wide NT_SIGINFO after the first thread's NT_PRSTATUS; gcore writes one
     * after each thread's. The first one is the process's; each also belongs to the thread before it.
     */
    private void addSignal(SignalInfo info) {
        if (processSignal == null) {
            processSignal = info;
        }
        if (!threads.isEmpty() && threads.getLast().signalInfo().isEmpty()) {
            threads.set(threads.size() - 1, threads.getLast().withSignalInfo(info));
        }
    }

    private static void need(MappedFile file, ElfNote note, long size, String what) throws ElfFormatException {
        if (note.descSize() < size) {
            throw new ElfFormatException(file.path(), note.offset(), what + " note at offset " + MappedFile.hex(note.offset())
                    + " is " + note.descSize() + " bytes, expected at least " + size);
        }
    }

    private static CoreThread thread(MappedFile file, ElfNote note) throws ElfFormatException {
        need(file, note, PRSTATUS_MIN, "NT_PRSTATUS");
        long d = note.descOffset();
        long[] registers = new long[CoreThread.REGISTER_COUNT];
        for (int i = 0; i < registers.length; i++) {
            registers[i] = file.u64(d + PRSTATUS_REGISTERS + i * 8L, "NT_PRSTATUS register " + i);
        }
        short cursig = (short) file.u16(d + 12, "pr_cursig");
        return new CoreThread(file.u32(d + PRSTATUS_PID, "pr_pid"), cursig, registers, null);
    }

    private static ProcessInfo processInfo(MappedFile file, ElfNote note) throws ElfFormatException {
        need(file, note, PRPSINFO_SIZE, "NT_PRPSINFO");
        long d = note.descOffset();
        return new ProcessInfo((char) file.u8(d + 1, "pr_sname"), file.u32(d + 24, "pr_pid"),
                file.u32(d + 28, "pr_ppid"), file.u32(d + 16, "pr_uid"), file.u32(d + 20, "pr_gid"),
                fixedString(file.bytes(d + 40, 16, "pr_fname")), fixedString(file.bytes(d + 56, 80, "pr_psargs")));
    }

    private static SignalInfo signal(MappedFile file, ElfNote note) throws ElfFormatException {
        need(file, note, SIGINFO_MIN, "NT_SIGINFO");
        long d = note.descOffset();
        return new SignalInfo(file.u32(d, "si_signo"), file.u32(d + 4, "si_errno"), file.u32(d + 8, "si_code"),
                file.u64(d + 16, "si_addr"));
    }

    private static AuxVector auxVector(MappedFile file, ElfNote note) throws ElfFormatException {
        List<AuxVector.Entry> entries = new ArrayList<>();
        for (long at = note.descOffset(); at + 16 <= note.descOffset() + note.descSize(); at += 16) {
            long type = file.u64(at, "auxv a_type");
            if (type == 0) { // AT_NULL ends the vector
                break;
            }
            entries.add(new AuxVector.Entry(type, file.u64(at + 8, "auxv a_val")));
        }
        return new AuxVector(entries);
    }

    /** NT_FILE: count, page size, count (start, end, offset in pages) triples, then count NUL-terminated paths. */
    private void readFileNote(MappedFile file, ElfNote note) throws ElfFormatException {
        need(file, note, 16, "NT_FILE");
        long d = note.descOffset();
        long end = d + note.descSize();
        long count = file.u64(d, "NT_FILE count");
        long page = file.u64(d + 8, "NT_FILE page size");
        // Each mapping needs its 24-byte triple and at least a NUL for its path.
        if (count < 0 || count > (note.descSize() - 16) / 25) {
            throw new ElfFormatException(file.path(), d, "NT_FILE note at offset " + MappedFile.hex(note.offset())
                    + " claims " + Long.toUnsignedString(count) + " mappings, more than its " + note.descSize()
                    + " bytes can hold: the note is damaged");
        }
        if (page <= 0 || page > MAX_PAGE_SIZE || Long.bitCount(page) != 1) {
            throw new ElfFormatException(file.path(), d + 8, "NT_FILE note at offset " + MappedFile.hex(note.offset())
                    + " gives page size " + Long.toUnsignedString(page) + ", not a power of two up to " + MAX_PAGE_SIZE
                    + ": the note is damaged");
        }
        List<FileMapping> mappings = new ArrayList<>((int) count);
        long names = d + 16 + count * 24;
        for (int i = 0; i < count; i++) {
            long at = d + 16 + i * 24L;
            String what = "NT_FILE path " + i;
            long length = file.stringLength(names, end, MAX_PATH, what);
            String path = file.cString(names, end, MAX_PATH, what);
            names += length + 1;
            long start = file.u64(at, "NT_FILE start");
            long stop = file.u64(at + 8, "NT_FILE end");
            long pages = file.u64(at + 16, "NT_FILE offset");
            if (Long.compareUnsigned(start, stop) > 0 || pages < 0 || pages > Long.MAX_VALUE / page) {
                throw new ElfFormatException(file.path(), at, "NT_FILE mapping " + i + " of " + path + " (start "
                        + MappedFile.hex(start) + ", end " + MappedFile.hex(stop) + ", file page "
                        + Long.toUnsignedString(pages) + ") is impossible: the note is damaged");
            }
            mappings.add(new FileMapping(start, stop, pages * page, path));
        }
        fileMappings = List.copyOf(mappings);
        pageSize = page;
    }

    /** A NUL-padded fixed-size char array. */
    private static String fixedString(byte[] raw) {
        int n = 0;
        while (n < raw.length && raw[n] != 0) {
            n++;
        }
        return new String(raw, 0, n, StandardCharsets.UTF_8).strip();
    }
}
