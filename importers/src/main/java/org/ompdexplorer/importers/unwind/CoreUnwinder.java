package org.ompdexplorer.importers.unwind;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.ompdexplorer.importers.debuginfo.DebugFiles;
import java.util.function.BiFunction;
import org.ompdexplorer.importers.elf.ElfFile;
import org.ompdexplorer.importers.elf.ElfFormatException;

/**
 * One libdwfl session on a core file: its modules as the core's link map and file notes list them, with the
 * program's own files found by build-id (the file the core names, a {@code .build-id} directory, or where the
 * caller's resolver says), and every thread unwound from its registers with the files' call frame information
 * (frame pointers where there is none).
 *
 * <p>The session runs on the thread that opened it (libdwfl calls back into Java on it) and is closed with it.
 */
final class CoreUnwinder implements AutoCloseable {
    private static final int DWARF_CB_OK = 0;
    private static final int DWARF_CB_ABORT = 1;

    /** A frame as unwound: its pc, the stack pointer libdwfl computed for it, and the module holding it (0: none). */
    record RawFrame(long pc, long sp, boolean activation, long module) {
    }

    /** A thread's frames, innermost first, and why the walk stopped early ({@code null}: it reached the end). */
    record RawStack(long lwp, List<RawFrame> frames, String partial) {
    }

    /**
     * A module of the core.
     *
     * @param handle  the {@code Dwfl_Module *}
     * @param name    libdwfl's name for it (the path the core names, or a file name)
     * @param usable  whether libdwfl has its ELF image (a file of the same build, or the copy in the core's memory)
     * @param file    the file found for it, or {@code null} (none, or the image in the core's memory)
     * @param problem why it is not usable (the file of another build found for it, or libdwfl's message), or {@code null}
     */
    record ModuleRec(long handle, String name, long start, long end, long bias, String buildId, boolean usable,
                     String file, String problem) {
    }

    private final Libdw dw;
    private final Arena arena = Arena.ofConfined();
    private final BiFunction<String, Boolean, Optional<Path>> resolver;
    private final String executableName;
    private final DebugFiles debugFiles;
    private int fd = -1;
    private long elf;
    private long dwfl;
    private final List<Long> moduleHandles = new ArrayList<>();
    /** Modules whose file was found of another build: what that file is (its build-id), by module handle. */
    private final Map<Long, String> otherBuilds = new HashMap<>();
    private final List<RawStack> stacks = new ArrayList<>();
    private long currentLwp;
    private FrameWalk currentWalk;
    private MemorySegment frameStub;
    private MemorySegment pcOut;
    private MemorySegment activationOut;
    private MemorySegment spOut;

    /**
     * @param resolver       where a module's file is on this machine, given the path the core names and whether it is
     *                       the executable; asked only when libdwfl's own search found no file of the same build-id
     * @param executableName the path the core names for the executable, or {@code null}
     */
    private CoreUnwinder(Libdw dw, BiFunction<String, Boolean, Optional<Path>> resolver, String executableName,
                         DebugFiles debugFiles) {
        this.dw = dw;
        this.resolver = resolver;
        this.debugFiles = debugFiles;
        this.executableName = executableName;
    }

    /**
     * Opens {@code core} and reports its modules.
     *
     * @param executable       the program, or {@code null} to take the one the core names
     * @param debugFiles       where separate debug files are found (the debug directories, then debuginfod), and
     *                         modules this machine has no file of the core's build for (debuginfod)
     * @throws UnwindException when libelf cannot read the core or libdwfl finds no modules or threads in it
     */
    static CoreUnwinder open(Libdw dw, Path core, Path executable, DebugFiles debugFiles,
                             BiFunction<String, Boolean, Optional<Path>> resolver, String executableName)
            throws UnwindException {
        CoreUnwinder u = new CoreUnwinder(dw, resolver, executableName, debugFiles);
        try {
            u.report(core, executable);
            return u;
        } catch (UnwindException e) {
            u.close();
            throw e;
        } catch (Throwable t) {
            u.close();
            throw new UnwindException("libdwfl failed on " + core + ": " + t, t);
        }
    }

