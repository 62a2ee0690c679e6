package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Issue 23's report findings: every report (diff, timeline, summary, validate) is bounded by a small multiple of its
 * input and by its documented limits, whatever the snapshot holds.
 */
class ReportBoundsCliTest extends InProcessCli {

    /** U+2028 and U+2029 break a line on some terminals: escaped like the other controls, in every report. */
    @Test
    void lineAndParagraphSeparatorsAreEscapedInEveryReport() throws Exception {
        Path a = lessonCopy("a.json");
        String text = Files.readString(a, StandardCharsets.UTF_8).replace(
                "\"label\":\"The first leaf: a chain of suspended fib tasks\"",
                "\"label\":\"one\\u2028forged line\\u2029two\"");
        Files.writeString(a, text);
        Path b = Files.writeString(dir.resolve("b.json"), text.replace("\"time\":\"2026-11-26T15:55:18.807Z\"",
                "\"time\":\"2026-11-26T15:55:19.807Z\""));
        assertThat(run("timeline", a.toString(), b.toString())).isIn(ExitCodes.OK, ExitCodes.DIFFERENT);
        assertThat(run("diff", a.toString(), b.toString())).isIn(ExitCodes.OK, ExitCodes.DIFFERENT);
        assertThat(run("diff", "--json", a.toString(), b.toString())).isIn(ExitCodes.OK, ExitCodes.DIFFERENT);
        assertThat(run("summary", a.toString())).isEqualTo(ExitCodes.OK);
        Path bad = Files.writeString(dir.resolve("bad\u2028name.json"), "{\"format\":\"ompd-explorer-snapshot\"");
        run("validate", bad.toString());
        String all = out.toString() + err.toString();
        assertThat(all).contains("one\\u2028forged line\\u2029two").contains("bad\\u2028name.json");
        assertThat(all.chars().filter(c -> c == 0x2028 || c == 0x2029)).isEmpty();
    }

