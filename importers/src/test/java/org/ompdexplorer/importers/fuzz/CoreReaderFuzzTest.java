package org.ompdexplorer.importers.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.CoreThread;
import org.ompdexplorer.importers.elf.DebugFileLocator;
import org.ompdexplorer.importers.elf.DumpedBuildId;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.FileMapping;
import org.ompdexplorer.importers.elf.FunctionSymbols;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.elf.PathResolver;
import org.ompdexplorer.importers.elf.ProgramHeader;
import org.ompdexplorer.importers.elf.SectionHeader;
import org.ompdexplorer.importers.elf.ThreadLocalStorage;

/**
 * The ELF/core reader on arbitrary bytes: every public read, and memory reads at addresses the input chooses.
 * Only the reader's own failures may come out ({@link ElfFormatException}, or an {@link IOException} opening the
 * file); any other exception, a JVM fault, or a run that does not end is a finding.
 *
 * <p>Regression mode (every {@code mvn verify}) replays the seeds and past findings under
 * {@code CoreReaderFuzzTestInputs/coreFile/}; {@code scripts/fuzz.sh elf 30m} fuzzes.
 */
public class CoreReaderFuzzTest {
    /** Modules whose files this machine may have (libc, the loader): opened per input, so a few only. */
    private static final int MAX_MODULES = 4;
    private static final int MAX_READS = 64;
    private static Path file;

    @FuzzTest
    void coreFile(byte[] data) throws IOException {
        Path input = input();
        Files.write(input, data);
        readEverything(input, tailAddresses(data));
    }

    @AfterAll
    static void deleteInput() throws IOException {
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }

    private static synchronized Path input() throws IOException {
        if (file == null) {
            file = Files.createTempFile("core-reader-fuzz", ".core");
        }
        return file;
    }

    /** Up to four addresses from the input's last 32 bytes: reads at places the fuzzer picks, not only listed ones. */
    private static long[] tailAddresses(byte[] data) {
        int n = Math.min(4, data.length / 8);
        ByteBuffer tail = ByteBuffer.wrap(data, data.length - n * 8, n * 8).order(ByteOrder.LITTLE_ENDIAN);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = tail.getLong();
        }
        return out;
    }

    /**
     * Reads {@code path} as a core and as an ELF file through every public read, and memory at {@code addresses}
     * besides the ones the core lists. Returns normally or throws one of the reader's checked exceptions.
     */
    public static void readEverything(Path path, long... addresses) throws IOException {
        try (ElfFile elf = ElfFile.open(path)) {
            readElf(elf);
        } catch (ElfFormatException e) {
            checkMessage(e);
        }
        try (CoreFile core = CoreFile.open(path)) {
            readCore(core, addresses);
        } catch (ElfFormatException e) {
            checkMessage(e);
        }
    }

    private static void readElf(ElfFile elf) throws ElfFormatException {
        elf.header().typeName();
        elf.problems().forEach(CoreReaderFuzzTest::checkMessage);
        for (SectionHeader sh : elf.sections()) {
            if (sh.type() == SectionHeader.SHT_NOTE) {
                attempt(() -> elf.notes(sh));
            }
        }
        attempt(elf::notes);
        attempt(elf::buildId);
        attempt(elf::debugLink);
        attempt(() -> new DebugFileLocator(List.of()).candidates(elf));
        attempt(() -> {
            FunctionSymbols functions = FunctionSymbols.of(elf.symbols());
            elf.symbols().lookup("ompd_state");
            for (ProgramHeader ph : elf.programHeaders()) {
                functions.containing(ph.vaddr());
            }
            return functions.size();
        });
        for (ProgramHeader ph : elf.programHeaders()) {
            elf.fileOffsetOf(ph.vaddr());
            attempt(() -> elf.readVirtual(ph.vaddr(), (int) Math.min(Math.max(ph.fileSize(), 0), 64)));
            attempt(() -> elf.readBytes(ph.offset(), (int) Math.min(Math.max(ph.fileSize(), 0), 64)));
        }
        attempt(() -> elf.slice(0, Math.min(elf.size(), 64)));
    }

    private static void readCore(CoreFile core, long[] extra) throws IOException {
        core.problems().forEach(CoreReaderFuzzTest::checkMessage);
        core.processInfo();
        core.signalInfo();
        core.executablePath();
        core.module("libc.so.6");
        List<Long> addresses = new ArrayList<>();
        for (long a : extra) {
            addresses.add(a);
        }
        for (CoreThread t : core.threads()) {
            addresses.addAll(List.of(t.rip(), t.rsp(), t.rbp(), t.fsBase()));
            t.signalInfo();
        }
        for (ProgramHeader ph : core.loadSegments()) {
            addresses.addAll(List.of(ph.vaddr(), ph.vaddr() + ph.memSize() - 1, ph.vaddr() + ph.fileSize()));
        }
        for (FileMapping m : core.fileMappings()) {
            addresses.addAll(List.of(m.start(), m.end() - 1));
            core.mappingAt(m.start());
        }
        core.auxVector().entries().forEach(e -> addresses.add(e.value()));
        PathResolver resolver = PathResolver.direct();
        try (MemoryImage memory = new MemoryImage(core, resolver);
             ModuleFiles files = new ModuleFiles(core, resolver)) {
            for (long address : addresses.subList(0, Math.min(addresses.size(), MAX_READS))) {
                memory.read(address, 16);
                memory.readCString(address, 300);
                memory.readDumped(address, 8);
            }
            ThreadLocalStorage tls = new ThreadLocalStorage(memory, files);
            List<LoadedModule> modules = core.modules();
            for (LoadedModule module : modules.subList(0, Math.min(modules.size(), MAX_MODULES))) {
                module.fileName();
                DumpedBuildId.of(memory, module);
                files.problem(module);
                Optional<ElfFile> opened = files.open(module);
                if (opened.isPresent()) {
                    long bias = module.loadBias(opened.get());
                    module.mappingsInconsistentWith(opened.get(), bias);
                    tls.staticTlsOffset(module);
                    if (!core.threads().isEmpty()) {
                        ElfSymbol symbol = new ElfSymbol("__kmp_gtid", 16, 4, ElfSymbol.Type.TLS,
                                ElfSymbol.Binding.GLOBAL, 1, true);
                        tls.address(core.threads().getFirst(), module, symbol);
                    }
                }
            }
            files.moduleNamed("libomp.so");
            for (long a : extra) {
                files.moduleAt(a);
            }
        }
    }

    /** A read that may fail with the reader's exception, which must carry a message. */
    private interface Read {
        Object run() throws ElfFormatException;
    }

    private static void attempt(Read read) {
        try {
            read.run();
        } catch (ElfFormatException e) {
            checkMessage(e);
        }
    }

    private static void checkMessage(ElfFormatException e) {
        if (e.getMessage() == null || e.detail().isBlank() || e.file() == null) {
            throw new AssertionError("ElfFormatException without a located message", e);
        }
    }
}