    private void report(Path core, Path executable) throws Throwable {
        fd = dw.libc.openReadOnly(arena.allocateFrom(core.toString()));
        if (fd < 0) {
            throw new UnwindException(core + " cannot be opened", null);
        }
        elf = (long) dw.elfBegin.invokeExact((long) fd, (long) Libdw.ELF_C_READ, 0L);
        if (elf == 0) {
            throw new UnwindException(core + " cannot be read by libelf", null);
        }
        MemorySegment callbacks = arena.allocate(Libdw.CALLBACKS_SIZE, 8);
        callbacks.set(JAVA_LONG, 0, upcall("findElf", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG)).address());
        // our own search (the debug directories, then debuginfod with its cache, limits and progress), not libdwfl's
        callbacks.set(JAVA_LONG, 8, upcall("findDebuginfo", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG)).address());
        callbacks.set(JAVA_LONG, 16, dw.offlineSectionAddress.address());
        dwfl = (long) dw.dwflBegin.invokeExact(callbacks.address());
        if (dwfl == 0) {
            throw new UnwindException("libdwfl cannot start: " + dw.errmsg(), null);
        }
        long exe = executable == null ? 0 : arena.allocateFrom(executable.toString()).address();
        int reported = (int) (long) dw.dwflCoreFileReport.invokeExact(dwfl, elf, exe);
        if (reported < 0) {
            throw new UnwindException("libdwfl cannot read the core's modules: " + dw.errmsg(), null);
        }
        if ((int) (long) dw.dwflReportEnd.invokeExact(dwfl, 0L, 0L) != 0) {
            throw new UnwindException("libdwfl cannot list the core's modules: " + dw.errmsg(), null);
        }
        if ((int) (long) dw.dwflCoreFileAttach.invokeExact(dwfl, elf) < 0) {
            throw new UnwindException("libdwfl cannot read the core's threads: " + dw.errmsg(), null);
        }
        MemorySegment onModule = upcall("onModule", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG));
        long ignored = (long) dw.dwflGetmodules.invokeExact(dwfl, onModule.address(), 0L, 0L);
    }

    /** The core's modules, each with the file found for it (looked for now, once). */
    List<ModuleRec> modules() throws Throwable {
        List<ModuleRec> out = new ArrayList<>(moduleHandles.size());
        MemorySegment start = arena.allocate(JAVA_LONG);
        MemorySegment end = arena.allocate(JAVA_LONG);
        MemorySegment bias = arena.allocate(JAVA_LONG);
        MemorySegment mainFile = arena.allocate(JAVA_LONG);
        MemorySegment bits = arena.allocate(JAVA_LONG);
        MemorySegment vaddr = arena.allocate(JAVA_LONG);
        for (long mod : moduleHandles) {
            bias.set(JAVA_LONG, 0, 0);
            mainFile.set(JAVA_LONG, 0, 0);
            long found = (long) dw.dwflModuleGetelf.invokeExact(mod, bias.address());
            String problem = found != 0 ? null : otherBuilds.getOrDefault(mod, dw.errmsg());
            long name = (long) dw.dwflModuleInfo.invokeExact(mod, 0L, start.address(), end.address(), 0L, 0L,
                    mainFile.address(), 0L);
            int idLength = (int) (long) dw.dwflModuleBuildId.invokeExact(mod, bits.address(), vaddr.address());
            String buildId = idLength <= 0 ? null : HexFormat.of().formatHex(MemorySegment.ofAddress(bits.get(JAVA_LONG, 0))
                    .reinterpret(idLength).toArray(JAVA_BYTE));
            out.add(new ModuleRec(mod, Libc.string(name), start.get(JAVA_LONG, 0), end.get(JAVA_LONG, 0),
                    found == 0 ? start.get(JAVA_LONG, 0) : bias.get(JAVA_LONG, 0), buildId, found != 0,
                    found == 0 ? null : Libc.string(mainFile.get(JAVA_LONG, 0)), problem));
        }
        return out;
    }

    /** Every thread unwound, in the core's order. */
    List<RawStack> unwind() throws Throwable {
        stacks.clear();
        MemorySegment onThread = upcall("onThread", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
        int rc = (int) (long) dw.dwflGetthreads.invokeExact(dwfl, onThread.address(), 0L);
        if (rc != 0 && stacks.isEmpty()) {
            throw new UnwindException("libdwfl cannot walk the core's threads: " + dw.errmsg(), null);
        }
        return List.copyOf(stacks);
    }

    /** libdwfl's symbolization of this session's modules. */
    DwflSymbols symbols() {
        return new DwflSymbols(dw);
    }

    @Override
    public void close() {
        try {
            if (dwfl != 0) {
                long ignored = (long) dw.dwflEnd.invokeExact(dwfl);
            }
            if (elf != 0) {
                long ignored = (long) dw.elfEnd.invokeExact(elf);
            }
            if (fd >= 0) {
                dw.libc.close(fd);
            }
        } catch (Throwable t) {
            // closing native handles cannot be retried; the session is over either way
        } finally {
            dwfl = 0;
            elf = 0;
            fd = -1;
            arena.close();
        }
    }

    // --- callbacks from libdwfl: never let an exception unwind into C -----------------------------------------------

    private int findElf(long mod, long userdata, long modname, long base, long fileNameOut, long elfOut) {
        try {
            int rc = (int) (long) dw.dwflBuildIdFindElfCall.invokeExact(mod, userdata, modname, base, fileNameOut, elfOut);
            if (rc >= 0 || MemorySegment.ofAddress(elfOut).reinterpret(8).get(JAVA_LONG, 0) != 0) {
                return rc;
            }
            String name = Libc.string(modname);
            if (name == null) {
                return -1;
            }
            Optional<Path> file = resolver.apply(name, name.equals(executableName));
            if (file.isEmpty() || !sameBuild(mod, file.get())) {
                // none of the core's build here: debuginfod's /executable, by the build-id the core holds
                file = buildIdInCore(mod).flatMap(id -> debugFiles.executableOf(id, fileName(name)));
                if (file.isEmpty()) {
                    return -1;
                }
                otherBuilds.remove(mod);
            }
            return openFor(file.get(), fileNameOut);
        } catch (Throwable t) {
            return -1;
        }
    }

    /**
     * libdwfl's {@code find_debuginfo}: the separate debug file of a module whose own file lacks its symbols or DWARF,
     * by {@link DebugFiles} (the debug directories, then debuginfod); a file descriptor and its malloc'd name, or -1.
     */
    private int findDebuginfo(long mod, long userdata, long modname, long base, long fileName, long debuglink,
                              int crc, long debuginfoFileNameOut) {
        try {
            String main = Libc.string(fileName);
            String name = Libc.string(modname);
            Optional<Path> found = debugFiles.debugFileOf(main == null ? null : Path.of(main),
                    buildIdInCore(mod).orElse(null), fileName(name == null ? String.valueOf(main) : name));
            return found.isEmpty() ? -1 : openFor(found.get(), debuginfoFileNameOut);
        } catch (Throwable t) {
            return -1;
        }
    }

    /** A read-only descriptor of {@code file} for libdwfl, its name stored at {@code nameOut} (libdwfl frees it). */
    private int openFor(Path file, long nameOut) throws Throwable {
        MemorySegment path = arena.allocateFrom(file.toString());
        int opened = dw.libc.openReadOnly(path);
        if (opened >= 0) {
            MemorySegment.ofAddress(nameOut).reinterpret(8).set(JAVA_LONG, 0, dw.libc.strdup(path));
        }
        return opened;
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The build-id the core holds for {@code mod}, if it does. */
    private Optional<String> buildIdInCore(long mod) throws Throwable {
        MemorySegment bits = arena.allocate(JAVA_LONG);
        MemorySegment vaddr = arena.allocate(JAVA_LONG);
        int length = (int) (long) dw.dwflModuleBuildId.invokeExact(mod, bits.address(), vaddr.address());
        return length <= 0 ? Optional.empty() : Optional.of(HexFormat.of().formatHex(
                MemorySegment.ofAddress(bits.get(JAVA_LONG, 0)).reinterpret(length).toArray(JAVA_BYTE)));
    }

    /**
     * Whether {@code file} is the build the core's module was loaded from: libdwfl takes a file a callback hands it
     * without comparing build-ids, and another build's addresses mean other functions (a library rebuilt since).
     * A file is taken when the core does not say the module's build-id; one without a build-id is not, when it does.
     */
    private boolean sameBuild(long mod, Path file) throws Throwable {
        MemorySegment bits = arena.allocate(JAVA_LONG);
        MemorySegment vaddr = arena.allocate(JAVA_LONG);
        int length = (int) (long) dw.dwflModuleBuildId.invokeExact(mod, bits.address(), vaddr.address());
        if (length <= 0) {
            return true;
        }
        String inCore = HexFormat.of().formatHex(MemorySegment.ofAddress(bits.get(JAVA_LONG, 0)).reinterpret(length)
                .toArray(JAVA_BYTE));
        Optional<String> onDisk;
        try (ElfFile elf = ElfFile.open(file)) {
            onDisk = elf.buildId();
        } catch (IOException | ElfFormatException e) {
            return true; // not an ELF file of ours to judge: libdwfl refuses it with its own message
        }
        if (onDisk.isPresent() && onDisk.get().equals(inCore)) {
            return true;
        }
        otherBuilds.put(mod, file + (onDisk.isPresent() ? " has build-id " + onDisk.get() : " has no build-id"));
        return false;
    }

    private int onModule(long mod, long userdata, long name, long start, long arg) {
        moduleHandles.add(mod);
        return DWARF_CB_OK;
    }

    private int onThread(long thread, long arg) {
        try {
            currentLwp = (int) (long) dw.dwflThreadTid.invokeExact(thread);
            currentWalk = new FrameWalk(currentLwp);
            if (frameStub == null) {
                frameStub = upcall("onFrame", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
                pcOut = arena.allocate(JAVA_LONG);
                activationOut = arena.allocate(JAVA_LONG);
                spOut = arena.allocate(JAVA_LONG);
            }
            int rc = (int) (long) dw.dwflThreadGetframes.invokeExact(thread, frameStub.address(), 0L);
            if (rc != 0) {
                currentWalk.stopped(dw.errmsg()); // kept only when the walk had not stopped for a reason of its own
            }
            stacks.add(currentWalk.stack());
        } catch (Throwable t) {
            FrameWalk walk = currentWalk == null ? new FrameWalk(currentLwp) : currentWalk;
            walk.stopped("the unwinder failed: " + t);
            stacks.add(walk.stack());
        }
        return DWARF_CB_OK;
    }

    private int onFrame(long frame, long arg) {
        FrameWalk walk = currentWalk;
        try {
            MemorySegment pc = pcOut;
            MemorySegment activation = activationOut;
            activation.set(JAVA_BYTE, 0, (byte) 0);
            if (!Libdw.isTrue((long) dw.dwflFramePc.invokeExact(frame, pc.address(), activation.address()))) {
                walk.stopped(dw.errmsg());
                return DWARF_CB_ABORT;
            }
            long address = pc.get(JAVA_LONG, 0);
            boolean isActivation = activation.get(JAVA_BYTE, 0) != 0;
            MemorySegment sp = spOut;
            long stack = (int) (long) dw.dwflFrameReg.invokeExact(frame, (long) Libdw.X86_64_RSP, sp.address()) == 0
                    ? sp.get(JAVA_LONG, 0) : 0;
            if (!walk.admits(address, stack)) {
                return DWARF_CB_ABORT;
            }
            long lookup = isActivation || address == 0 ? address : address - 1;
            long module = (long) dw.dwflAddrmodule.invokeExact(dwfl, lookup);
            return walk.add(new RawFrame(address, stack, isActivation, module)) ? DWARF_CB_OK : DWARF_CB_ABORT;
        } catch (Throwable t) {
            walk.stopped("the unwinder failed: " + t);
            return DWARF_CB_ABORT;
        }
    }

    private MemorySegment upcall(String method, FunctionDescriptor descriptor) throws ReflectiveOperationException {
        MethodType type = descriptor.toMethodType();
        MethodHandle handle = MethodHandles.lookup().findVirtual(CoreUnwinder.class, method, type).bindTo(this);
        return Linker.nativeLinker().upcallStub(handle, descriptor, arena);
    }

    /** libelf or libdwfl could not read the core at all. */
    static final class UnwindException extends Exception {
        private static final long serialVersionUID = 1L;

        UnwindException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
