package org.ompdexplorer.importers.ompd;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.CoreThread;
import org.ompdexplorer.importers.elf.MemoryImage;
import org.ompdexplorer.importers.elf.ModuleFiles;
import org.ompdexplorer.importers.elf.PathResolver;
import org.ompdexplorer.importers.elf.ThreadLocalStorage;

/** The tool side of the callbacks on a real core: symbols, thread-local symbols, memory, thread contexts. */
class CoreTargetTest {

    @Test
    void symbolsMemoryAndThreadContextsOfTheTaskTreeCore() throws Exception {
        CoreImportOptions options = CoreImportOptions.of(NativeFixtures.core("task_tree.gcore.core"), null);
        try (CoreFile core = CoreFile.open(options.core());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             ModuleFiles files = new ModuleFiles(core, PathResolver.direct());
             Arena arena = Arena.ofConfined();
             RuntimeLocator.Runtime runtime = new RuntimeLocator(memory, files, options, org.ompdexplorer.importers.debuginfo.DebugFiles.local(List.of())).runtime()) {
            CoreTarget target = new CoreTarget(memory, new ThreadLocalStorage(memory, files), List.of(
                    new CoreTarget.SymbolSource(runtime.module(), runtime.symbols(), runtime.bias())), arena);
            long ctx = target.context().address();
            long[] address = {-1};

            assertThat(target.symbolAddress(ctx, 0, "no_such_symbol_anywhere", null, address)).isEqualTo(OmpdResult.ERROR);
            assertThat(address[0]).isEqualTo(-1); // a failed lookup leaves no address behind
            assertThat(target.missingSymbols()).contains("no_such_symbol_anywhere");
            assertThat(target.symbolAddress(ctx, 0, "ompd_state", null, address)).isZero();
            assertThat(address[0]).isEqualTo(runtime.bias() + runtime.symbols().lookup("ompd_state").orElseThrow().value());
            assertThat(target.symbolAddress(ctx + 8, 0, "ompd_state", null, address)).isEqualTo(OmpdResult.BAD_INPUT);

            // __kmp_gtid is thread-local: refused without a thread, per thread with one
            assertThat(target.symbolAddress(ctx, 0, "__kmp_gtid", null, address)).isEqualTo(OmpdResult.BAD_INPUT);
            int initial = core.threads().indexOf(core.thread(core.processInfo().orElseThrow().pid()).orElseThrow());
            assertThat(target.symbolAddress(ctx, target.threadContext(initial), "__kmp_gtid", null, address)).isZero();
            MemorySegment gtid = arena.allocate(4);
            assertThat(target.readMemory(ctx, 0, address[0], gtid)).isZero();
            assertThat(gtid.get(JAVA_INT, 0)).isZero();

            assertThat(target.readMemory(ctx, 0, 0x10, arena.allocate(8))).isEqualTo(OmpdResult.ERROR);
            assertThat(target.problems()).containsKey(CoreTarget.READ_PROBLEM + "UNMAPPED");

            // read_string stops at the NUL and terminates what it copies
            long exeName = core.auxVector().get(org.ompdexplorer.importers.elf.AuxVector.AT_EXECFN).orElseThrow();
            MemorySegment text = arena.allocate(4096);
            text.fill((byte) 'x');
            assertThat(target.readString(ctx, 0, exeName, text)).isZero();
            assertThat(text.getString(0)).endsWith("task_tree");
            assertThat(text.get(JAVA_BYTE, text.getString(0).length())).isZero();

            CoreThread first = core.threads().getFirst();
            long[] tc = {0};
            assertThat(target.threadContext(ctx, Ompd.THREAD_ID_LWP, arena.allocateFrom(JAVA_INT, first.lwp()), tc)).isZero();
            assertThat(tc[0]).isEqualTo(target.threadContext(0));
            assertThat(target.threadContext(ctx, Ompd.THREAD_ID_LWP, arena.allocateFrom(JAVA_LONG, first.lwp()), tc)).isZero();
            assertThat(target.threadContext(ctx, Ompd.THREAD_ID_PTHREAD, arena.allocateFrom(JAVA_LONG, first.fsBase()), tc))
                    .isZero();
            assertThat(target.threadContext(ctx, Ompd.THREAD_ID_LWP, arena.allocateFrom(JAVA_INT, 1), tc))
                    .isEqualTo(OmpdResult.UNAVAILABLE);
            assertThat(target.threadContext(ctx, 2, arena.allocateFrom(JAVA_LONG, 1), tc)).isEqualTo(OmpdResult.UNSUPPORTED);
        }
    }

    @Test
    void deviceInitializeFindsNoDeviceInAHostOnlyProcessAndLeavesNothingBehind() throws Exception {
        CoreImportOptions options = CoreImportOptions.of(NativeFixtures.core("task_tree.gcore.core"), null);
        try (CoreFile core = CoreFile.open(options.core());
             MemoryImage memory = new MemoryImage(core, PathResolver.direct());
             ModuleFiles files = new ModuleFiles(core, PathResolver.direct());
             RuntimeLocator.Runtime runtime = new RuntimeLocator(memory, files, options, org.ompdexplorer.importers.debuginfo.DebugFiles.local(List.of())).runtime()) {
            OmpdLibrary lib = OmpdLibrary.load(new RuntimeLocator(memory, files, options, org.ompdexplorer.importers.debuginfo.DebugFiles.local(List.of())).ompdLibrary(runtime));
            lib.lock().lock();
            try (Arena arena = Arena.ofConfined()) {
                CoreTarget target = new CoreTarget(memory, new ThreadLocalStorage(memory, files), List.of(
                        new CoreTarget.SymbolSource(runtime.module(), runtime.symbols(), runtime.bias())), arena);
                lib.callbacks().begin(target);
                Ompd ompd = new Ompd(lib, arena);
                assertThat(ompd.apiVersion().value()).isEqualTo(201811L);
                assertThat(ompd.versionString().value()).startsWith("LLVM OpenMP");
                assertThat(ompd.initialize(201811)).isZero();
                long space = ompd.processInitialize(target.context()).value();
                OmpdResult<Long> device = ompd.deviceInitialize(space, arena.allocate(8), 1,
                        arena.allocateFrom(JAVA_LONG, 0));
                // libompd 19 knows the host only
                assertThat(device.rc()).isEqualTo(OmpdResult.UNAVAILABLE);
                assertThat(ompd.obtained(Ompd.HandleKind.ADDRESS_SPACE)).isEqualTo(1);
                assertThat(ompd.relAddressSpaceHandle(space)).isZero();
                assertThat(ompd.obtained(Ompd.HandleKind.ADDRESS_SPACE)).isEqualTo(ompd.released(Ompd.HandleKind.ADDRESS_SPACE));
                assertThat(lib.callbacks().memory().liveCount()).isZero();
            } finally {
                lib.callbacks().end();
                lib.lock().unlock();
            }
        }
        assertThat(ProgressListener.NONE.isCancelled()).isFalse();
    }
}
