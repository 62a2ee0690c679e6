package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.model.recording.Lane;
import org.ompdexplorer.model.recording.LaneKind;
import org.ompdexplorer.model.recording.LaneRow;
import org.ompdexplorer.model.recording.RunLanes;

/** The lanes of a recording as read from its file: a fib task tree, every task run whole on the one thread. */
class RunLanesOfReadRecordingTest {
    @TempDir
    Path dir;

    @Test
    void everyTaskOfAFibTreeRunsOnItsThreadInPiecesAroundItsTaskwaitAndCompletes() throws Exception {
        FibRecording fib = new FibRecording(10);
        Path file = dir.resolve("fib.ndjson");
        Files.writeString(file, fib.text(), StandardCharsets.UTF_8); // test input, not the app's output
        RunLanes lanes = RunLanes.of(new RecordingReader().read(file).recording());
        assertThat(lanes.lanes()).hasSize(1);
        Lane lane = lanes.lanes().getFirst();
        assertThat(lane.isInitial()).isTrue();
        LaneRow run = lane.running();
        Map<Long, Integer> completed = new HashMap<>();
        long busy = 0;
        for (int i = 0; i < run.size(); i++) {
            if (i > 0) {
                assertThat(run.start(i)).as("one task at a time on the thread").isEqualTo(run.end(i - 1));
            }
            if (run.kind(i) == LaneKind.EXPLICIT_TASK && run.has(i, LaneRow.COMPLETED)) {
                completed.merge(run.task(i), 1, Integer::sum);
            }
            busy += run.end(i) - run.start(i);
        }
        assertThat(completed.keySet()).as("every task created ran and completed")
                .isEqualTo(fib.generating.keySet());
        assertThat(completed.values()).allMatch(n -> n == 1);
        assertThat(busy).as("the thread is never idle from its first event to its last")
                .isEqualTo(run.end(run.size() - 1) - run.start(0));
        for (long task : fib.generating.keySet()) {
            long parent = fib.generating.get(task);
            assertThat(lanes.span(parent).orElseThrow().start()).isLessThan(lanes.span(task).orElseThrow().start());
            assertThat(lanes.span(parent).orElseThrow().end()).isGreaterThan(lanes.span(task).orElseThrow().end());
        }
    }
}
