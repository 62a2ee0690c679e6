package org.ompdexplorer.importers.unwind;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.unwind.CoreUnwinder.RawFrame;
import org.ompdexplorer.importers.unwind.CoreUnwinder.RawStack;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * A damaged stack whose chain goes round in a circle, or a runaway one, ends the walk with a partial stack that says
 * why: fed the frames an unwinder would hand over, as libdwfl does on a core.
 */
class FrameWalkTest {
    private static final long STACK_TOP = 0x7ffd_0000_0000L;

    /** Feeds {@code (pc, sp)} pairs until the walk stops or they run out, as CoreUnwinder's frame callback does. */
    private static RawStack walk(long[][] places) {
        FrameWalk walk = new FrameWalk(42);
        for (long[] p : places) {
            if (!walk.admits(p[0], p[1]) || !walk.add(new RawFrame(p[0], p[1], false, 0))) {
                break;
            }
        }
        return walk.stack();
    }

    /** The stack the import keeps for {@code raw}: frames in no module, so nothing to symbolize. */
    private static CallStack imported(RawStack raw) {
        CoreStacks.Request request = new CoreStacks.Request(Path.of("x.core"), null, null, org.ompdexplorer.importers.debuginfo.DebugFiles.local(List.of()),
                (path, isExe) -> Optional.empty(), start -> null, "x.core");
        List<CallStack> stacks = CoreStacks.assemble(request, List.of(), List.of(raw), null, CutMemory.NONE)
                .forThreads(request, ThreadId::new).stacks();
        assertThat(stacks).hasSize(1);
        return stacks.getFirst();
    }

    @Test
    void twoFramesCallingEachOtherForeverAreCutWhereTheyRepeat() {
        // a <- b <- a <- b ...: saved frame pointers pointing at each other
        long[][] places = new long[100][];
        places[0] = new long[] {0x401000, STACK_TOP};
        for (int i = 1; i < places.length; i++) {
            places[i] = i % 2 == 1 ? new long[] {0x401100, STACK_TOP + 0x40} : new long[] {0x401200, STACK_TOP + 0x80};
        }
        RawStack raw = walk(places);

        assertThat(raw.frames()).extracting(RawFrame::pc).containsExactly(0x401000L, 0x401100L, 0x401200L);
        assertThat(raw.partial()).isEqualTo("the stack repeats itself at frame 3 (pc 0x401100): cut there");
        CallStack stack = imported(raw);
        assertThat(stack.frames()).extracting(CallFrame::pc).containsExactly(0x401000L, 0x401100L, 0x401200L);
        assertThat(stack.partial()).isEqualTo(raw.partial());
    }

    @Test
    void aFrameThatIsItsOwnCallerIsKeptOnce() {
        long[][] places = {{0x401000, STACK_TOP}, {0x401300, STACK_TOP + 0x10}, {0x401300, STACK_TOP + 0x10},
                {0x401300, STACK_TOP + 0x10}};
        RawStack raw = walk(places);

        assertThat(raw.frames()).extracting(RawFrame::pc).containsExactly(0x401000L, 0x401300L);
        assertThat(imported(raw).partial()).isEqualTo("the stack repeats itself at frame 2 (pc 0x401300): cut there");
    }

    @Test
    void theSamePcDeeperInTheStackIsRecursionNotACycle() {
        long[][] places = new long[10][];
        for (int i = 0; i < places.length; i++) {
            places[i] = new long[] {0x401400, STACK_TOP + 0x30L * i};
        }
        RawStack raw = walk(places);

        assertThat(raw.frames()).hasSize(10);
        assertThat(imported(raw).isPartial()).isFalse();
    }

    @Test
    void fiveThousandDistinctFramesAreCutAtTheCap() {
        long[][] places = new long[5_000][];
        for (int i = 0; i < places.length; i++) {
            places[i] = new long[] {0x500000 + 16L * i, STACK_TOP + 0x20L * i};
        }
        RawStack raw = walk(places);

        assertThat(raw.frames()).hasSize(CallStack.MAX_FRAMES);
        assertThat(raw.frames().getLast().pc()).isEqualTo(0x500000 + 16L * (CallStack.MAX_FRAMES - 1));
        CallStack stack = imported(raw);
        assertThat(stack.frames()).hasSize(CallStack.MAX_FRAMES);
        assertThat(stack.partial()).isEqualTo("deeper than 1024 frames: cut there");
    }

    @Test
    void theUnwindersOwnStopIsKeptUnlessTheWalkStoppedFirst() {
        FrameWalk ended = new FrameWalk(7);
        ended.add(new RawFrame(0x401000, STACK_TOP, true, 0));
        ended.stopped("no matching address range");
        assertThat(imported(ended.stack()).partial()).isEqualTo("the unwinder stopped after 1 frames: no matching"
                + " address range");

        FrameWalk cycled = new FrameWalk(7);
        cycled.admits(0x401000, STACK_TOP);
        cycled.add(new RawFrame(0x401000, STACK_TOP, true, 0));
        cycled.admits(0x401000, STACK_TOP);
        cycled.stopped("the callback aborted");
        assertThat(cycled.stack().partial()).startsWith("the stack repeats itself at frame 1");
    }
}
