package org.ompdexplorer.importers.ompd;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.importers.debuginfo.DebugFiles;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.LoadedModule;
import org.ompdexplorer.importers.elf.PathResolver;
import org.ompdexplorer.importers.unwind.CoreStacks;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.TaskSegments;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Adds the threads' native call stacks to a core's snapshot: unwound by {@link CoreStacks} (started before libompd's
 * walk, to run beside it), matched to the snapshot's threads by LWP, and cut into the segments of each thread's scheduling-task chain ({@link TaskSegments}).
 */
final class ThreadStacks {
    private ThreadStacks() {
    }

    /**
     * Starts taking the core's stacks on a thread of their own ({@link CoreStacks#start}), to run while the caller
     * reads the core through libompd; the session reads nothing of {@code core} after this returns.
     */
    static CoreStacks.Started start(CoreFile core, CoreImportOptions options, PathResolver resolver,
                                    DebugFiles debugFiles, String input) {
        String exeInCore = core.executablePath().orElse(null);
        List<LoadedModule> modules = core.modules();
        return CoreStacks.start(new CoreStacks.Request(options.core(), options.executable(), exeInCore,
                debugFiles, resolver::resolve, start -> modules.stream()
                        .filter(m -> Long.compareUnsigned(m.start(), start) <= 0
                                && Long.compareUnsigned(start, m.end()) < 0)
                        .map(LoadedModule::path).findFirst().orElse(null), input));
    }

    /**
     * {@code snapshot} with the stacks {@code started} took, each matched to its thread by LWP and attributed.
     *
     * @throws InterruptedException when the wait is interrupted
     */
    static Snapshot add(Snapshot snapshot, CoreStacks.Started started, List<Diagnostic> diagnostics)
            throws InterruptedException {
        Map<Long, ThreadId> byLwp = new HashMap<>();
        for (OmpThread t : snapshot.threads()) {
            t.osId(OsThreadIdKind.LWP).ifPresent(lwp -> byLwp.putIfAbsent(lwp, t.id()));
        }
        CoreStacks.Taken taken = started.await(byLwp::get);
        diagnostics.addAll(taken.diagnostics());
        if (taken.stacks().isEmpty()) {
            return snapshot;
        }
        SnapshotIndex index = snapshot.index();
        List<CallStack> stacks = new ArrayList<>(taken.stacks().size());
        // in the snapshot's thread order, as Snapshot.callStacks() promises
        Map<Long, CallStack> byThread = new HashMap<>();
        taken.stacks().forEach(s -> byThread.put(s.thread().value(), s));
        for (OmpThread t : snapshot.threads()) {
            CallStack s = byThread.get(t.id().value());
            if (s != null) {
                stacks.add(TaskSegments.attribute(s, TaskSegments.chainOf(index, t.id()), taken.modules()));
            }
        }
        return snapshot.withCallStacks(taken.modules(), stacks);
    }
}
