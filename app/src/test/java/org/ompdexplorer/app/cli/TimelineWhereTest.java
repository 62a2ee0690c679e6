package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** The timeline shows where each thread's innermost user frame is, and marks where it moved. */
class TimelineWhereTest {
    private static final Snapshot BASE = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 10, 5));

    private static Snapshot at(int line0, int line1) {
        List<OmpThread> t = BASE.threads();
        CodeModule prog = new CodeModule("/home/u/prog", "ab", 0x1000, 0x1000, 0x9000, null);
        return BASE.withCallStacks(List.of(prog), List.of(stack(t.get(0), line0), stack(t.get(1), line1)));
    }

    private static CallStack stack(OmpThread thread, int line) {
        return new CallStack(thread.id(), List.of(
                new CallFrame(0x1100 + line, 0, true, 0, "solve", "solve.c", line, 0, false, null, FrameRole.USER),
                new CallFrame(0x1080, 0, false, 0, "main", "main.c", 3, 0, false, null, FrameRole.USER)), null);
    }

    @Test
    void eachThreadsPlaceIsAColumnPerSnapshotMarkedWhereItMoved() {
        SnapshotSeries series = SnapshotSeries.of(List.of(at(40, 40), at(41, 40), at(41, 40)));
        StringWriter text = new StringWriter();
        new TimelineReport(series, List.of("a.json", "b.json", "c.json"), List.of(), 0, false)
                .print(new PrintWriter(text));
        String t0 = "T" + BASE.threads().get(0).id().value();
        String t1 = "T" + BASE.threads().get(1).id().value();
        assertThat(text.toString()).contains("Where each thread is (the innermost frame of the program's own code; * "
                + "moved in the step into that snapshot):\n");
        List<String> lines = text.toString().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("  thread " + t0).contains(" solve (solve.c:40)")
                .contains("*solve (solve.c:41)").containsOnlyOnce("*"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("  thread " + t1).contains("solve (solve.c:40)")
                .doesNotContain("*"));
    }

    @Test
    void aSeriesWithoutStacksPrintsNoSuchSection() {
        SnapshotSeries series = SnapshotSeries.of(List.of(BASE, BASE));
        StringWriter text = new StringWriter();
        new TimelineReport(series, List.of("a.json", "b.json"), List.of(), 0, false).print(new PrintWriter(text));
        assertThat(text.toString()).doesNotContain("Where each thread is");
    }
}
