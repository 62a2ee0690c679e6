package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small hand-written recording the CLI tests share: thread 1 creates task 3 and task 4 (4 waits for 3), runs 3,
 * and the trailer says 5 events of thread 2 were dropped from t=2500 ns.
 */
final class DepsRecording {
    static final String TEXT = "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"ompt-agent\",\"program\":\"./deps\",\"pid\":77},\"start\":0}\n"
            + "{\"t\":0,\"th\":1,\"e\":\"thread-begin\",\"kind\":\"initial\"}\n"
            + "{\"t\":1,\"th\":1,\"e\":\"implicit-begin\",\"task\":1,\"num\":0,\"size\":1,\"initial\":true}\n"
            + "{\"t\":1000,\"th\":1,\"e\":\"task-create\",\"task\":3,\"gen\":1,\"site\":\"0x4100\",\"flags\":[\"explicit\"]}\n"
            + "{\"t\":1000,\"th\":1,\"e\":\"task-create\",\"task\":4,\"gen\":1,\"site\":\"0x4200\",\"flags\":[\"explicit\"]}\n"
            + "{\"t\":1000,\"th\":1,\"e\":\"task-dep\",\"from\":3,\"to\":4}\n"
            + "{\"t\":3000,\"th\":1,\"e\":\"schedule\",\"prior\":1,\"status\":\"switch\",\"next\":3}\n"
            + "{\"t\":4000,\"th\":1,\"e\":\"schedule\",\"prior\":3,\"status\":\"complete\",\"next\":1}\n"
            + "{\"e\":\"end\",\"t\":4000,\"events\":7,\"dropped\":[{\"what\":\"events\",\"count\":5,\"thread\":2,"
            + "\"from\":2500}]}\n";

    private DepsRecording() {
    }

    /** The recording written into {@code dir} under the agent's name for pid 77. */
    static Path write(Path dir) throws IOException {
        return Files.writeString(dir.resolve("ompd-explorer-77-recording.ndjson"), TEXT);
    }
}
