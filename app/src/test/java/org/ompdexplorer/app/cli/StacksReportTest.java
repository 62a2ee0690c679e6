package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

class StacksReportTest {
    private static final List<CodeModule> MODULES = List.of(
            new CodeModule("/home/u/prog", "ab", 0x1000, 0x1000, 0x9000, null),
            new CodeModule("/opt/llvm/lib/libomp.so", "cd", 0x100000, 0x100000, 0x200000, null));

    /** Innermost first: "name@line" a user frame of the program, "!name" a runtime frame. */
    private static CallStack stack(OmpThread thread, String... innermostFirst) {
        TaskId task = thread.currentTask().get();
        List<CallFrame> frames = new ArrayList<>();
        for (String f : innermostFirst) {
            boolean runtime = f.startsWith("!");
            String name = runtime ? f.substring(1) : f.substring(0, f.indexOf('@'));
            int line = runtime ? 0 : Integer.parseInt(f.substring(f.indexOf('@') + 1));
            frames.add(new CallFrame((runtime ? 0x100100 : 0x1100) + frames.size() * 16, 0, frames.isEmpty(),
                    runtime ? 1 : 0, name, runtime ? null : "prog.c", line, 0, false,
                    name.equals("main") ? null : task, runtime ? FrameRole.RUNTIME : FrameRole.USER));
        }
        return new CallStack(thread.id(), frames, null);
    }

    private static Snapshot snapshot() {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(3, 1, 10, 3));
        List<OmpThread> t = s.threads();
        return s.withCallStacks(MODULES, List.of(
                stack(t.get(0), "solve@40", "work@12", "!__kmp_invoke_microtask", "!__kmp_fork_call", "main@5"),
                stack(t.get(1), "!__kmp_wait", "!__kmpc_barrier", "work@14", "!__kmp_invoke_microtask",
                        "!__kmp_launch_thread"),
                stack(t.get(2), "!__kmp_wait", "!__kmpc_barrier", "work@14", "!__kmp_invoke_microtask",
                        "!__kmp_launch_thread")));
    }

    private static String print(boolean merged, boolean all, Optional<ThreadId> only) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        StacksReport report = new StacksReport(snapshot(), all);
        if (merged) {
            report.printMerged(out);
        } else {
            report.printThreads(out, only);
        }
        out.flush();
        return text.toString();
    }

    @Test
    void aThreadsStackIsCutIntoItsTaskSegmentsWithRuntimeRunsFolded() {
        Snapshot s = snapshot();
        OmpThread t1 = s.threads().get(1);
        String text = print(false, false, Optional.of(t1.id()));
        String task = org.ompdexplorer.model.Names.of(s.index().task(t1.currentTask()).orElseThrow(), s.index());
        assertThat(text.lines().toList()).startsWith("T" + t1.id().value() + "  lwp " + t1.osId(org.ompdexplorer.model.OsThreadIdKind.LWP).orElseThrow()
                        + "  " + t1.state().get().shortName() + "  current " + task, "  " + task,
                "    #0-#1  2 runtime frames (__kmp_wait … __kmpc_barrier)",
                "    #2  0x1120 in work (prog.c:14)  [prog]",
                "    #3-#4  2 runtime frames (__kmp_invoke_microtask … __kmp_launch_thread)");
    }

    @Test
    void allFramesListsTheRuntimesFramesMarked() {
        Snapshot s = snapshot();
        String text = print(false, true, Optional.of(s.threads().get(1).id()));
        assertThat(text).contains("    #0  0x100100 in __kmp_wait  [libomp.so]  runtime\n")
                .contains("    #4  0x100140 in __kmp_launch_thread  [libomp.so]  runtime\n");
    }

    @Test
    void theMergedTreeGroupsThreadsThatShareAPathWithCompressedLists() {
        Snapshot s = snapshot();
        long t0 = s.threads().get(0).id().value();
        long t1 = s.threads().get(1).id().value();
        long t2 = s.threads().get(2).id().value();
        String text = print(true, false, Optional.empty());
        assertThat(text).startsWith("Merged call stacks of 3 threads (runtime frames folded; --all-frames shows them), "
                + "2 distinct\n");
        assertThat(text).contains("├─ [1] T" + t0 + "\n│  main (prog.c:5)\n│  (OpenMP runtime)\n│  work (prog.c:12)\n"
                + "│  solve (prog.c:40)\n");
        assertThat(text).contains("└─ [2] T" + t1 + "-T" + t2 + "\n   (OpenMP runtime)\n   work (prog.c:14)\n"
                + "   (OpenMP runtime)\n");
    }
}
