package org.ompdexplorer.model.callstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.IdRanges;
import org.ompdexplorer.model.ThreadId;

class MergedStacksTest {
    private static final List<CodeModule> MODULES = List.of(
            new CodeModule("/work/prog", null, 0x1000, 0x1000, 0x9000, null));

    /** A stack from outermost to innermost names (line: the name's length); a name starting with '!' is the runtime's. */
    private static CallStack stack(long thread, String... outermostFirst) {
        List<CallFrame> frames = new ArrayList<>();
        for (int i = outermostFirst.length - 1; i >= 0; i--) {
            String name = outermostFirst[i];
            boolean runtime = name.startsWith("!");
            frames.add(new CallFrame(0x2000 + i, 0, false, 0, runtime ? name.substring(1) : name, "a.c", name.length(), 0,
                    false, null, runtime ? FrameRole.RUNTIME : FrameRole.USER));
        }
        return new CallStack(new ThreadId(thread), frames, null);
    }

    @Test
    void threadsThatShareAPathAreOneClassLargestFirst() {
        List<CallStack> stacks = List.of(
                stack(1, "main", "!fork", "work", "barrier"),
                stack(2, "main", "!fork", "work", "barrier"),
                stack(3, "main", "!fork", "work", "solve"),
                stack(4, "main", "!fork", "work", "barrier"));
        MergedStacks merged = MergedStacks.of(stacks, MODULES, true);
        assertThat(merged.threadCount()).isEqualTo(4);
        List<MergedStacks.Node> classes = merged.classes();
        assertThat(classes).extracting(n -> n.key().function()).containsExactly("barrier", "solve");
        assertThat(classes.getFirst().ending()).extracting(ThreadId::value).containsExactly(1L, 2L, 4L);
        assertThat(merged.pathTo(classes.get(1))).extracting(n -> n.key().display())
                .containsExactly("main (a.c:4)", "(OpenMP runtime)", "work (a.c:4)", "solve (a.c:5)");
        assertThat(IdRanges.format(classes.getFirst().ending().stream().map(ThreadId::value).toList(), "T"))
                .isEqualTo("T1-T2,T4");
    }

    @Test
    void foldedRuntimeRunsMergeThreadsThatDifferOnlyInsideTheRuntime() {
        List<CallStack> stacks = List.of(
                stack(1, "main", "!fork_call", "!invoke", "work"),
                stack(2, "main", "!launch", "work"));
        assertThat(MergedStacks.of(stacks, MODULES, true).classes()).hasSize(1);
        MergedStacks unfolded = MergedStacks.of(stacks, MODULES, false);
        assertThat(unfolded.classes()).hasSize(2);
        assertThat(unfolded.root().children()).hasSize(1);
        assertThat(unfolded.root().children().getFirst().children()).hasSize(2);
    }

    @Test
    void aThreadWhoseStackEndsAboveAnothersIsItsOwnClassAtThatNode() {
        List<CallStack> stacks = List.of(stack(1, "main", "work"), stack(2, "main", "work", "inner"),
                stack(3, "main"), new CallStack(new ThreadId(9), List.of(), "no frames"));
        MergedStacks merged = MergedStacks.of(stacks, MODULES, true);
        assertThat(merged.threadCount()).isEqualTo(3);
        assertThat(merged.classes()).hasSize(3);
        assertThat(merged.root().children().getFirst().threads()).hasSize(3);
    }

    @Test
    void framesWithoutAFunctionMergeByModuleAndOffsetNotByAddress() {
        CallFrame a = CallFrame.unwound(0x1400, 0, false, 0);
        CodeModule elsewhere = new CodeModule("/other/place/prog", null, 0x7000, 0x7000, 0xf000, null);
        CallFrame b = CallFrame.unwound(0x7400, 0, false, 0);
        assertThat(FrameKey.of(a, MODULES)).isEqualTo(FrameKey.of(b, List.of(elsewhere)));
        assertThat(FrameKey.of(a, MODULES).display()).isEqualTo("prog+0x400");
    }

    @Test
    void aClassIsWhereItsThreadsAreInTheProgramsOwnCodeNotInLibcUnderIt() {
        List<CodeModule> modules = List.of(MODULES.getFirst(),
                new CodeModule("/usr/lib/x86_64-linux-gnu/libc.so.6", null, 0x70000, 0x70000, 0x90000, null));
        List<CallFrame> frames = List.of(
                new CallFrame(0x70100, 0, true, 1, "__GI___clock_nanosleep", "../sysdeps/clock_nanosleep.c", 48, 7,
                        false, null, FrameRole.USER),
                new CallFrame(0x2000, 0, false, 0, "fixture_hold_forever", "/work/main/native-fixtures/fixture.h", 31,
                        9, false, null, FrameRole.USER),
                new CallFrame(0x2100, 0, false, 0, "main", "/work/main/main.c", 3, 0, false, null, FrameRole.USER));
        MergedStacks merged = MergedStacks.of(List.of(new CallStack(new ThreadId(1), frames, null)), modules, true);
        MergedStacks.Node end = merged.classes().getFirst();
        assertThat(end.key().function()).isEqualTo("__GI___clock_nanosleep");
        assertThat(merged.where(end).shortDisplay()).isEqualTo("fixture_hold_forever (fixture.h:31)");
    }

    @Test
    void aStackDeeperThanTheCapKeepsItsInnermostFramesAndSaysItWasCut() {
        List<CallFrame> frames = new ArrayList<>();
        for (int i = 0; i < CallStack.MAX_FRAMES + 5; i++) {
            frames.add(CallFrame.unwound(0x1000 + i, 0, i == 0, 0));
        }
        CallStack stack = new CallStack(new ThreadId(1), frames, null);
        assertThat(stack.frames()).hasSize(CallStack.MAX_FRAMES);
        assertThat(stack.frames().getFirst().pc()).isEqualTo(0x1000);
        assertThat(stack.partial()).isEqualTo("cut at 1024 frames of 1029");
    }
}
