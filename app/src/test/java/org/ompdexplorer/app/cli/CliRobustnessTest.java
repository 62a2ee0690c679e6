package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.resources.BundledResources;

/** Issue 8's command-line findings: output bounded by the input, standard input, typos, ranges, signals. */
class CliRobustnessTest extends InProcessCli {


    /** {@code depth} regions, each nested in the one before, and a chain of as many tasks, each generating the next. */
    static String deepSnapshot(int depth) {
        StringBuilder b = new StringBuilder("""
                {"format":"ompd-explorer-snapshot","version":"1.0","capture":{"source":"hand-written"},
                "addressSpaces":[{"id":0}],"threads":[{"id":1,"addressSpace":0}],"parallelRegions":[
                """);
        for (int i = 1; i <= depth; i++) {
            b.append(i > 1 ? ",\n" : "").append("{\"id\":").append(i).append(",\"addressSpace\":0,\"teamSize\":1");
            if (i > 1) {
                b.append(",\"enclosingRegion\":").append(i - 1);
            }
            b.append('}');
        }
        b.append("],\n\"tasks\":[");
        for (int i = 1; i <= depth; i++) {
            b.append(i > 1 ? ",\n" : "").append("{\"id\":").append(i).append(",\"kind\":\"")
                    .append(i == 1 ? "initial" : "explicit").append('"');
            if (i > 1) {
                b.append(",\"generatingTask\":").append(i - 1);
            }
            b.append('}');
        }
        return b.append("]}\n").toString();
    }

    @Test
    void summaryOfDeepNestingIsLinearInTheInput() throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.json"), deepSnapshot(20_000));
        long input = Files.size(deep);
        assertThat(run("summary", "--max-tasks", "0", "--max-regions", "0", deep.toString())).isEqualTo(ExitCodes.OK);
        // 20,000 levels printed 401 MB before; now each line's prefix stops growing at the drawn depth
        assertThat((long) out.getBuffer().length()).isLessThan(input * 8);
        assertThat(out.toString()).contains("[nested 20000 deep] P20000").contains("[depth 19999] #20000");
    }

    @Test
    void summaryIsBoundedByItsLimitsByDefault() throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.json"), deepSnapshot(20_000));
        assertThat(run("summary", deep.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("… 19500 more parallel regions (--max-regions 0 prints all)")
                .contains("… 19500 more tasks (--max-tasks 0 prints all)");
        assertThat(out.getBuffer().length()).isLessThan(200_000);
    }

    @Test
    void negativeLimitsAreACommandLineError() {
        assertThat(run("summary", "--max-tasks", "-1", "x.json")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--max-tasks and --max-regions take 0 (all) or a positive number");
    }

    /** Issue 23: a PID that is no process number at all is a command-line error, not a missing process. */
    @Test
    void aNegativeOrZeroPidIsACommandLineError() {
        for (String pid : new String[] {"-5", "0"}) {
            err.getBuffer().setLength(0);
            assertThat(run("capture", pid)).as(pid).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).as(pid).contains("PID must be a positive process number, not " + pid)
                    .doesNotContain("no process");
        }
        err.getBuffer().setLength(0);
        assertThat(run("capture", "--", "-5")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("PID must be a positive process number, not -5");
    }

    @Test
    void aMistypedCommandIsCalledUnknownNotAMissingDisplay() {
        assertThat(run("sumary")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("unknown command 'sumary' — did you mean 'summary'?")
                .doesNotContain("display");
    }

    @Test
    void aMissingSnapshotFileIsNamedBeforeAnyDisplayIsNeeded() {
        assertThat(run("no-such-dir/snap.json")).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains("cannot open no-such-dir/snap.json: no such file").doesNotContain("display");
    }

    @Test
    void dashReadsStandardInputOnce() throws Exception {
        byte[] lesson;
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            lesson = in.readAllBytes();
        }
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(lesson));
            assertThat(run("validate", "-")).isEqualTo(ExitCodes.OK);
        } finally {
            System.setIn(saved);
        }
        assertThat(out.toString()).contains("standard input: valid — 0 error(s)");
    }

    /** SIGTERM in the middle of a large write: the process ends promptly and leaves neither target nor temp. */
    @Test
    void terminatedWhileWritingLeavesNothingBehind() throws Exception {
        Path target = dir.resolve("big.json");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "-XX:+UseParallelGC",
                "org.ompdexplorer.app.Main", "generate", "--tasks", "3000000", "-o", target.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("log.txt").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (temps().isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(temps()).as("the write had begun").isNotEmpty();
            Thread.sleep(200);
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("ended promptly after SIGTERM").isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(temps()).isEmpty();
        assertThat(target).doesNotExist();
    }

    private List<Path> temps() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }
}
