package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TextCut;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;

/**
 * The call-stack sections of the details pages: a thread's whole stack cut into its task segments, and a task's own
 * segment. The same decisions as the CLI's {@code stacks}: gdb's frame numbers, a task's heading before its frames,
 * each run of two or more runtime frames folded. Pure: runs off the FX thread.
 */
final class StackSections {
    static final String ID = "callStack";

    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final List<CodeModule> modules;

    StackSections(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.modules = snapshot.modules();
    }

    /**
     * The thread's stack, or a note saying why it has none; empty when the snapshot has no stacks at all (a file
     * older than format 1.3: its pages stay as they were, and the Parallel Stacks view says why it is empty).
     */
    Optional<Section> ofThread(OmpThread thread) {
        if (snapshot.callStacks().isEmpty()) {
            return Optional.empty();
        }
        Optional<CallStack> stack = index.callStack(thread.id());
        if (stack.isEmpty() || stack.get().frames().isEmpty()) {
            String why = stack.isEmpty() ? "This snapshot has no call stack for this thread."
                    : "The thread's call stack has no frames" + stack.get().partialReason().map(r -> ": " + r)
                    .orElse(".");
            return Optional.of(new Section.Note(ID, "Call stack", why));
        }
        CallStack s = stack.get();
        List<Numbered> frames = new ArrayList<>();
        for (int i = 0; i < s.frames().size(); i++) {
            frames.add(new Numbered(i, s.frames().get(i)));
        }
        return Optional.of(new StackSection(ID, "Call stack (innermost first, numbered as gdb numbers frames)",
                s.partialReason().map(TextCut::value).orElse(""), Value.link(Target.of(thread.id())),
                segments(frames)));
    }

    /**
     * The frames whose task is {@code task}, on the thread it runs or is suspended on; empty when the snapshot has no
     * stacks at all (a note on every task's page would say nothing new).
     */
    Optional<Section> ofTask(Task task) {
        if (snapshot.callStacks().isEmpty()) {
            return Optional.empty();
        }
        List<CallStack> candidates = new ArrayList<>();
        task.thread().asOptional().flatMap(index::callStack).ifPresent(candidates::add);
        candidates.addAll(snapshot.callStacks()); // a stack whose thread the task does not name still may hold it
        for (CallStack s : candidates) {
            List<Numbered> own = new ArrayList<>();
            for (int i = 0; i < s.frames().size(); i++) {
                if (task.id().equals(s.frames().get(i).task())) {
                    own.add(new Numbered(i, s.frames().get(i)));
                }
            }
            if (!own.isEmpty()) {
                Value thread = index.thread(s.thread()).map(t -> Value.link(Target.of(t.id())))
                        .orElse(Value.of("thread " + Names.thread(s.thread())));
                return Optional.of(new StackSection(ID, "Its call-stack segment (on " + thread.text()
                        + "'s stack, innermost first)", s.partialReason().map(TextCut::value).orElse(""), thread,
                        segments(own)));
            }
        }
        return Optional.of(new Section.Note(ID, "Its call-stack segment", "No thread's call stack has frames of "
                + "task " + Names.task(task.id()) + ": it is not running, nor suspended under another task on a thread."));
    }

    private record Numbered(int number, CallFrame frame) {
    }

    /** Consecutive frames of one task are one segment; in it, each run of two or more runtime frames is one fold. */
    private List<StackSection.Segment> segments(List<Numbered> frames) {
        List<StackSection.Segment> segments = new ArrayList<>();
        int i = 0;
        while (i < frames.size()) {
            TaskId task = frames.get(i).frame().task();
            List<StackSection.Row> rows = new ArrayList<>();
            while (i < frames.size() && Objects.equals(frames.get(i).frame().task(), task)) {
                int end = i;
                while (frames.get(i).frame().role() == FrameRole.RUNTIME && end + 1 < frames.size()
                        && frames.get(end + 1).frame().role() == FrameRole.RUNTIME
                        && Objects.equals(frames.get(end + 1).frame().task(), task)) {
                    end++;
                }
                if (end > i) {
                    rows.add(new StackSection.Fold(frames.subList(i, end + 1).stream().map(this::frame).toList()));
                } else {
                    rows.add(frame(frames.get(i)));
                }
                i = end + 1;
            }
            segments.add(new StackSection.Segment(taskValue(task), rows));
        }
        return segments;
    }

    private Value taskValue(TaskId task) {
        if (task == null) {
            return Value.of("outside every task");
        }
        return index.task(task).map(t -> Value.link(Target.of(task), Names.of(t, index)))
                .orElse(new Value(Names.task(task) + " (not in snapshot)", null, true,
                        "The stack names a task this snapshot does not hold; see Diagnostics."));
    }

    private StackSection.Frame frame(Numbered n) {
        CallFrame f = n.frame();
        String function = f.function() != null ? TextCut.name(f.function()) : f.moduleIn(modules)
                .map(m -> m.fileName() + "+0x" + Long.toHexString(f.pc() - m.loadBias()))
                .orElse(Address.hex(f.pc()));
        return new StackSection.Frame(n.number(), f, function, f.sourcePosition().map(TextCut::value).orElse(""),
                f.moduleIn(modules).map(CodeModule::fileName).orElse(""));
    }
}
