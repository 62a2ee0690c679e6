package org.ompdexplorer.importers.unwind;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * elfutils' {@code libdw.so.1} (libdwfl and libdw) and {@code libelf.so.1}, loaded into this JVM once, with a
 * downcall handle for each function the unwinder and the symbolizer use. Every argument and result is a 64-bit word
 * ({@link #words}; pointers as {@code ompd.NativeWords} passes them to libompd): callers pass
 * {@code MemorySegment.address()}.
 *
 * <p>Struct layouts and constants are those of elfutils' public headers ({@code libdwfl.h}, {@code libdw.h},
 * {@code libelf.h}, {@code dwarf.h}) for LP64, stable since elfutils 0.158; {@code dwfl_frame_reg} needs 0.188.
 */
final class Libdw {
    /** {@code EV_CURRENT}. */
    static final int EV_CURRENT = 1;
    /**
     * {@code ELF_C_READ} of {@code Elf_Cmd}: libelf reads what is asked for with {@code pread}. A core is never
     * mapped ({@code ELF_C_READ_MMAP}, 8): one that shrinks while it is read (still being written, or truncated by
     * someone else) would end the JVM with a SIGBUS in libelf; read, it gives a short read and an error.
     */
    static final int ELF_C_READ = 1;
    /** {@code Dwfl_Callbacks}: find_elf, find_debuginfo, section_address, debuginfo_path. */
    static final long CALLBACKS_SIZE = 4 * 8;
    /** {@code Dwarf_Die}: addr, cu, abbrev, padding. */
    static final long DIE_SIZE = 32;
    /** {@code Dwarf_Attribute}: code, form, valp, cu. */
    static final long ATTRIBUTE_SIZE = 24;
    /** {@code GElf_Sym} (Elf64_Sym). */
    static final long SYM_SIZE = 24;
    /** DWARF register number of x86-64's stack pointer. */
    static final int X86_64_RSP = 7;

    static final int DW_TAG_ENTRY_POINT = 0x03;
    static final int DW_TAG_INLINED_SUBROUTINE = 0x1d;
    static final int DW_TAG_SUBPROGRAM = 0x2e;
    static final int DW_AT_LINKAGE_NAME = 0x6e;
    static final int DW_LANG_MIPS_ASSEMBLER = 0x8001;
    static final int DW_AT_MIPS_LINKAGE_NAME = 0x2007;
    static final int DW_AT_CALL_COLUMN = 0x57;
    static final int DW_AT_CALL_FILE = 0x58;
    static final int DW_AT_CALL_LINE = 0x59;
    static final int DW_AT_COMP_DIR = 0x1b;

    /** The system's libdw's soname. */
    static final String SONAME = "libdw.so.1";
    private static final java.util.Map<String, Object> LOADED = new java.util.concurrent.ConcurrentHashMap<>();

    final MethodHandle elfVersion;
    final MethodHandle elfBegin;
    final MethodHandle elfEnd;
    final MethodHandle dwflBegin;
    final MethodHandle dwflEnd;
    final MethodHandle dwflErrmsg;
    final MethodHandle dwflReportBeginAdd;
    final MethodHandle dwflReportEnd;
    final MethodHandle dwflReportElf;
    final MethodHandle dwflCoreFileReport;
    final MethodHandle dwflCoreFileAttach;
    final MethodHandle dwflGetmodules;
    final MethodHandle dwflGetthreads;
    final MethodHandle dwflThreadTid;
    final MethodHandle dwflThreadGetframes;
    final MethodHandle dwflFramePc;
    final MethodHandle dwflFrameReg;
    final MethodHandle dwflAddrmodule;
    final MethodHandle dwflModuleInfo;
    final MethodHandle dwflModuleBuildId;
    final MethodHandle dwflModuleGetelf;
    final MethodHandle dwflModuleGetdwarf;
    final MethodHandle dwflModuleAddrinfo;
    final MethodHandle dwflModuleAddrdie;
    final MethodHandle dwflModuleGetsymtab;
    final MethodHandle dwflModuleGetsymInfo;
    final MethodHandle dwflModuleNextcu;
    final MethodHandle dwflBuildIdFindElfCall;
    final MethodHandle dwarfHaspc;
    final MethodHandle dwarfGetsrcDie;
    final MethodHandle dwarfLinesrc;
    final MethodHandle dwarfLineno;
    final MethodHandle dwarfLinecol;
    final MethodHandle dwarfGetscopes;
    final MethodHandle dwarfGetscopesDie;
    final MethodHandle dwarfTag;
    final MethodHandle dwarfSrclang;
    final MethodHandle dwarfDiename;
    final MethodHandle dwarfAttrIntegrate;
    final MethodHandle dwarfFormstring;
    final MethodHandle dwarfFormudata;
    final MethodHandle dwarfGetsrcfiles;
    final MethodHandle dwarfFilesrc;
    /** Addresses of libdwfl's standard callbacks, for {@code Dwfl_Callbacks}. */
    final MemorySegment buildIdFindElf;
    final MemorySegment standardFindDebuginfo;
    final MemorySegment offlineSectionAddress;
    final Libc libc;

    private Libdw(SymbolLookup dw, SymbolLookup elf) {
        Binder b = new Binder(dw);
        Binder e = new Binder(elf.or(dw));
        elfVersion = e.words("elf_version", 1);
        elfBegin = e.words("elf_begin", 3);
        elfEnd = e.words("elf_end", 1);
        dwflBegin = b.words("dwfl_begin", 1);
        dwflEnd = b.words("dwfl_end", 1);
        dwflErrmsg = b.words("dwfl_errmsg", 1);
        dwflReportBeginAdd = b.words("dwfl_report_begin_add", 1);
        dwflReportEnd = b.words("dwfl_report_end", 3);
        dwflReportElf = b.words("dwfl_report_elf", 6);
        dwflCoreFileReport = b.words("dwfl_core_file_report", 3);
        dwflCoreFileAttach = b.words("dwfl_core_file_attach", 2);
        dwflGetmodules = b.words("dwfl_getmodules", 4);
        dwflGetthreads = b.words("dwfl_getthreads", 3);
        dwflThreadTid = b.words("dwfl_thread_tid", 1);
        dwflThreadGetframes = b.words("dwfl_thread_getframes", 3);
        dwflFramePc = b.words("dwfl_frame_pc", 3);
        dwflFrameReg = b.words("dwfl_frame_reg", 3);
        dwflAddrmodule = b.words("dwfl_addrmodule", 2);
        dwflModuleInfo = b.words("dwfl_module_info", 8);
        dwflModuleBuildId = b.words("dwfl_module_build_id", 3);
        dwflModuleGetelf = b.words("dwfl_module_getelf", 2);
        dwflModuleGetdwarf = b.words("dwfl_module_getdwarf", 2);
        dwflModuleAddrinfo = b.words("dwfl_module_addrinfo", 7);
        dwflModuleAddrdie = b.words("dwfl_module_addrdie", 3);
        dwflModuleGetsymtab = b.words("dwfl_module_getsymtab", 1);
        dwflModuleGetsymInfo = b.words("dwfl_module_getsym_info", 7);
        dwflModuleNextcu = b.words("dwfl_module_nextcu", 3);
        dwflBuildIdFindElfCall = b.words("dwfl_build_id_find_elf", 6);
        dwarfHaspc = b.words("dwarf_haspc", 2);
        dwarfGetsrcDie = b.words("dwarf_getsrc_die", 2);
        dwarfLinesrc = b.words("dwarf_linesrc", 3);
        dwarfLineno = b.words("dwarf_lineno", 2);
        dwarfLinecol = b.words("dwarf_linecol", 2);
        dwarfGetscopes = b.words("dwarf_getscopes", 3);
        dwarfGetscopesDie = b.words("dwarf_getscopes_die", 2);
        dwarfSrclang = b.words("dwarf_srclang", 1);
        dwarfTag = b.words("dwarf_tag", 1);
        dwarfDiename = b.words("dwarf_diename", 1);
        dwarfAttrIntegrate = b.words("dwarf_attr_integrate", 3);
        dwarfFormstring = b.words("dwarf_formstring", 1);
        dwarfFormudata = b.words("dwarf_formudata", 2);
        dwarfGetsrcfiles = b.words("dwarf_getsrcfiles", 3);
        dwarfFilesrc = b.words("dwarf_filesrc", 4);
        buildIdFindElf = b.address("dwfl_build_id_find_elf");
        standardFindDebuginfo = b.address("dwfl_standard_find_debuginfo");
        offlineSectionAddress = b.address("dwfl_offline_section_address");
        libc = new Libc();
        try {
            if ((int) (long) elfVersion.invokeExact((long) EV_CURRENT) == 0) {
                throw new IllegalStateException("libelf does not support EV_CURRENT");
            }
        } catch (Throwable t) {
            throw new IllegalStateException("elf_version failed: " + t.getMessage(), t);
        }
    }

    /**
     * The library {@code name} ({@link #SONAME}), loaded on first use; a failure is remembered too.
     *
     * @throws LibdwUnavailableException when it or {@code libelf.so.1} cannot be loaded or lacks a function (elfutils
     *                                   older than 0.188), or native access is denied
     */
    static Libdw get(String name) throws LibdwUnavailableException {
        Object loaded = LOADED.computeIfAbsent(name, Libdw::load);
        if (loaded instanceof Libdw l) {
            return l;
        }
        throw new LibdwUnavailableException((String) loaded);
    }

    private static Object load(String name) {
        try {
            keepLibdwflOffTheNetwork();
            SymbolLookup dw = SymbolLookup.libraryLookup(name, Arena.global());
            SymbolLookup elf = SymbolLookup.libraryLookup("libelf.so.1", Arena.global());
            return new Libdw(dw, elf);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return "elfutils' " + name + " cannot be loaded: " + e.getMessage();
        } catch (IllegalCallerException e) {
            return "the JVM does not allow this module to call native code (" + name + ")";
        }
    }

    /**
     * libdwfl asks debuginfod by itself when {@code DEBUGINFOD_URLS} is set as libdw is loaded (a constructor of
     * libdw reads it): without our cache, limits, progress or Cancel, and a second time after our own
     * {@code DebugFiles} asked. The variable is taken out of this process's C environment before loading; Java's view
     * of the environment ({@link System#getenv()}, a copy taken at start, which settings and child processes use) keeps
     * it.
     */
    private static void keepLibdwflOffTheNetwork() {
        if (System.getenv("DEBUGINFOD_URLS") == null) {
            return;
        }
        Linker linker = Linker.nativeLinker();
        var unsetenv = linker.defaultLookup().find("unsetenv");
        if (unsetenv.isEmpty()) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            int ignored = (int) linker.downcallHandle(unsetenv.get(), FunctionDescriptor.of(
                    java.lang.foreign.ValueLayout.JAVA_INT, java.lang.foreign.ValueLayout.ADDRESS))
                    .invokeExact(a.allocateFrom("DEBUGINFOD_URLS"));
        } catch (Throwable t) {
            // libdwfl may then ask the servers itself too: slower, never wrong
        }
    }

    /**
     * The call shape of a function of {@code arity} arguments with every argument and the result a 64-bit word:
     * the linker generates code once per shape, so elfutils' ~45 functions share 8 shapes instead of 22 (a cold
     * link ≈ 30 ms shorter, docs/benchmarks.md §19). Both LP64 ABIs of the JDK's linker on Linux (x86-64 System V,
     * AArch64) pass an {@code int} or {@code bool} argument in the low bits of the register or 8-byte stack slot a
     * word takes, and return one in the low bits of the result register: callers pass {@code (long)} values and
     * narrow results ({@code (int) (long)}; a {@code bool} is the low byte, {@link #isTrue}; a {@code void}'s word is
     * ignored).
     */
    static FunctionDescriptor words(int arity) {
        MemoryLayout[] arguments = new MemoryLayout[arity];
        java.util.Arrays.fill(arguments, JAVA_LONG);
        return FunctionDescriptor.of(JAVA_LONG, arguments);
    }

    /** A C {@code bool} result returned as a word: its low byte. */
    static boolean isTrue(long word) {
        return (word & 0xff) != 0;
    }

    /** libdwfl's message for its last error. */
    String errmsg() {
        try {
            return Libc.string((long) dwflErrmsg.invokeExact(-1L));
        } catch (Throwable t) {
            return "unknown libdwfl error";
        }
    }

    private record Binder(SymbolLookup lookup) {
        /** The function {@code name} of {@code arity} arguments, each and its result a 64-bit word. */
        MethodHandle words(String name, int arity) {
            return Linker.nativeLinker().downcallHandle(address(name), Libdw.words(arity));
        }

        MemorySegment address(String name) {
            return lookup.find(name).orElseThrow(() -> new IllegalStateException("it does not define " + name
                    + " (elfutils 0.188 or later is needed)"));
        }
    }
}
