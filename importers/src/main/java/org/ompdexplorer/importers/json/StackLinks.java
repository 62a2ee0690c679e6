package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.TaskSegments;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * The stacks of one read, tied to their threads and modules once the whole file is read: a frame's module index that
 * names no module of the file is an error at the index, and the frame gets none; one naming a module that does not
 * hold the frame's pc is a warning, and the frame gets the module that does (as a frame without an index does: the map
 * says where each pc is). Raw stacks (the agent's) are then symbolized by the module map and attributed to their
 * threads' tasks ({@link TaskSegments}); the rest are kept as written.
 */
final class StackLinks {
    private final JsonCursor c;
    /** The stack each thread read gave, by the thread's identity: a thread skipped as a duplicate gives none. */
    private final Map<OmpThread, StackReader.Read> byThread = new IdentityHashMap<>();

    StackLinks(JsonCursor cursor) {
        this.c = cursor;
    }

    void add(OmpThread thread, StackReader.Read stack) {
        byThread.put(thread, stack);
    }

    boolean isEmpty() {
        return byThread.isEmpty();
    }

    /**
     * The stacks of {@code threads} (those kept), in their order, with module indexes checked and remapped to the
     * modules kept; each raw one is marked in {@code raw}.
     */
    List<CallStack> link(List<OmpThread> threads, ModuleMap modules, List<Boolean> raw) {
        List<CallStack> stacks = new ArrayList<>();
        List<CodeModule> kept = modules.modules();
        for (OmpThread thread : threads) {
            StackReader.Read read = byThread.get(thread);
            if (read == null) {
                continue;
            }
            List<CallFrame> frames = new ArrayList<>(read.frames().size());
            for (int i = 0; i < read.frames().size(); i++) {
                frames.add(linked(read, i, modules, kept));
            }
            stacks.add(new CallStack(thread.id(), frames, read.partial()));
            raw.add(read.raw());
        }
        return stacks;
    }

    private CallFrame linked(StackReader.Read read, int i, ModuleMap modules, List<CodeModule> kept) {
        CallFrame f = read.frames().get(i);
        int module = -1;
        if (f.module() >= 0) {
            if (f.module() >= modules.fileCount()) {
                c.add(Diagnostic.error("dangling-reference", "frame " + i + "'s module " + f.module() + " is not in"
                                + " modules, which lists " + modules.fileCount() + "; the frame has no module",
                        "give the index of the module holding the pc in the top-level \"modules\" (0 is the first)",
                        c.at(read.moduleLines()[i], read.moduleColumns()[i], read.modulePath(i))));
            } else {
                module = modules.keptIndex(f.module()); // -1 when that module was skipped, as reported there
                if (module >= 0 && !kept.get(module).contains(f.pc())) {
                    CodeModule m = kept.get(module);
                    c.add(Diagnostic.warning("frame-outside-module", "frame " + i + "'s pc " + Address.hex(f.pc())
                                    + " is not in module " + f.module() + " (" + m.fileName() + ", "
                                    + Address.hex(m.start()) + "–" + Address.hex(m.end()) + "); it is given the module"
                                    + " that holds it, if any",
                            "give the index of the module whose start–end holds the pc",
                            c.at(read.moduleLines()[i], read.moduleColumns()[i], read.modulePath(i))));
                    module = -1;
                }
            }
        }
        if (module < 0) {
            module = holding(kept, f.pc());
        }
        return module == f.module() ? f : new CallFrame(f.pc(), f.cfa(), f.activation(), module, f.function(),
                f.file(), f.line(), f.column(), f.inlined(), f.task(), f.role());
    }

    private static int holding(List<CodeModule> modules, long pc) {
        for (int m = 0; m < modules.size(); m++) {
            if (modules.get(m).contains(pc)) {
                return m;
            }
        }
        return -1;
    }

    /** {@code snapshot} with {@code stacks}, each raw one attributed to its thread's scheduling chain first. */
    static Snapshot attach(Snapshot snapshot, List<CallStack> stacks, List<Boolean> raw) {
        List<CallStack> attributed = new ArrayList<>(stacks.size());
        for (int i = 0; i < stacks.size(); i++) {
            CallStack s = stacks.get(i);
            attributed.add(raw.get(i) ? TaskSegments.attribute(s, TaskSegments.chainOf(snapshot.index(), s.thread()),
                    snapshot.modules()) : s);
        }
        return snapshot.withCallStacks(snapshot.modules(), attributed);
    }
}
