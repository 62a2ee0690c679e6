package org.ompdexplorer.importers.recording;

import java.util.ArrayList;
import java.util.List;

/**
 * Recordings of small runs written by hand, one for each shape of packet and event the Perfetto writer makes (the
 * shapes PerfettoTraceWriterTest asserts on): a team of two threads of program {@code /home/t/deps}, pid 4242, with
 * tasks suspended and resumed, untied tasks moving thread, sync regions, a dependence, target constructs, a recording
 * cut before its trailer and one whose trailer counts dropped events.
 */
final class HandWrittenRuns {
    /** A shape of run. */
    enum Shape {
        FIB_TREE, UNTIED_RESUMED_ON_ANOTHER_THREAD, RESUMED_BELOW_A_SUSPENDED_TASK, NESTED_TASKWAIT_UNDER_A_REGION_END,
        DEPENDENCE, TARGETS, CUT_WITH_A_SNAPSHOT, DROPPED_EVENTS
    }

    private static final String HEADER = "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\",\"capture\":"
            + "{\"source\":\"ompt-agent\",\"program\":\"/home/t/deps\",\"pid\":4242},\"clock\":\"monotonic-ns\","
            + "\"start\":1000000}";
    private static final String COMPLETE = "{\"e\":\"end\",\"t\":1000,\"events\":0,\"dropped\":[]}";
    private static final String DROPPED = "{\"e\":\"end\",\"t\":50,\"events\":10,\"dropped\":[{\"what\":"
            + "\"events\",\"count\":5,\"bound\":\"OMPD_EXPLORER_RECORD_MAX=8\",\"thread\":2,\"from\":25}]}";

    private final List<String> lines = new ArrayList<>(List.of(HEADER));

    private HandWrittenRuns() {
    }

    /** The recording's lines: header, events and, unless the run was cut, its trailer. */
    static List<String> lines(Shape shape) {
        if (shape == Shape.FIB_TREE) {
            return new FibRecording(4).lines;
        }
        HandWrittenRuns run = new HandWrittenRuns();
        run.team();
        run.body(shape);
        switch (shape) {
            case CUT_WITH_A_SNAPSHOT -> {
                // no trailer: the run was cut with slices open
            }
            case DROPPED_EVENTS -> run.lines.add(DROPPED);
            default -> {
                run.teamEnd(80);
                run.lines.add(COMPLETE);
            }
        }
        return run.lines;
    }

