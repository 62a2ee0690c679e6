package org.ompdexplorer.importers.recording;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the recording of a fib-like task tree as the agent would: one thread, a team of one, fib(n) creating
 * fib(n-1) and fib(n-2) as tasks and waiting for them at a taskwait. Keeps each task's generating task as it
 * creates it, so a test can compare the reader's edges with the writer's.
 */
final class FibRecording {
    final List<String> lines = new ArrayList<>();
    final Map<Long, Long> generating = new HashMap<>();
    private long nextTask = 3;
    private long t;

    FibRecording(int n) {
        lines.add("{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\",\"capture\":{\"source\":\"ompt-agent\","
                + "\"program\":\"fib\",\"pid\":4242},\"runtime\":{\"ompVersion\":201811},\"clock\":\"monotonic-ns\","
                + "\"start\":1000}");
        event("thread-begin", "\"kind\":\"initial\"");
        event("implicit-begin", "\"task\":1,\"num\":0,\"size\":1,\"initial\":true");
        event("parallel-begin", "\"region\":1,\"task\":1,\"requested\":1,\"site\":\"0x401000\"");
        event("implicit-begin", "\"task\":2,\"region\":1,\"num\":0,\"size\":1");
        fib(2, n);
        event("implicit-end", "\"task\":2");
        event("parallel-end", "\"region\":1");
        lines.add("{\"e\":\"end\",\"t\":" + (++t) + ",\"events\":" + (lines.size() - 1) + ",\"dropped\":[]}");
    }

    private void event(String kind, String fields) {
        lines.add("{\"t\":" + (++t) + ",\"th\":1,\"e\":\"" + kind + "\"," + fields + "}");
    }

    private void fib(long self, int n) {
        if (n < 2) {
            return;
        }
        long[] children = {nextTask++, nextTask++};
        for (long c : children) {
            generating.put(c, self);
            event("task-create", "\"task\":" + c + ",\"gen\":" + self + ",\"site\":\"0x401100\",\"flags\":[\"explicit\"]");
        }
        event("sync-begin", "\"kind\":\"taskwait\",\"task\":" + self + ",\"site\":\"0x401200\"");
        event("wait-begin", "\"kind\":\"taskwait\",\"task\":" + self);
        for (int i = 0; i < 2; i++) {
            event("schedule", "\"prior\":" + self + ",\"status\":\"switch\",\"next\":" + children[i]);
            fib(children[i], n - 1 - i);
            event("schedule", "\"prior\":" + children[i] + ",\"status\":\"complete\",\"next\":" + self);
        }
        event("wait-end", "\"kind\":\"taskwait\",\"task\":" + self);
        event("sync-end", "\"kind\":\"taskwait\",\"task\":" + self + ",\"site\":\"0x401200\"");
    }

    String text() {
        return String.join("\n", lines) + "\n";
    }
}
