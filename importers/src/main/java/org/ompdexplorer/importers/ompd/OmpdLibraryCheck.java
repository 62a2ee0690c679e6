package org.ompdexplorer.importers.ompd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;
import org.ompdexplorer.importers.elf.ElfHeader;
import org.ompdexplorer.importers.elf.ElfSymbol;
import org.ompdexplorer.importers.elf.ProgramHeader;
import org.ompdexplorer.importers.elf.SymbolTable;
import org.ompdexplorer.importers.ompd.OmpdLibrary.OmpdLibraryException;

/**
 * Reads a would-be OMPD library with the ELF reader before the dynamic loader sees it: {@code dlopen} of a
 * damaged or foreign file can crash the JVM (the loader maps and relocates whatever the headers say) or print
 * the JVM's stack-guard warnings, and it runs the library's constructors. So the file must be a complete ELF
 * shared object for this machine that exports every OMPD function the importer binds.
 */
final class OmpdLibraryCheck {
    /** Every function {@link OmpdLibrary} binds; a library without one of them is not the OMPD library. */
    static final List<String> ENTRY_POINTS = List.of(
            "ompd_initialize", "ompd_get_api_version", "ompd_get_version_string", "ompd_process_initialize",
            "ompd_device_initialize", "ompd_rel_address_space_handle", "ompd_get_omp_version",
            "ompd_get_omp_version_string", "ompd_get_thread_handle", "ompd_get_thread_id",
            "ompd_thread_handle_compare", "ompd_rel_thread_handle", "ompd_get_curr_parallel_handle",
            "ompd_get_enclosing_parallel_handle", "ompd_get_task_parallel_handle", "ompd_parallel_handle_compare",
            "ompd_rel_parallel_handle", "ompd_get_thread_in_parallel", "ompd_get_task_in_parallel",
            "ompd_get_curr_task_handle", "ompd_get_generating_task_handle", "ompd_get_scheduling_task_handle",
            "ompd_task_handle_compare", "ompd_rel_task_handle", "ompd_get_task_function", "ompd_get_task_frame",
            "ompd_enumerate_states", "ompd_get_state", "ompd_enumerate_icvs", "ompd_get_icv_from_scope",
            "ompd_get_icv_string_from_scope", "ompd_get_tool_data", "ompd_get_display_control_vars",
            "ompd_rel_display_control_vars");
    private static final int EM_AARCH64 = 183;

    private OmpdLibraryCheck() {
    }

    /**
     * Throws unless {@code path} is an ELF shared object for this machine, whole, exporting {@link #ENTRY_POINTS}.
     * The message names the file and what is wrong with it.
     */
    static void verify(Path path) throws OmpdLibraryException {
        try (ElfFile elf = ElfFile.open(path)) {
            ElfHeader header = elf.header();
            if (header.type() != ElfHeader.ET_DYN) {
                throw refuse(path, "it is an ELF " + header.typeName() + " file, not a shared library (ET_DYN)");
            }
            int machine = hostMachine();
            if (machine != 0 && header.machine() != machine) {
                throw refuse(path, "it is a library for another machine (e_machine " + header.machine() + "; this JVM"
                        + " runs on " + System.getProperty("os.arch") + ", e_machine " + machine + ")");
            }
            for (ProgramHeader ph : elf.programHeaders()) {
                if (ph.isLoad() && (ph.offset() < 0 || ph.fileSize() < 0 || ph.offset() > elf.size() - ph.fileSize())) {
                    throw refuse(path, "it is truncated: segment " + ph.index() + " (" + ph.fileSize() + " bytes at"
                            + " offset 0x" + Long.toHexString(ph.offset()) + ") extends past its end (size " + elf.size()
                            + ")");
                }
            }
            if (elf.programHeaders().stream().noneMatch(ph -> ph.type() == ProgramHeader.PT_DYNAMIC)) {
                throw refuse(path, "it has no dynamic section (PT_DYNAMIC): it cannot be loaded as a library");
            }
            SymbolTable symbols = elf.symbols();
            if (symbols.dynsymCount() == 0) {
                throw refuse(path, "it exports no functions (its .dynsym defines none, or it has none): it is not an OMPD"
                        + " library (libompd.so of an LLVM OpenMP runtime)");
            }
            List<String> missing = ENTRY_POINTS.stream().filter(name -> !exports(symbols, name)).toList();
            if (!missing.isEmpty()) {
                throw refuse(path, "it does not define " + (missing.size() == ENTRY_POINTS.size()
                        ? missing.getFirst() + " or any other OMPD function"
                        : String.join(", ", missing.subList(0, Math.min(3, missing.size())))
                                + (missing.size() > 3 ? " and " + (missing.size() - 3) + " more OMPD functions" : ""))
                        + ": it is not an OMPD library (libompd.so of an LLVM OpenMP runtime)");
            }
        } catch (IOException e) {
            throw new OmpdLibraryException("the OMPD library " + path + " cannot be read (" + e.getMessage() + ")", e);
        } catch (ElfFormatException e) {
            throw refuse(path, "it is not a well-formed ELF shared library (" + e.detail() + ")");
        }
    }

    private static boolean exports(SymbolTable symbols, String name) {
        return symbols.lookupAll(name).stream().anyMatch(s -> s.dynamic() && s.type() == ElfSymbol.Type.FUNC
                && s.binding() != ElfSymbol.Binding.LOCAL);
    }

    /** This JVM's {@code e_machine}, or 0 when it is none this check knows (then any machine is let through). */
    private static int hostMachine() {
        return switch (System.getProperty("os.arch", "").toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64" -> ElfHeader.EM_X86_64;
            case "aarch64", "arm64" -> EM_AARCH64;
            default -> 0;
        };
    }

    private static OmpdLibraryException refuse(Path path, String what) {
        return new OmpdLibraryException("the OMPD library " + path + " cannot be used: " + what, null);
    }
}
