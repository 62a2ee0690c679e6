package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code ompd-explorer graph RECORDING}: the whole run, or with {@code --at T} the state at a moment. */
class GraphRecordingCliTest extends InProcessCli {
    /** Tasks 3 and 4 (4 depends on 3) run one after the other on the initial thread. */
    private static final String RECORDING = "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"ompt-agent\",\"program\":\"./deps\",\"pid\":77},\"start\":0}\n"
            + "{\"t\":0,\"th\":1,\"e\":\"thread-begin\",\"kind\":\"initial\"}\n"
            + "{\"t\":1,\"th\":1,\"e\":\"implicit-begin\",\"task\":1,\"num\":0,\"size\":1,\"initial\":true}\n"
            + "{\"t\":1000,\"th\":1,\"e\":\"task-create\",\"task\":3,\"gen\":1,\"site\":\"0x4100\",\"flags\":[\"explicit\"],"
            + "\"deps\":[{\"addr\":\"0x7f00\",\"type\":\"inout\"}]}\n"
            + "{\"t\":1000,\"th\":1,\"e\":\"task-create\",\"task\":4,\"gen\":1,\"site\":\"0x4200\",\"flags\":[\"explicit\"],"
            + "\"deps\":[{\"addr\":\"0x7f00\",\"type\":\"in\"}]}\n"
            + "{\"t\":1000,\"th\":1,\"e\":\"task-dep\",\"from\":3,\"to\":4}\n"
            + "{\"t\":3000,\"th\":1,\"e\":\"schedule\",\"prior\":1,\"status\":\"switch\",\"next\":3}\n"
            + "{\"t\":4000,\"th\":1,\"e\":\"schedule\",\"prior\":3,\"status\":\"complete\",\"next\":1}\n"
            + "{\"t\":5000,\"th\":1,\"e\":\"schedule\",\"prior\":1,\"status\":\"switch\",\"next\":4}\n"
            + "{\"t\":6000,\"th\":1,\"e\":\"schedule\",\"prior\":4,\"status\":\"complete\",\"next\":1}\n"
            + "{\"e\":\"end\",\"t\":6000,\"events\":9,\"dropped\":[]}\n";

    private Path recording() throws Exception {
        return Files.writeString(dir.resolve("ompd-explorer-77-recording.ndjson"), RECORDING);
    }

    @Test
    void theWholeRunHoldsEveryTaskCompletedAndTheRecordedDependence() throws Exception {
        assertThat(run("graph", recording().toString(), "-o", "-", "--format", "dot")).isEqualTo(ExitCodes.OK);
        String dot = out.toString();
        assertThat(dot).startsWith("digraph tasks {").contains("#3 task\\ncompleted", "#4 task\\ncompleted")
                .contains("n1 -> n2 [color=\"#8250df\", penwidth=1.6, tooltip=\"dependence\", label=\"inout→in 0x7f00\"");
        assertThat(dot.lines().filter(l -> l.contains("tooltip=\"dependence\""))).hasSize(1);
        assertThat(err.toString()).isEmpty();
    }

    /** Task 3 is created on thread 1 and runs on thread 2. */
    private static final String TWO_THREADS = "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"ompt-agent\",\"program\":\"./two\",\"pid\":78},\"start\":0}\n"
            + "{\"t\":0,\"th\":1,\"e\":\"thread-begin\",\"kind\":\"initial\"}\n"
            + "{\"t\":1,\"th\":1,\"e\":\"implicit-begin\",\"task\":1,\"num\":0,\"size\":1,\"initial\":true}\n"
            + "{\"t\":10,\"th\":1,\"e\":\"parallel-begin\",\"region\":1,\"task\":1,\"requested\":2,\"site\":\"0x4000\"}\n"
            + "{\"t\":11,\"th\":1,\"e\":\"implicit-begin\",\"task\":2,\"region\":1,\"num\":0,\"size\":2}\n"
            + "{\"t\":12,\"th\":2,\"e\":\"thread-begin\",\"kind\":\"worker\"}\n"
            + "{\"t\":13,\"th\":2,\"e\":\"implicit-begin\",\"task\":5,\"region\":1,\"num\":1,\"size\":2}\n"
            + "{\"t\":1000,\"th\":1,\"e\":\"task-create\",\"task\":3,\"gen\":2,\"site\":\"0x4100\",\"flags\":[\"explicit\"],"
            + "\"deps\":[]}\n"
            + "{\"t\":3000,\"th\":2,\"e\":\"schedule\",\"prior\":5,\"status\":\"switch\",\"next\":3}\n"
            + "{\"t\":4000,\"th\":2,\"e\":\"schedule\",\"prior\":3,\"status\":\"complete\",\"next\":5}\n"
            + "{\"e\":\"end\",\"t\":5000,\"events\":9,\"dropped\":[]}\n";

    @Test
    void withLanesACompletedTaskOfTheWholeRunIsInTheLaneOfTheThreadThatRanIt() throws Exception {
        Path two = Files.writeString(dir.resolve("two.ndjson"), TWO_THREADS);
        assertThat(run("graph", two.toString(), "--lanes", "-o", "-", "--format", "dot")).isEqualTo(ExitCodes.OK);
        String dot = out.toString();
        String laneT2 = dot.substring(dot.indexOf("label=\"thread T2\""));
        laneT2 = laneT2.substring(0, laneT2.indexOf("}"));
        assertThat(laneT2).as("thread T2's lane in:%n%s", dot).contains("#3 task");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void atAMomentItIsTheStateThen() throws Exception {
        assertThat(run("graph", recording().toString(), "--at", "3us", "-o", "-", "--format", "dot"))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("#3 ", "#4 ", "running", "blocked on dependences");
        out.getBuffer().setLength(0);
        assertThat(run("graph", recording().toString(), "--at", "100%", "-o", "-", "--format", "dot"))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).doesNotContain("#3 ", "#4 ");
    }

    @Test
    void anSvgOfTheWholeRunIsWritten() throws Exception {
        Path svg = dir.resolve("run.svg");
        assertThat(run("graph", recording().toString(), "-o", svg.toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(svg)).startsWith("<?xml").contains("id=\"task-3\"", "id=\"task-4\"");
    }

    @Test
    void aMomentThatIsNoTimeOrAMomentOfASnapshotIsAUsageError() throws Exception {
        assertThat(run("graph", recording().toString(), "--at", "later", "-o", dir.resolve("x.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("\"later\" is no moment of a recording");
        Path snapshot = dir.resolve("at.json");
        assertThat(run("replay", recording().toString(), "--at", "3us", "-o", snapshot.toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(run("graph", snapshot.toString(), "--at", "1ms", "-o", dir.resolve("y.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("is a snapshot, which is one moment already");
        assertThat(Files.exists(dir.resolve("x.svg")) || Files.exists(dir.resolve("y.svg"))).isFalse();
    }
}
