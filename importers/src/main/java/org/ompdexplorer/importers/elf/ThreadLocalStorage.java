package org.ompdexplorer.importers.elf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Addresses of thread-local variables (such as libomp's {@code __kmp_gtid}) in one thread of a core, the way
 * glibc's libthread_db finds them on x86-64: a module loaded at startup has its TLS block at a fixed offset
 * below the thread pointer, so the variable is at {@code fs_base − l_tls_offset + st_value}.
 *
 * <p>{@code l_tls_offset} is read from the module's {@code struct link_map} in the process: the executable's
 * {@code DT_DEBUG} entry (found through {@code AT_PHDR}) points to the loader's {@code r_debug}, whose
 * {@code r_map} list holds one {@code link_map} per module. Where that field lies in the structure differs
 * between glibc builds; libc publishes it for debuggers in the descriptor
 * {@code _thread_db_link_map_l_tls_offset} (size in bits, count, offset), which is read from libc's
 * {@code .rodata}. Modules with dynamic TLS (loaded with {@code dlopen} after startup) are not resolved: the
 * lookup fails with a reason rather than guessing.
 */
public final class ThreadLocalStorage {
    private static final long AT_PHNUM = 5;
    private static final int PT_DYNAMIC = 2;
    private static final int PT_PHDR = 6;
    private static final long DT_NULL = 0;
    private static final long DT_DEBUG = 21;
    private static final int MAX_MODULES = 65536;
    /** A real dynamic section has a few dozen entries; a damaged p_memsz must not make a long walk. */
    private static final long MAX_DYNAMIC_ENTRIES = 4096;
    private static final String TLS_OFFSET_DESCRIPTOR = "_thread_db_link_map_l_tls_offset";

    private final MemoryImage memory;
    private final ModuleFiles files;
    private final Map<String, Lookup> offsets = new ConcurrentHashMap<>();

    /** The outcome of a lookup: the address, or why it cannot be had. */
    public sealed interface Lookup {
        /** The variable's address in the thread. */
        record Found(long address) implements Lookup {
        }

        /** Why the address is unknown, naming the structure that could not be read. */
        record Failed(String reason) implements Lookup {
        }
    }

    /** TLS lookups over {@code memory}, with module files from {@code files} (for libc's descriptor). */
    public ThreadLocalStorage(MemoryImage memory, ModuleFiles files) {
        this.memory = memory;
        this.files = files;
    }

    /** The address of TLS symbol {@code symbol} of {@code module} in {@code thread}. */
    public Lookup address(CoreThread thread, LoadedModule module, ElfSymbol symbol) {
        if (symbol.type() != ElfSymbol.Type.TLS) {
            return new Lookup.Failed(symbol.name() + " is not a thread-local symbol");
        }
        Lookup offset = offsets.computeIfAbsent(module.path(), p -> staticTlsOffset(module));
        if (offset instanceof Lookup.Found(long tlsOffset)) {
            return new Lookup.Found(thread.fsBase() - tlsOffset + symbol.value());
        }
        return offset;
    }

    /** The module's {@code l_tls_offset} (as {@link Lookup.Found#address()}), or why it is unknown. */
    public Lookup staticTlsOffset(LoadedModule module) {
        Optional<Long> bias = files.loadBias(module);
        if (bias.isEmpty()) {
            return new Lookup.Failed("no file for " + module.path() + ": " + files.problem(module).orElse("?"));
        }
        Lookup descriptor = descriptorOffset();
        if (descriptor instanceof Lookup.Failed) {
            return descriptor;
        }
        Lookup linkMap = linkMapOf(module, bias.get());
        if (linkMap instanceof Lookup.Failed) {
            return linkMap;
        }
        long field = ((Lookup.Found) linkMap).address() + ((Lookup.Found) descriptor).address();
        OptionalLong value = u64(field);
        if (value.isEmpty()) {
            return new Lookup.Failed("cannot read l_tls_offset of " + module.path() + " at " + hex(field));
        }
        long offset = value.getAsLong();
        if (offset == 0 || offset == -1 || offset == -2) { // NO_TLS_OFFSET, FORCED_DYNAMIC_TLS_OFFSET
            return new Lookup.Failed(module.path() + " has no static TLS block (l_tls_offset " + offset
                    + "): it was loaded with dlopen, and dynamic TLS is not supported");
        }
        return new Lookup.Found(offset);
    }

    /** Offset of {@code l_tls_offset} in {@code struct link_map}, from libc's descriptor for debuggers. */
    private Lookup descriptorOffset() {
        Optional<LoadedModule> libc = files.moduleNamed("libc.so");
        if (libc.isEmpty()) {
            return new Lookup.Failed("the process has no libc.so mapped: cannot tell where link_map keeps l_tls_offset");
        }
        Optional<ElfFile> file = files.open(libc.get());
        if (file.isEmpty()) {
            return new Lookup.Failed(files.problem(libc.get()).orElse("libc not found"));
        }
        Optional<ElfSymbol> symbol;
        try {
            symbol = file.get().symbols().lookup(TLS_OFFSET_DESCRIPTOR);
        } catch (ElfFormatException e) {
            return new Lookup.Failed("cannot read the symbols of " + file.get().path() + ": " + e.getMessage());
        }
        if (symbol.isEmpty()) {
            return new Lookup.Failed(file.get().path() + " does not export " + TLS_OFFSET_DESCRIPTOR);
        }
        long at = libc.get().loadBias(file.get()) + symbol.get().value();
        MemoryRead read = memory.read(at, 12);
        if (!(read instanceof MemoryRead.Bytes bytes)) {
            return new Lookup.Failed("cannot read " + TLS_OFFSET_DESCRIPTOR + ": " + ((MemoryRead.Failure) read).detail());
        }
        int bits = bytes.intAt(0);
        if (bits != 64) {
            return new Lookup.Failed(TLS_OFFSET_DESCRIPTOR + " describes a " + bits + "-bit field, expected 64");
        }
        return new Lookup.Found(Integer.toUnsignedLong(bytes.intAt(8)));
    }

    /** Address of the {@code link_map} whose {@code l_addr} is the module's load bias. */
    private Lookup linkMapOf(LoadedModule module, long bias) {
        Lookup rDebug = rDebug();
        if (rDebug instanceof Lookup.Failed) {
            return rDebug;
        }
        OptionalLong map = u64(((Lookup.Found) rDebug).address() + 8);
        if (map.isEmpty()) {
            return new Lookup.Failed("cannot read r_debug.r_map at " + hex(((Lookup.Found) rDebug).address() + 8));
        }
        long lm = map.getAsLong();
        List<Long> sameBias = new ArrayList<>();
        for (int n = 0; lm != 0 && n < MAX_MODULES; n++) {
            OptionalLong lAddr = u64(lm);
            OptionalLong next = u64(lm + 24);
            if (lAddr.isEmpty() || next.isEmpty()) {
                return new Lookup.Failed("cannot read the loader's link_map at " + hex(lm));
            }
            if (lAddr.getAsLong() == bias) {
                sameBias.add(lm);
            }
            lm = next.getAsLong();
        }
        // l_addr is the load bias, unique but for modules linked at their load address (bias 0): then the name decides.
        if (sameBias.size() > 1) {
            sameBias.removeIf(entry -> !nameMatches(entry, module));
        }
        return sameBias.size() == 1 ? new Lookup.Found(sameBias.getFirst())
                : new Lookup.Failed("the loader's module list (r_debug.r_map) has " + (sameBias.isEmpty() ? "no" : "no single")
                        + " entry for " + module.path() + " (load bias " + hex(bias) + ")");
    }

    /** Whether the entry's {@code l_name} names the module's file (the executable's entry has an empty name). */
    private boolean nameMatches(long lm, LoadedModule module) {
        OptionalLong name = u64(lm + 8);
        if (name.isEmpty() || name.getAsLong() == 0
                || !(memory.readCString(name.getAsLong(), 4096) instanceof MemoryRead.Bytes bytes)) {
            return false;
        }
        if (bytes.bytes().length == 0) {
            return files.isExecutable(module);
        }
        String lName = new String(bytes.bytes(), StandardCharsets.UTF_8);
        return LoadedModule.fileNameOf(lName).equals(module.fileName());
    }

    /** The loader's {@code r_debug}: from the executable's {@code DT_DEBUG}, else ld.so's {@code _r_debug}. */
    private Lookup rDebug() {
        OptionalLong fromDynamic = rDebugFromDynamicSection();
        if (fromDynamic.isPresent()) {
            return new Lookup.Found(fromDynamic.getAsLong());
        }
        Optional<LoadedModule> loader = files.moduleNamed("ld-linux-x86-64.so");
        Optional<ElfFile> file = loader.flatMap(files::open);
        if (file.isPresent()) {
            try {
                Optional<ElfSymbol> symbol = file.get().symbols().lookup("_r_debug");
                if (symbol.isPresent()) {
                    return new Lookup.Found(loader.get().loadBias(file.get()) + symbol.get().value());
                }
            } catch (ElfFormatException e) {
                return new Lookup.Failed("cannot read the symbols of " + file.get().path() + ": " + e.getMessage());
            }
        }
        return new Lookup.Failed("cannot find the loader's r_debug: the executable has no DT_DEBUG entry in the core"
                + " and ld-linux-x86-64.so's _r_debug is not available");
    }

    private OptionalLong rDebugFromDynamicSection() {
        AuxVector aux = memory.core().auxVector();
        OptionalLong phdr = aux.get(AuxVector.AT_PHDR);
        OptionalLong phnum = aux.get(AT_PHNUM);
        if (phdr.isEmpty() || phnum.isEmpty() || phnum.getAsLong() <= 0 || phnum.getAsLong() > 4096) {
            return OptionalLong.empty();
        }
        int count = (int) phnum.getAsLong();
        MemoryRead read = memory.read(phdr.getAsLong(), count * ElfHeader.PROGRAM_HEADER_SIZE);
        if (!(read instanceof MemoryRead.Bytes bytes)) {
            return OptionalLong.empty();
        }
        ByteBuffer ph = ByteBuffer.wrap(bytes.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        long bias = Long.MIN_VALUE;
        long dynamic = -1;
        long dynamicSize = 0;
        for (int i = 0; i < count; i++) {
            int at = i * ElfHeader.PROGRAM_HEADER_SIZE;
            int type = ph.getInt(at);
            if (type == PT_PHDR) {
                bias = phdr.getAsLong() - ph.getLong(at + 16);
            } else if (type == PT_DYNAMIC) {
                dynamic = ph.getLong(at + 16);
                dynamicSize = ph.getLong(at + 40);
            }
        }
        if (bias == Long.MIN_VALUE || dynamic < 0) {
            return OptionalLong.empty();
        }
        long entries = Math.min(Math.max(dynamicSize, 0) / 16, MAX_DYNAMIC_ENTRIES);
        for (long at = bias + dynamic, n = 0; n < entries; at += 16, n++) {
            OptionalLong tag = u64(at);
            if (tag.isEmpty() || tag.getAsLong() == DT_NULL) {
                break;
            }
            if (tag.getAsLong() == DT_DEBUG) {
                OptionalLong value = u64(at + 8);
                return value.isPresent() && value.getAsLong() != 0 ? value : OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    private OptionalLong u64(long address) {
        return memory.read(address, 8) instanceof MemoryRead.Bytes b ? OptionalLong.of(b.longAt(0)) : OptionalLong.empty();
    }

    private static String hex(long value) {
        return MappedFile.hex(value);
    }
}
