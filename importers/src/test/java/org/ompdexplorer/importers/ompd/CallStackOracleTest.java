package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * The call stacks of every fixture core equal gdb's {@code thread apply all bt} on the same core, thread by thread
 * (matched by LWP), frame by frame: the function name and the source file's base name and line. Normalized: gdb's
 * {@code @thread N:} prefix (the OMPD plugin's frame filter) and arguments are left out; gdb's inlined frames count as
 * frames, as ours do. Two differences are gdb's own and allowed: gdb stops at {@code main} ({@code backtrace
 * past-main off}), so our frames past it ({@code __libc_start_call_main}, {@code _start}) are not compared; and gdb
 * adds a frame for a function that left the stack by a tail call (from DWARF call-site entries: {@code pthread_kill}
 * jumping to {@code __pthread_kill_implementation}), which no unwinder finds on the stack — such a frame, whose pc is
 * none of ours, between two frames that match, is not counted as missing.
 */
class CallStackOracleTest {
    static Stream<String> cores() {
        return Stream.of("nested_parallel.gcore.core", "nested_parallel.abort.core", "task_tree.gcore.core",
                "task_tree.abort.core", "icvs.gcore.core", "icvs.abort.core", "many_threads.gcore.core",
                "many_threads.abort.core", "task_tree.nodebug.gcore.core");
    }

    @ParameterizedTest
    @MethodSource("cores")
    void framesEqualGdbs(String name) throws IOException {
        checkFrames(NativeFixtures.core(name), CoreImports.snapshot(name));
    }

    /** Every thread's frames equal gdb's backtrace of it ({@code <core>.gdb-ompd-bt.txt}). */
    static void checkFrames(Path core, Snapshot snapshot) throws IOException {
        String name = core.getFileName().toString();
        GdbBacktrace gdb = GdbBacktrace.read(core);
        assertThat(snapshot.callStacks()).as("stacks of %s", name).hasSameSizeAs(snapshot.threads());
        List<String> differences = new ArrayList<>();
        int[] compared = new int[2];
        for (OmpThread thread : snapshot.threads()) {
            long lwp = CoreImports.lwp(thread);
            List<GdbBacktrace.Frame> expected = gdb.threads().get(lwp);
            assertThat(expected).as("gdb's backtrace of LWP %d in %s", lwp, name).isNotNull();
            CallStack stack = snapshot.index().callStack(thread.id()).orElseThrow();
            List<String> ours = new ArrayList<>(stack.frames().stream().map(CallStackOracleTest::place).toList());
            int main = ours.indexOf(expected.getLast().place());
            if (main >= 0 && expected.getLast().function().equals("main")) {
                ours = ours.subList(0, main + 1); // gdb's backtrace past-main is off
            }
            List<String> theirs = new ArrayList<>();
            java.util.Set<Long> pcs = new java.util.HashSet<>();
            stack.frames().forEach(f -> pcs.add(f.pc()));
            for (GdbBacktrace.Frame f : expected) {
                if (f.pc() >= 0 && !pcs.contains(f.pc()) && !theirs.isEmpty() && !ours.contains(f.place())) {
                    continue; // a tail-call frame gdb made up from call-site information: not on the stack
                }
                theirs.add(f.place());
            }
            compared[0] += 1;
            compared[1] += theirs.size();
            if (!ours.equals(theirs)) {
                differences.add("LWP " + lwp + ":\n  ours: " + String.join("\n        ", ours) + "\n  gdb:  "
                        + String.join("\n        ", theirs));
            }
        }
        assertThat(differences).as("threads whose frames differ from gdb's in %s", name).isEmpty();
        assertThat(compared[1]).as("frames compared in %s", name).isGreaterThan(compared[0]);
        System.out.printf("%s: %d threads, %d frames equal gdb's%n", name, compared[0], compared[1]);
    }

    private static String place(CallFrame f) {
        String file = f.file() == null ? null : f.file().substring(f.file().lastIndexOf('/') + 1);
        return (f.function() == null ? "??" : f.function()) + (file == null ? "" : " " + file + ":" + f.line());
    }
}
