package org.ompdexplorer.importers.elf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A Linux x86-64 core file (from the kernel or gdb's {@code gcore}): its threads, the process notes, its
 * memory segments and the files the process had mapped.
 *
 * <p>Opening fails with an {@link ElfFormatException} if the header, the program header table or the
 * notes are broken or cut off. A core cut off inside its memory segments still opens: those segments
 * are listed in {@link #problems()} and reads of their missing bytes fail (see {@link MemoryImage}), so
 * whatever is still there can be shown.
 */
public final class CoreFile implements AutoCloseable {
    private final ElfFile elf;
    private final CoreNotes notes;
    private final List<CoreThread> threads;
    private final List<ProgramHeader> loadSegments;
    private final List<ElfFormatException> problems;

    private CoreFile(ElfFile elf, CoreNotes notes, List<ProgramHeader> loadSegments, List<ElfFormatException> problems) {
        this.elf = elf;
        this.notes = notes;
        this.threads = List.copyOf(notes.threads);
        this.loadSegments = loadSegments;
        this.problems = problems;
    }

    /**
     * Maps and reads the core at {@code path}.
     *
     * @throws IOException        if it cannot be opened or mapped
     * @throws ElfFormatException if it is not an x86-64 ELF core, or its headers or notes are broken
     */
    public static CoreFile open(Path path) throws IOException, ElfFormatException {
        ElfFile elf = ElfFile.open(path);
        try {
            return read(elf);
        } catch (ElfFormatException | RuntimeException e) {
            elf.close();
            throw e;
        }
    }

    private static CoreFile read(ElfFile elf) throws ElfFormatException {
        ElfHeader header = elf.header();
        if (header.type() != ElfHeader.ET_CORE) {
            throw new ElfFormatException(elf.path(), 16, "expected a core file (ET_CORE), found " + header.typeName());
        }
        if (header.machine() != ElfHeader.EM_X86_64) {
            throw new ElfFormatException(elf.path(), 18, "expected an x86-64 core (e_machine 62), found machine "
                    + header.machine() + ": only x86-64 register layouts are known");
        }
        CoreNotes notes = CoreNotes.read(elf.mapped(), elf.notes());
        if (notes.threads.isEmpty()) {
            throw new ElfFormatException(elf.path(), -1, "core has no NT_PRSTATUS note: no thread to show");
        }
        List<ProgramHeader> loads = new ArrayList<>();
        List<ElfFormatException> problems = new ArrayList<>(elf.problems());
        for (ProgramHeader ph : elf.programHeaders()) {
            if (!ph.isLoad()) {
                continue;
            }
            loads.add(ph);
            if (!elf.mapped().contains(ph.offset(), ph.fileSize())) {
                problems.add(new ElfFormatException(elf.path(), ph.offset(), "truncated core: memory of segment "
                        + ph.index() + " (" + MappedFile.hex(ph.vaddr()) + ", " + ph.fileSize() + " bytes at offset "
                        + MappedFile.hex(ph.offset()) + ") extends past end of file (size " + elf.size() + ")"));
            }
        }
        loads.sort(Comparator.comparing(ProgramHeader::vaddr, Long::compareUnsigned));
        return new CoreFile(elf, notes, List.copyOf(loads), List.copyOf(problems));
    }

    /** The core as an ELF file (headers, notes). */
    public ElfFile elf() {
        return elf;
    }

    /** The core's path. */
    public Path path() {
        return elf.path();
    }

    /** The threads, in note order (the kernel puts the thread that got the signal first). */
    public List<CoreThread> threads() {
        return threads;
    }

    /** The thread with kernel thread id {@code lwp}. */
    public Optional<CoreThread> thread(int lwp) {
        return threads.stream().filter(t -> t.lwp() == lwp).findFirst();
    }

    /** The {@code NT_PRPSINFO} process description. */
    public Optional<ProcessInfo> processInfo() {
        return Optional.ofNullable(notes.processInfo);
    }

    /** The process's signal: the first {@code NT_SIGINFO}. */
    public Optional<SignalInfo> signalInfo() {
        return Optional.ofNullable(notes.processSignal);
    }

    /** The auxiliary vector (empty if the core has no {@code NT_AUXV}). */
    public AuxVector auxVector() {
        return notes.auxVector;
    }

    /** The file-backed mappings from {@code NT_FILE}, in address order as the kernel wrote them. */
    public List<FileMapping> fileMappings() {
        return notes.fileMappings;
    }

    /** The {@code PT_LOAD} segments (the dumped memory), sorted by address. */
    public List<ProgramHeader> loadSegments() {
        return loadSegments;
    }

    /** Non-fatal damage found on opening: memory segments (or gcore's trailing section headers) cut off. */
    public List<ElfFormatException> problems() {
        return problems;
    }

    /**
     * The executable's path as the process saw it: the file mapped at the program headers
     * ({@code AT_PHDR}) or the entry point ({@code AT_ENTRY}), else the first mapped file.
     */
    public Optional<String> executablePath() {
        for (long type : new long[] {AuxVector.AT_PHDR, AuxVector.AT_ENTRY}) {
            OptionalLong address = auxVector().get(type);
            if (address.isPresent()) {
                Optional<FileMapping> m = mappingAt(address.getAsLong());
                if (m.isPresent()) {
                    return Optional.of(m.get().filePath());
                }
            }
        }
        return notes.fileMappings.stream().findFirst().map(FileMapping::filePath);
    }

    /** The file mapping containing {@code address}. */
    public Optional<FileMapping> mappingAt(long address) {
        return notes.fileMappings.stream().filter(m -> m.contains(address)).findFirst();
    }

    /** The mapped files grouped per path (the executable and shared objects, plus any other mapped file). */
    public List<LoadedModule> modules() {
        Map<String, List<FileMapping>> byPath = new LinkedHashMap<>();
        for (FileMapping m : notes.fileMappings) {
            byPath.computeIfAbsent(m.filePath(), k -> new ArrayList<>()).add(m);
        }
        return byPath.entrySet().stream().map(e -> new LoadedModule(e.getKey(), e.getValue())).toList();
    }

    /** The module whose path is {@code path} or ends with {@code "/" + path}. */
    public Optional<LoadedModule> module(String path) {
        return modules().stream()
                .filter(m -> m.path().equals(path) || m.path().endsWith("/" + path))
                .findFirst();
    }

    /** The load segment containing {@code address} (binary search over the sorted segments). */
    Optional<ProgramHeader> loadSegmentAt(long address) {
        int lo = 0;
        int hi = loadSegments.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            ProgramHeader ph = loadSegments.get(mid);
            if (Long.compareUnsigned(address, ph.vaddr()) < 0) {
                hi = mid - 1;
            } else if (ph.containsAddress(address)) {
                return Optional.of(ph);
            } else {
                lo = mid + 1;
            }
        }
        return Optional.empty();
    }

    /** The first load segment starting above {@code address}, if any. */
    Optional<ProgramHeader> nextLoadSegmentAfter(long address) {
        return loadSegments.stream().filter(ph -> Long.compareUnsigned(ph.vaddr(), address) > 0).findFirst();
    }

    MappedFile mapped() {
        return elf.mapped();
    }

    /** Releases the mapping. */
    @Override
    public void close() {
        elf.close();
    }
}
