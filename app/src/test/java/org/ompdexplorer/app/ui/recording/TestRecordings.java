package org.ompdexplorer.app.ui.recording;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingHeader;

/** Small recordings written by hand, as the agent would record them. */
final class TestRecordings {
    private TestRecordings() {
    }

    /**
     * Two threads in parallel region 1: thread T1's implicit task #2 creates #4 and #5 and waits for them at a
     * taskwait; T2 runs #4 (t=40..50), T1 runs #5 (t=60..70); both meet at the region's implicit barrier.
     */
    static Recording twoThreads() {
        Recording.Builder b = new Recording.Builder(new RecordingHeader("1.0",
                CaptureInfo.of(CaptureSource.OMPT_AGENT), RuntimeInfo.UNKNOWN, 0));
        b.threadBegin(0, 1, "initial");                                    // 1
        b.implicitBegin(1, 1, 1, 9, 0, 1, true);                           // 2
        b.parallelBegin(10, 1, 1, 1, 2, 0x401000);                         // 3
        b.implicitBegin(11, 1, 2, 1, 0, 2, false);                         // 4
        b.threadBegin(12, 2, "worker");                                    // 5
        b.implicitBegin(13, 2, 3, 1, 1, 2, false);                         // 6
        b.taskCreate(20, 1, 4, 2, 0x401100, List.of("explicit"), List.of()); // 7
        b.taskCreate(21, 1, 5, 2, 0x401200, List.of("explicit"), List.of()); // 8
        b.sync(30, 1, EventKind.SYNC_BEGIN, "taskwait", 2, 0x401300);      // 9
        b.sync(31, 1, EventKind.WAIT_BEGIN, "taskwait", 2, 0x401300);      // 10
        b.schedule(40, 2, 3, "switch", 4);                                 // 11
        b.schedule(50, 2, 4, "complete", 3);                               // 12
        b.schedule(60, 1, 2, "switch", 5);                                 // 13
        b.schedule(70, 1, 5, "complete", 2);                               // 14
        b.sync(80, 1, EventKind.WAIT_END, "taskwait", 2, 0x401300);        // 15
        b.sync(81, 1, EventKind.SYNC_END, "taskwait", 2, 0x401300);        // 16
        b.sync(82, 2, EventKind.SYNC_BEGIN, "barrier_implicit_parallel", 3, 0); // 17
        b.sync(83, 2, EventKind.WAIT_BEGIN, "barrier_implicit_parallel", 3, 0); // 18
        b.sync(90, 2, EventKind.WAIT_END, "barrier_implicit_parallel", 3, 0);   // 19
        b.sync(91, 2, EventKind.SYNC_END, "barrier_implicit_parallel", 3, 0);   // 20
        b.implicitEnd(95, 2, 3);                                           // 21
        b.implicitEnd(96, 1, 2);                                           // 22
        b.parallelEnd(100, 1, 1);                                          // 23
        b.trailer(List.of());
        return b.build();
    }

    static OpenedRecording opened() {
        return OpenedRecording.of(twoThreads(), "two.ndjson", Optional.empty(), List.of());
    }
}
