package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.ompdexplorer.importers.elf.CoreThread;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.MemoryRead;
import org.ompdexplorer.importers.elf.SymbolTable;
import org.ompdexplorer.importers.elf.ThreadLocalStorage;

/**
 * The process in a core file, as libompd's callbacks see it: memory from the {@link MemoryImage}, symbols from the
 * modules' symbol tables (the runtime's first), thread-local symbols through {@link ThreadLocalStorage}, and one
 * thread context per thread of the core.
 *
 * <p>Contexts are small native blocks whose addresses are the opaque pointers libompd keeps. The address-space
 * context is allocated from the global arena, never reused: libompd caches type layouts per context pointer for
 * the life of the process, and a reused address would hand a later core the layouts of an earlier runtime.
 */
final class CoreTarget implements OmpdTarget {
    private static final int ABSOLUTE_SECTION = 0xfff1;
    private static final int MAX_PROBLEMS = 20;
    /** Key prefix of {@link #problems()} for failed memory reads, followed by the {@link MemoryRead.Reason}. */
    static final String READ_PROBLEM = "read:";

    /** Where symbols are looked up: a module, its table (maybe from a separate debug file) and load bias. */
    record SymbolSource(LoadedModule module, SymbolTable table, long bias) {
    }

    private final MemoryImage memory;
    private final ThreadLocalStorage tls;
    private final List<SymbolSource> symbols;
    private final MemorySegment context;
    private final List<CoreThread> threads;
    private final MemorySegment threadContexts;
    private final Map<String, Long> symbolCache = new HashMap<>();
    private final Set<String> missingSymbols = new LinkedHashSet<>();
    private final Map<String, String> problems = new LinkedHashMap<>();
    private final List<String> printed = new ArrayList<>();

    CoreTarget(MemoryImage memory, ThreadLocalStorage tls, List<SymbolSource> symbols, Arena sessionArena) {
        this.memory = memory;
        this.tls = tls;
        this.symbols = List.copyOf(symbols);
        this.context = Arena.global().allocate(8, 8);
        this.threads = memory.core().threads();
        this.threadContexts = sessionArena.allocate(8L * Math.max(1, threads.size()), 8);
        for (int i = 0; i < threads.size(); i++) {
            threadContexts.setAtIndex(JAVA_LONG, i, i);
        }
    }

    /** The address-space context to pass to {@code ompd_process_initialize}. */
    MemorySegment context() {
        return context;
    }

    /** The thread context of the core's {@code index}-th thread. */
    long threadContext(int index) {
        return threadContexts.address() + 8L * index;
    }

    /** Symbols libompd asked for that no module defines (in order of first request). */
    Set<String> missingSymbols() {
        return missingSymbols;
    }

    /**
     * Why callbacks failed, the first occurrence of each kind (at most 20): memory reads keyed
     * {@code "read:" + reason}, thread-local lookups keyed {@code "tls"}.
     */
    Map<String, String> problems() {
        return problems;
    }

    /** What libompd printed through {@code print_string}. */
    List<String> printed() {
        return printed;
    }

    @Override
    public int symbolAddress(long ctx, long threadContext, String name, String fileName, long[] address) {
        if (ctx != context.address()) {
            return OmpdResult.BAD_INPUT;
        }
        Long cached = fileName == null ? symbolCache.get(name) : null;
        if (cached != null) {
            address[0] = cached;
            return OmpdResult.OK;
        }
        for (SymbolSource source : symbols) {
            if (fileName != null && !sameFile(source.module(), fileName)) {
                continue;
            }
            Optional<ElfSymbol> symbol = source.table().lookup(name);
            if (symbol.isEmpty()) {
                continue;
            }
            ElfSymbol s = symbol.get();
            if (s.type() == ElfSymbol.Type.TLS) {
                return threadLocal(threadContext, source.module(), s, address);
            }
            long value = s.sectionIndex() == ABSOLUTE_SECTION ? s.value() : source.bias() + s.value();
            if (fileName == null) {
                symbolCache.put(name, value);
            }
            address[0] = value;
            return OmpdResult.OK;
        }
        missingSymbols.add(name);
        return OmpdResult.ERROR;
    }

