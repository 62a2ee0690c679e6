package org.ompdexplorer.app.ui;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * A generated snapshot of six threads with call stacks (built in code until the 1.3 JSON reader is merged): three
 * classes of threads, each sharing a whole path — the first thread alone in {@code solve}, the next three at a
 * barrier under {@code work}, the last two asleep in {@code fixture_hold} (inlined into {@code wait_here}) called
 * from {@code work}. The program's frames are in {@code file}; the runtime's in libomp, without a file.
 */
public final class StackSnapshots {
    public static final List<CodeModule> MODULES = List.of(
            new CodeModule("/home/u/prog", "ab", 0x1000, 0x1000, 0x9000, null),
            new CodeModule("/opt/llvm/lib/libomp.so", "cd", 0x100000, 0x100000, 0x200000, null));

    private StackSnapshots() {
    }

    public static LoadedSnapshot of(String file) {
        return LoadedSnapshot.of(snapshot(file), "stacks of six threads");
    }

    public static Snapshot snapshot(String file) {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(6, 1, 12, 3));
        List<OmpThread> t = s.threads();
        List<CallStack> stacks = new ArrayList<>();
        stacks.add(stack(t.get(0), file, null, "solve@40:7", "work@12", "!__kmp_invoke_microtask", "!__kmp_fork_call",
                "main@5"));
        for (int i = 1; i <= 3; i++) {
            stacks.add(stack(t.get(i), file, null, "!__kmp_wait", "!__kmpc_barrier", "work@14",
                    "!__kmp_invoke_microtask", "!__kmp_launch_thread"));
        }
        for (int i = 4; i <= 5; i++) {
            stacks.add(stack(t.get(i), file, i == 5 ? "the unwinder stopped at an unreadable frame" : null,
                    "^fixture_hold@31", "wait_here@51", "work@20", "!__kmp_invoke_microtask", "!__kmp_launch_thread"));
        }
        return s.withCallStacks(MODULES, stacks);
    }

    /**
     * Innermost first: {@code name@line[:column]} a frame of the program in {@code file}, {@code ^name@line} one
     * inlined into the next, {@code !name} a runtime frame; {@code main} belongs to no task, the rest to the thread's
     * current task.
     */
    private static CallStack stack(OmpThread thread, String file, String partial, String... innermostFirst) {
        TaskId task = thread.currentTask().get();
        List<CallFrame> frames = new ArrayList<>();
        for (String f : innermostFirst) {
            boolean runtime = f.startsWith("!");
            boolean inlined = f.startsWith("^");
            String spec = runtime || inlined ? f.substring(1) : f;
            String name = runtime ? spec : spec.substring(0, spec.indexOf('@'));
            String[] place = runtime ? new String[] {"0"} : spec.substring(spec.indexOf('@') + 1).split(":");
            int line = Integer.parseInt(place[0]);
            int column = place.length > 1 ? Integer.parseInt(place[1]) : 0;
            frames.add(new CallFrame((runtime ? 0x100100 : 0x1100) + frames.size() * 16, 0x7ffe0000 + frames.size()
                    * 64L, frames.isEmpty(), runtime ? 1 : 0, name, runtime ? null : file, line, column, inlined,
                    name.equals("main") || name.equals("__kmp_launch_thread") ? null : task,
                    runtime ? FrameRole.RUNTIME : FrameRole.USER));
        }
        return new CallStack(thread.id(), frames, partial);
    }
}