    /** Tasks that share a creation order: invalid, and still no different from themselves (read once or twice). */
    @Test
    void aFileWithRepeatedCreationOrdersIsInvalidYetTheSameAsItself() throws Exception {
        Path x = lessonCopy("x.json");
        Files.writeString(x, Files.readString(x).replaceAll("\"creationOrder\":\\d+", "\"creationOrder\":1"));
        Path copy = Files.writeString(dir.resolve("copy.json"), Files.readString(x));
        assertThat(run("validate", x.toString())).isEqualTo(ExitCodes.INVALID);
        assertThat(out.toString()).contains("creation order 1 is also task");
        assertThat(run("diff", x.toString(), x.toString())).isEqualTo(ExitCodes.OK);
        assertThat(run("diff", x.toString(), copy.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("A and B are the same").doesNotContain("differ:");
    }

    /** A build directory holds compile_commands.json beside the agent's snapshots: skipped, each with a line. */
    @Test
    void aTimelineOfADirectorySkipsTheJsonFilesThatAreNotSnapshots() throws Exception {
        Path series = Files.createDirectory(dir.resolve("build"));
        Files.writeString(series.resolve("compile_commands.json"), "[{\"directory\":\"/src\",\"file\":\"a.c\"}]");
        Files.writeString(series.resolve("package.json"), "{\"name\":\"x\"}");
        Files.copy(lessonCopy("s1.json"), series.resolve("snap-1.json"));
        assertThat(run("timeline", series.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("skipped " + series.resolve("compile_commands.json") + ": not a snapshot")
                .contains("skipped " + series.resolve("package.json") + ": not a snapshot")
                .contains("a timeline needs at least two snapshots").contains("2 files skipped");
        Files.copy(lessonCopy("s2.json"), series.resolve("snap-2.json"));
        err.getBuffer().setLength(0);
        assertThat(run("timeline", series.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Snapshots (2):").contains("snap-1.json").contains("snap-2.json")
                .contains("No step changes anything");
        assertThat(err.toString()).contains("skipped " + series.resolve("compile_commands.json") + ": not a snapshot")
                .contains("2 files in " + series + " are not snapshots and were skipped");
        // named on the command line, a file that is not a snapshot is still an error
        assertThat(run("timeline", series.resolve("snap-1.json").toString(),
                series.resolve("package.json").toString())).isEqualTo(ExitCodes.UNREADABLE);
    }

    /** {@code depth} regions, each nested in the one before, each with one task of its own: a valid snapshot. */
    static String deepRegions(int depth) {
        StringBuilder b = new StringBuilder("""
                {"format":"ompd-explorer-snapshot","version":"1.0","capture":{"source":"hand-written"},
                "addressSpaces":[{"id":0}],"threads":[{"id":1,"addressSpace":0}],"parallelRegions":[
                """);
        for (int i = 1; i <= depth; i++) {
            b.append(i > 1 ? ",\n" : "").append("{\"id\":").append(i).append(",\"teamSize\":1");
            if (i > 1) {
                b.append(",\"enclosingRegion\":").append(i - 1);
            }
            b.append('}');
        }
        b.append("],\n\"tasks\":[");
        for (int i = 1; i <= depth; i++) {
            b.append(i > 1 ? ",\n" : "").append("{\"id\":").append(i).append(",\"kind\":\"explicit\",\"parallelRegion\":")
                    .append(i).append('}');
        }
        return b.append("]}\n").toString();
    }

    /**
     * 50,000 nested regions: a region's key was its whole path, so diff and timeline took time and memory
     * quadratic in the depth (20,000 levels: 47 s and 3.6 GB) and printed every path whole. Now linear; the timeout
     * only guards against a hang.
     */
    @Test
    void diffAndTimelineOfDeepNestingAreLinearInTheInput() throws Exception {
        String text = deepRegions(50_000);
        Path a = Files.writeString(dir.resolve("a.json"), text);
        Path b = Files.writeString(dir.resolve("b.json"), text.replace("{\"id\":50000,\"teamSize\":1",
                "{\"id\":50000,\"teamSize\":2"));
        long input = Files.size(a) + Files.size(b);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(3), () -> {
            assertThat(run("diff", "--max", "0", a.toString(), b.toString())).isEqualTo(ExitCodes.DIFFERENT);
            assertThat(out.toString()).containsPattern("(?m)^  P[0-9]+ ").doesNotContain("/1/").contains("1 changed");
            assertThat((long) out.getBuffer().length()).isLessThan(input * 2);
            out.getBuffer().setLength(0);
            assertThat(run("timeline", "--max", "0", a.toString(), b.toString())).isEqualTo(ExitCodes.DIFFERENT);
            assertThat((long) out.getBuffer().length()).isLessThan(input * 2);
        });
    }

    /** {@code threads} threads whose current task is task {@code current}; task 1's function has a name of {@code n}. */
    static String longNamed(int threads, int n, int current) {
        StringBuilder b = new StringBuilder("""
                {"format":"ompd-explorer-snapshot","version":"1.0","capture":{"source":"hand-written"},
                "addressSpaces":[{"id":0}],"threads":[
                """);
        for (int i = 1; i <= threads; i++) {
            b.append(i > 1 ? ",\n" : "").append("{\"id\":").append(i).append(",\"osIds\":{\"lwp\":").append(4000 + i)
                    .append("},\"currentTask\":").append(current)
                    .append('}');
        }
        b.append("],\n\"tasks\":[{\"id\":1,\"kind\":\"explicit\",\"function\":{\"address\":\"0x401000\",\"symbol\":\"")
                .append("f".repeat(n)).append("\"}},\n{\"id\":2,\"kind\":\"explicit\"}]}\n");
        return b.toString();
    }

    /**
     * 200 threads whose current task has a long name: every thread's row repeated the name (a 15 MiB name printed
     * 3.3 GB, and --json ran out of memory). Names are cut to their first characters and their length.
     */
    @Test
    void diffAndTimelineOfLongNamesAreBoundedByTheirInput() throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), longNamed(200, 100_000, 1));
        Path b = Files.writeString(dir.resolve("b.json"), longNamed(200, 100_000, 2));
        long input = Files.size(a) + Files.size(b);
        for (String[] args : new String[][]{{"diff", "--max", "0"}, {"diff", "--json", "--max", "0"},
                {"timeline", "--max", "0"}}) {
            out.getBuffer().setLength(0);
            String[] all = java.util.Arrays.copyOf(args, args.length + 2);
            all[args.length] = a.toString();
            all[args.length + 1] = b.toString();
            assertThat(run(all)).as(String.join(" ", args)).isEqualTo(ExitCodes.DIFFERENT);
            assertThat((long) out.getBuffer().length()).as(String.join(" ", args)).isLessThan(input / 2);
        }
        run("diff", a.toString(), b.toString());
        assertThat(out.toString()).contains("fff…(100,000 characters)");
    }

    /** 20,000 tasks, each with a link to a task that is not there: the diagnostics are folded, 20 of a kind. */
    @Test
    void summaryAndValidateFoldRepeatedDiagnostics() throws Exception {
        StringBuilder b = new StringBuilder("{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"tasks\":[");
        for (int i = 1; i <= 20_000; i++) {
            b.append(i > 1 ? ",\n" : "").append("{\"id\":").append(i).append(",\"kind\":\"explicit\",\"generatingTask\":0}");
        }
        Path many = Files.writeString(dir.resolve("many.json"), b.append("]}\n"));
        long input = Files.size(many);
        assertThat(run("summary", many.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("… 19,980 more dangling-reference errors like the above (--max-diagnostics 0 lists all)");
        assertThat((long) out.getBuffer().length()).isLessThan(input / 4);
        out.getBuffer().setLength(0);
        assertThat(run("validate", many.toString())).isEqualTo(ExitCodes.INVALID);
        assertThat(out.toString()).contains("… 19,980 more dangling-reference errors").contains("20000 error(s)");
        assertThat((long) out.getBuffer().length()).isLessThan(input / 4);
        out.getBuffer().setLength(0);
        assertThat(run("validate", "--max-diagnostics", "0", many.toString())).isEqualTo(ExitCodes.INVALID);
        assertThat(out.toString().lines().count()).isGreaterThan(20_000);
    }
}
