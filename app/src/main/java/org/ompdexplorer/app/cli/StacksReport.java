package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.IdRanges;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TextCut;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameKey;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.callstack.MergedStacks;

/**
 * Call stacks as text: each thread's stack cut into its task segments, as {@code ompd bt} shows it — frames numbered
 * as gdb numbers them (innermost 0, an inlined call a frame of its own), a task's heading before its frames, each run
 * of runtime frames folded to one line unless all frames are asked for; or all threads' stacks merged into one tree,
 * outermost frame first, with the threads that pass through each branch as compressed lists (STAT's picture).
 * Linear in the frames printed.
 */
final class StacksReport {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final List<CodeModule> modules;
    private final boolean allFrames;

    StacksReport(Snapshot snapshot, boolean allFrames) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.modules = snapshot.modules();
        this.allFrames = allFrames;
    }

    /** Each thread's stack (only {@code only} when given) in thread order. */
    void printThreads(PrintWriter out, Optional<ThreadId> only) {
        boolean first = true;
        for (OmpThread thread : snapshot.threads()) {
            if (only.isPresent() && !only.get().equals(thread.id())) {
                continue;
            }
            if (!first) {
                out.println();
            }
            first = false;
            out.println(heading(thread));
            Optional<CallStack> stack = index.callStack(thread.id());
            if (stack.isEmpty()) {
                out.println("  (no call stack)");
                continue;
            }
            stack.get().partialReason().ifPresent(r -> out.println("  partial: " + TextCut.value(r)));
            printFrames(out, stack.get().frames());
        }
    }

    /** {@code T1  lwp 3923  wait_barrier  in #3 (implicit task in main)}. */
    private String heading(OmpThread thread) {
        StringBuilder b = new StringBuilder(Names.thread(thread.id()));
        String os = Names.description(thread);
        if (!os.isEmpty()) {
            b.append("  ").append(os);
        }
        thread.state().asOptional().map(ThreadState::shortName).ifPresent(s -> b.append("  ").append(s));
        index.task(thread.currentTask()).ifPresent(t -> b.append("  current ").append(Names.of(t, index)));
        if (!thread.isOpenMpThread()) {
            b.append("  (not an OpenMP thread)");
        }
        return b.toString();
    }

    private void printFrames(PrintWriter out, List<CallFrame> frames) {
        TaskId segment = null;
        boolean started = false;
        for (int i = 0; i < frames.size(); i++) {
            CallFrame f = frames.get(i);
            if (!started || !java.util.Objects.equals(segment, f.task())) {
                started = true;
                segment = f.task();
                out.println("  " + segmentHeading(segment));
            }
            if (!allFrames && f.role() == FrameRole.RUNTIME) {
                int end = i;
                while (end + 1 < frames.size() && frames.get(end + 1).role() == FrameRole.RUNTIME
                        && java.util.Objects.equals(frames.get(end + 1).task(), segment)) {
                    end++;
                }
                if (end > i) {
                    out.println("    #" + i + "-#" + end + "  " + (end - i + 1) + " runtime frames ("
                            + name(f) + " … " + name(frames.get(end)) + ")");
                    i = end;
                    continue;
                }
            }
            out.println("    " + frameLine(i, f));
        }
    }

    private String segmentHeading(TaskId task) {
        if (task == null) {
            return "outside every task";
        }
        return index.task(task).map(t -> Names.of(t, index)).orElse(Names.task(task) + " (missing)");
    }

    /** {@code #2  0x5602ad7d24eb in fixture_hold_forever (fixture.h:31)  [nested_parallel]}. */
    private String frameLine(int number, CallFrame f) {
        StringBuilder b = new StringBuilder("#").append(number).append("  ");
        if (!f.inlined()) {
            b.append(Address.hex(f.pc())).append(" in ");
        } else {
            b.append("(inlined) ");
        }
        b.append(TextCut.value(f.display(modules)));
        f.moduleIn(modules).filter(m -> f.function() != null).ifPresent(m -> b.append("  [").append(m.fileName())
                .append(']'));
        if (f.role() == FrameRole.RUNTIME) {
            b.append("  runtime");
        }
        return b.toString();
    }

    private String name(CallFrame f) {
        return f.function() != null ? TextCut.name(f.function()) : FrameKey.of(f, modules).display();
    }

    /** The merged tree of every thread's stack, outermost frame first, a chain of frames shared by the same threads as one block. */
    void printMerged(PrintWriter out) {
        MergedStacks merged = MergedStacks.of(snapshot.callStacks(), modules, !allFrames);
        out.println("Merged call stacks of " + merged.threadCount() + " thread" + (merged.threadCount() == 1 ? "" : "s")
                + (allFrames ? "" : " (runtime frames folded; --all-frames shows them)") + ", "
                + merged.classes().size() + " distinct");
        List<MergedStacks.Node> roots = merged.root().children();
        for (int i = 0; i < roots.size(); i++) {
            block(out, roots.get(i), "", i == roots.size() - 1);
        }
    }

    private void block(PrintWriter out, MergedStacks.Node start, String indent, boolean last) {
        out.println(indent + (last ? "└─ " : "├─ ") + threads(start));
        String inner = indent + (last ? "   " : "│  ");
        MergedStacks.Node node = start;
        while (true) {
            String ending = node.ending().isEmpty() || node.children().isEmpty() ? ""
                    : "   ← " + threads(node.ending()) + " end here";
            out.println(inner + TextCut.value(node.key().shortDisplay()) + ending);
            if (node.children().size() == 1 && node.children().getFirst().threads().equals(node.threads())) {
                node = node.children().getFirst();
                continue;
            }
            break;
        }
        List<MergedStacks.Node> children = node.children();
        for (int i = 0; i < children.size(); i++) {
            block(out, children.get(i), inner, i == children.size() - 1);
        }
    }

    private static String threads(MergedStacks.Node node) {
        return "[" + node.threads().size() + "] " + threads(node.threads());
    }

    private static String threads(java.util.Set<ThreadId> threads) {
        return IdRanges.format(threads.stream().map(ThreadId::value).toList(), "T");
    }
}