    private int threadLocal(long threadContext, LoadedModule module, ElfSymbol symbol, long[] address) {
        Optional<CoreThread> thread = thread(threadContext);
        if (thread.isEmpty()) {
            problem("tls:" + symbol.name(), symbol.name() + " is thread-local but was asked for without a thread");
            return OmpdResult.BAD_INPUT;
        }
        ThreadLocalStorage.Lookup lookup = tls.address(thread.get(), module, symbol);
        if (lookup instanceof ThreadLocalStorage.Lookup.Found(long at)) {
            address[0] = at;
            return OmpdResult.OK;
        }
        problem("tls", "thread-local " + symbol.name() + ": " + ((ThreadLocalStorage.Lookup.Failed) lookup).reason());
        return OmpdResult.ERROR;
    }

    @Override
    public int readMemory(long ctx, long threadContext, long address, MemorySegment into) {
        if (ctx != context.address()) {
            return OmpdResult.UNAVAILABLE;
        }
        Optional<MemoryRead.Failure> failure = memory.copy(address, into);
        if (failure.isPresent()) {
            problem(READ_PROBLEM + failure.get().reason(), failure.get().detail());
            return OmpdResult.ERROR;
        }
        return OmpdResult.OK;
    }

    @Override
    public int readString(long ctx, long threadContext, long address, MemorySegment into) {
        if (ctx != context.address()) {
            return OmpdResult.UNAVAILABLE;
        }
        int max = (int) Math.min(into.byteSize(), Integer.MAX_VALUE);
        MemoryRead read = memory.readCString(address, max);
        if (read instanceof MemoryRead.Failure failure) {
            problem(READ_PROBLEM + failure.reason(), failure.detail());
            return OmpdResult.ERROR;
        }
        byte[] bytes = ((MemoryRead.Bytes) read).bytes();
        MemorySegment.copy(bytes, 0, into, JAVA_BYTE, 0, bytes.length);
        if (bytes.length < max) {
            into.set(JAVA_BYTE, bytes.length, (byte) 0);
        }
        return OmpdResult.OK;
    }

    @Override
    public int threadContext(long ctx, long kind, MemorySegment id, long[] threadContext) {
        if (ctx != context.address()) {
            return OmpdResult.BAD_INPUT;
        }
        long value;
        if (kind == Ompd.THREAD_ID_LWP && (id.byteSize() == 4 || id.byteSize() == 8)) {
            value = id.byteSize() == 4 ? id.get(JAVA_INT, 0) : id.get(JAVA_LONG, 0);
        } else if (kind == Ompd.THREAD_ID_PTHREAD && id.byteSize() == 8) {
            value = id.get(JAVA_LONG, 0);
        } else {
            return OmpdResult.UNSUPPORTED;
        }
        for (int i = 0; i < threads.size(); i++) {
            CoreThread t = threads.get(i);
            if (kind == Ompd.THREAD_ID_LWP ? t.lwp() == value : t.fsBase() == value) {
                threadContext[0] = threadContext(i);
                return OmpdResult.OK;
            }
        }
        return OmpdResult.UNAVAILABLE;
    }

    @Override
    public void print(String text, int category) {
        if (printed.size() < 1000) {
            printed.add(text.strip());
        }
    }

    private Optional<CoreThread> thread(long threadContext) {
        long index = (threadContext - threadContexts.address()) / 8;
        if (threadContext == 0 || (threadContext - threadContexts.address()) % 8 != 0 || index < 0
                || index >= threads.size()) {
            return Optional.empty();
        }
        return Optional.of(threads.get((int) index));
    }

    private static boolean sameFile(LoadedModule module, String fileName) {
        Path wanted = Path.of(fileName).getFileName();
        return wanted != null && Path.of(module.path()).getFileName().equals(wanted);
    }

    private void problem(String key, String detail) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.putIfAbsent(key, detail);
        }
    }
}