    private void body(Shape shape) {
        switch (shape) {
            case UNTIED_RESUMED_ON_ANOTHER_THREAD -> {
                e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\",\"untied\"]");
                e(21, 1, "task-create", "\"task\":6,\"gen\":2,\"site\":\"0x400600\",\"flags\":[\"explicit\"]");
                e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":5");
                e(40, 1, "schedule", "\"prior\":5,\"status\":\"switch\",\"next\":6");
                e(50, 2, "schedule", "\"prior\":3,\"status\":\"switch\",\"next\":5");
                e(60, 1, "schedule", "\"prior\":6,\"status\":\"complete\",\"next\":2");
                e(70, 2, "schedule", "\"prior\":5,\"status\":\"complete\",\"next\":3");
            }
            case RESUMED_BELOW_A_SUSPENDED_TASK -> {
                e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\",\"untied\"]");
                e(21, 1, "task-create", "\"task\":6,\"gen\":5,\"site\":\"0x400600\",\"flags\":[\"explicit\",\"untied\"]");
                e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":5");
                e(40, 1, "schedule", "\"prior\":5,\"status\":\"switch\",\"next\":6");
                e(45, 1, "sync-begin", "\"kind\":\"taskgroup\",\"task\":6,\"site\":\"0x400700\"");
                e(50, 1, "schedule", "\"prior\":6,\"status\":\"yield\",\"next\":5");
                e(60, 1, "schedule", "\"prior\":5,\"status\":\"complete\",\"next\":2");
                e(65, 2, "schedule", "\"prior\":3,\"status\":\"switch\",\"next\":6");
                e(66, 2, "sync-end", "\"kind\":\"taskgroup\",\"task\":6,\"site\":\"0x400700\"");
                e(70, 2, "schedule", "\"prior\":6,\"status\":\"complete\",\"next\":3");
            }
            case NESTED_TASKWAIT_UNDER_A_REGION_END -> {
                e(20, 1, "sync-begin", "\"kind\":\"barrier_implicit_parallel\",\"task\":2,\"site\":\"0x400800\"");
                e(21, 1, "wait-begin", "\"kind\":\"barrier_implicit_parallel\",\"task\":2");
                e(22, 1, "task-create", "\"task\":7,\"gen\":2,\"site\":\"0x400900\",\"flags\":[\"explicit\"]");
                e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":7");
                e(31, 1, "sync-begin", "\"kind\":\"taskwait\",\"task\":7,\"site\":\"0x400a00\"");
                e(40, 1, "wait-end", "\"kind\":\"barrier_implicit_parallel\",\"task\":2");
                e(50, 1, "schedule", "\"prior\":7,\"status\":\"complete\",\"next\":2");
                e(51, 1, "sync-end", "\"kind\":\"taskwait\",\"task\":7,\"site\":\"0x400a00\"");
                e(60, 1, "sync-end", "\"kind\":\"barrier_implicit_parallel\",\"task\":2,\"site\":\"0x400800\"");
            }
            case DEPENDENCE -> {
                e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\"],"
                        + "\"deps\":[{\"addr\":\"0x7ffd10\",\"type\":\"inout\"}]");
                e(21, 1, "task-create", "\"task\":6,\"gen\":2,\"site\":\"0x400600\",\"flags\":[\"explicit\"],"
                        + "\"deps\":[{\"addr\":\"0x7ffd10\",\"type\":\"in\"}]");
                e(21, 1, "task-dep", "\"from\":5,\"to\":6");
                e(30, 2, "schedule", "\"prior\":3,\"status\":\"switch\",\"next\":5");
                e(40, 2, "schedule", "\"prior\":5,\"status\":\"complete\",\"next\":3");
                e(50, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":6");
                e(60, 1, "schedule", "\"prior\":6,\"status\":\"complete\",\"next\":2");
            }
            case TARGETS -> {
                e(20, 2, "target-begin", "\"target\":1,\"device\":0,\"kind\":\"target_enter_data\",\"task\":3,"
                        + "\"site\":\"0x400b00\"");
                e(25, 2, "target-end", "\"target\":1,\"device\":0,\"kind\":\"target_enter_data\",\"task\":3,"
                        + "\"site\":\"0x400b00\"");
                e(30, 2, "target-begin", "\"target\":2,\"device\":1,\"kind\":\"target\",\"task\":3,\"site\":\"0x400c00\"");
                e(40, 2, "target-end", "\"target\":2,\"device\":1,\"kind\":\"target\",\"task\":3,\"site\":\"0x400c00\"");
            }
            case CUT_WITH_A_SNAPSHOT, DROPPED_EVENTS -> {
                e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\"]");
                e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":5");
                e(35, 1, "sync-begin", "\"kind\":\"taskwait\",\"task\":5,\"site\":\"0x400a00\"");
                e(40, 2, "snapshot", "\"label\":\"step 1\",\"file\":\"s1.json\"");
            }
            case FIB_TREE -> throw new IllegalArgumentException("the fib tree is FibRecording's");
        }
    }

    /** A team of two: thread 1 runs the initial task, then implicit task 0 of the region; thread 2 implicit task 1. */
    private void team() {
        e(0, 1, "thread-begin", "\"kind\":\"initial\"");
        e(1, 1, "implicit-begin", "\"task\":1,\"num\":0,\"size\":1,\"initial\":true");
        e(10, 1, "parallel-begin", "\"region\":2,\"task\":1,\"requested\":2,\"site\":\"0x400100\"");
        e(11, 1, "implicit-begin", "\"task\":2,\"region\":2,\"num\":0,\"size\":2");
        e(12, 2, "thread-begin", "\"kind\":\"worker\"");
        e(13, 2, "implicit-begin", "\"task\":3,\"region\":2,\"num\":1,\"size\":2");
    }

    private void teamEnd(long t) {
        e(t, 1, "implicit-end", "\"task\":2");
        e(t + 1, 1, "parallel-end", "\"region\":2");
        e(t + 2, 2, "implicit-end", "\"task\":3");
    }

    private void e(long t, int th, String kind, String fields) {
        lines.add("{\"t\":" + t + ",\"th\":" + th + ",\"e\":\"" + kind + "\"," + fields + "}");
    }
}
