package org.ompdexplorer.importers.unwind;

import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;
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
 * downcall handle for each function the unwinder and the symbolizer use. Every pointer is passed and returned as a
 * 64-bit word (as {@code ompd.NativeWords} does for libompd): callers pass {@code MemorySegment.address()}.
 *
 * <p>Struct layouts and constants are those of elfutils' public headers ({@code libdwfl.h}, {@code libdw.h},
 * {@code libelf.h}, {@code dwarf.h}) for LP64, stable since elfutils 0.158; {@code dwfl_frame_reg} needs 0.188.
 */
final class Libdw {
    /** {@code EV_CURRENT}. */
    static final int EV_CURRENT = 1;
    /** {@code ELF_C_READ_MMAP} of {@code Elf_Cmd}. */
    static final int ELF_C_READ_MMAP = 8;
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

    /** The system's libdw's soname. */
    static final String SONAME = "libdw.so.1";
    private static final java.util.Map<String, Object> LOADED = new java.util.concurrent.ConcurrentHashMap<>();

    final MethodHandle elfVersion;
    final MethodHandle elfBegin;
    final MethodHandle elfEnd;
    final MethodHandle dwflBegin;
    final MethodHandle dwflEnd;
    final MethodHandle dwflErrno;
    final MethodHandle dwflErrmsg;
    final MethodHandle dwflReportBegin;
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
        elfVersion = e.bind("elf_version", JAVA_INT, JAVA_INT);
        elfBegin = e.bind("elf_begin", JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG);
        elfEnd = e.bind("elf_end", JAVA_INT, JAVA_LONG);
        dwflBegin = b.bind("dwfl_begin", JAVA_LONG, JAVA_LONG);
        dwflEnd = b.bindVoid("dwfl_end", JAVA_LONG);
        dwflErrno = b.bind("dwfl_errno", JAVA_INT);
        dwflErrmsg = b.bind("dwfl_errmsg", JAVA_LONG, JAVA_INT);
        dwflReportBegin = b.bindVoid("dwfl_report_begin", JAVA_LONG);
        dwflReportEnd = b.bind("dwfl_report_end", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflReportElf = b.bind("dwfl_report_elf", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG,
                JAVA_BOOLEAN);
        dwflCoreFileReport = b.bind("dwfl_core_file_report", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflCoreFileAttach = b.bind("dwfl_core_file_attach", JAVA_INT, JAVA_LONG, JAVA_LONG);
        dwflGetmodules = b.bind("dwfl_getmodules", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflGetthreads = b.bind("dwfl_getthreads", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflThreadTid = b.bind("dwfl_thread_tid", JAVA_INT, JAVA_LONG);
        dwflThreadGetframes = b.bind("dwfl_thread_getframes", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflFramePc = b.bind("dwfl_frame_pc", JAVA_BOOLEAN, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflFrameReg = b.bind("dwfl_frame_reg", JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG);
        dwflAddrmodule = b.bind("dwfl_addrmodule", JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleInfo = b.bind("dwfl_module_info", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleBuildId = b.bind("dwfl_module_build_id", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleGetelf = b.bind("dwfl_module_getelf", JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleGetdwarf = b.bind("dwfl_module_getdwarf", JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleAddrinfo = b.bind("dwfl_module_addrinfo", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleAddrdie = b.bind("dwfl_module_addrdie", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleGetsymtab = b.bind("dwfl_module_getsymtab", JAVA_INT, JAVA_LONG);
        dwflModuleGetsymInfo = b.bind("dwfl_module_getsym_info", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflModuleNextcu = b.bind("dwfl_module_nextcu", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwflBuildIdFindElfCall = b.bind("dwfl_build_id_find_elf", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwarfHaspc = b.bind("dwarf_haspc", JAVA_INT, JAVA_LONG, JAVA_LONG);
        dwarfGetsrcDie = b.bind("dwarf_getsrc_die", JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwarfLinesrc = b.bind("dwarf_linesrc", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwarfLineno = b.bind("dwarf_lineno", JAVA_INT, JAVA_LONG, JAVA_LONG);
        dwarfLinecol = b.bind("dwarf_linecol", JAVA_INT, JAVA_LONG, JAVA_LONG);
        dwarfGetscopes = b.bind("dwarf_getscopes", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwarfGetscopesDie = b.bind("dwarf_getscopes_die", JAVA_INT, JAVA_LONG, JAVA_LONG);
        dwarfSrclang = b.bind("dwarf_srclang", JAVA_INT, JAVA_LONG);
        dwarfTag = b.bind("dwarf_tag", JAVA_INT, JAVA_LONG);
        dwarfDiename = b.bind("dwarf_diename", JAVA_LONG, JAVA_LONG);
        dwarfAttrIntegrate = b.bind("dwarf_attr_integrate", JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG);
        dwarfFormstring = b.bind("dwarf_formstring", JAVA_LONG, JAVA_LONG);
        dwarfFormudata = b.bind("dwarf_formudata", JAVA_INT, JAVA_LONG, JAVA_LONG);
        dwarfGetsrcfiles = b.bind("dwarf_getsrcfiles", JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        dwarfFilesrc = b.bind("dwarf_filesrc", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        buildIdFindElf = b.address("dwfl_build_id_find_elf");
        standardFindDebuginfo = b.address("dwfl_standard_find_debuginfo");
        offlineSectionAddress = b.address("dwfl_offline_section_address");
        libc = new Libc();
        try {
            if ((int) elfVersion.invokeExact(EV_CURRENT) == 0) {
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
            SymbolLookup dw = SymbolLookup.libraryLookup(name, Arena.global());
            SymbolLookup elf = SymbolLookup.libraryLookup("libelf.so.1", Arena.global());
            return new Libdw(dw, elf);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return "elfutils' " + name + " cannot be loaded: " + e.getMessage();
        } catch (IllegalCallerException e) {
            return "the JVM does not allow this module to call native code (" + name + ")";
        }
    }

    /** libdwfl's message for its last error. */
    String errmsg() {
        try {
            return Libc.string((long) dwflErrmsg.invokeExact(-1));
        } catch (Throwable t) {
            return "unknown libdwfl error";
        }
    }

    private record Binder(SymbolLookup lookup) {
        MethodHandle bind(String name, MemoryLayout result, MemoryLayout... arguments) {
            return Linker.nativeLinker().downcallHandle(address(name), FunctionDescriptor.of(result, arguments));
        }

        MethodHandle bindVoid(String name, MemoryLayout... arguments) {
            return Linker.nativeLinker().downcallHandle(address(name), FunctionDescriptor.ofVoid(arguments));
        }

        MemorySegment address(String name) {
            return lookup.find(name).orElseThrow(() -> new IllegalStateException("it does not define " + name
                    + " (elfutils 0.188 or later is needed)"));
        }
    }

    /** libdw could not be loaded; the message says why. */
    static final class LibdwUnavailableException extends Exception {
        private static final long serialVersionUID = 1L;

        LibdwUnavailableException(String message) {
            super(message);
        }
    }
}
