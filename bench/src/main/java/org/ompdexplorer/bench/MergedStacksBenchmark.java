package org.ompdexplorer.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.callstack.MergedStacks;

/**
 * The merged tree of many threads' call stacks (issue 25, item 8: 1,024 threads in ≤ 200 ms), against a peer in the same
 * JVM: the same frames' keys folded thread by thread ({@code FrameKey.folded}), which every build of the tree must do
 * at least. Stacks are shaped like a hybrid program's: 40 frames, a start-up chain and a solver with 16 call paths of
 * different depths, runtime runs between (folded in the tree), every frame symbolized.
 * Usage: {@code bench/run-stacks-bench.sh [runs] [threads…]}.
 */
public final class MergedStacksBenchmark {
    private static final List<CodeModule> MODULES = List.of(
            new CodeModule("/home/u/solver", "ab", 0x400000, 0x400000, 0x500000, null),
            new CodeModule("/usr/lib/llvm-19/lib/libomp.so.5", "cd", 0x7f0000000000L, 0x7f0000000000L,
                    0x7f0000100000L, null));

    private MergedStacksBenchmark() {
    }

    public static void main(String[] args) {
        BenchRun run = BenchRun.of(args, 1024, 16384);
        System.out.println("threads | frames | merged tree ms (median) | peer: fold keys ms | ratio | classes");
        for (int threads : run.sizes()) {
            List<CallStack> stacks = stacks(threads);
            int frames = stacks.stream().mapToInt(s -> s.frames().size()).sum();
            for (int w = 0; w < 5; w++) { // warm-up
                MergedStacks.of(stacks, MODULES, true);
                peer(stacks);
            }
            List<Long> tree = new ArrayList<>();
            List<Long> peer = new ArrayList<>();
            int classes = 0;
            for (int r = 0; r < run.runs(); r++) {
                long t0 = System.nanoTime();
                MergedStacks merged = MergedStacks.of(stacks, MODULES, true);
                classes = merged.classes().size();
                long t1 = System.nanoTime();
                peer(stacks);
                long t2 = System.nanoTime();
                tree.add(t1 - t0);
                peer.add(t2 - t1);
            }
            long mt = BenchRun.median(tree);
            long mp = BenchRun.median(peer);
            System.out.printf(Locale.ROOT, "%d | %d | %.1f | %.1f | %.2f | %d%n", threads, frames, mt / 1e6, mp / 1e6,
                    (double) mt / mp, classes);
        }
    }

    private static int peer(List<CallStack> stacks) {
        int n = 0;
        for (CallStack s : stacks) {
            n += org.ompdexplorer.model.callstack.FrameKey.folded(s, MODULES).size();
        }
        return n;
    }

    static List<CallStack> stacks(int threads) {
        List<CallStack> out = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            List<CallFrame> outermostFirst = new ArrayList<>();
            user(outermostFirst, t == 0 ? "main" : "start_thread", 10);
            runtime(outermostFirst, "__kmp_launch_thread", "__kmp_invoke_task_func", "__kmp_invoke_microtask");
            user(outermostFirst, "solve.omp_outlined", 40);
            int path = t % 16;
            for (int d = 0; d < 20 + path; d++) {
                user(outermostFirst, "level" + d + (d > 15 ? "_" + path : ""), 100 + d);
            }
            runtime(outermostFirst, "__kmpc_barrier", "__kmp_barrier", "__kmp_wait_template", "sched_yield");
            List<CallFrame> innermostFirst = new ArrayList<>(outermostFirst.reversed());
            out.add(new CallStack(new ThreadId(t + 1), innermostFirst, null));
        }
        return out;
    }

    private static void user(List<CallFrame> frames, String function, int line) {
        frames.add(new CallFrame(0x401000 + line * 16L, 0x7ffd0000L - frames.size() * 64L, false, 0, function,
                "solver.c", line, 5, false, null, FrameRole.USER));
    }

    private static void runtime(List<CallFrame> frames, String... functions) {
        for (String f : functions) {
            frames.add(new CallFrame(0x7f0000001000L + f.hashCode() % 4096, 0x7ffd0000L - frames.size() * 64L, false,
                    1, f, null, 0, 0, false, null, FrameRole.RUNTIME));
        }
    }
}
