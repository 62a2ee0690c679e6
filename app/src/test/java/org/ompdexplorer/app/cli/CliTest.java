package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The CLI in-process: output, golden summary and every documented exit code. */
class CliTest extends InProcessCli {
    Path lesson;

    @BeforeEach
    void copyLesson() {
        lesson = lessonCopy("fib-taskwait.json");
    }


    @Test
    void summaryOfTheBundledLessonMatchesTheGoldenFile() throws Exception {
        assertThat(run("summary", lesson.toString())).isEqualTo(ExitCodes.OK);
        Path golden = Path.of("src/test/resources/golden/fib-taskwait.summary.txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(golden, out.toString());
        }
        assertThat(out.toString()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        assertThat(err.toString()).isEmpty();
    }

    /** The help's descriptions are paragraphs that picocli wraps, never sentences broken where the source was. */
    @Test
    void everyCommandsDescriptionIsWholeParagraphs() {
        picocli.CommandLine cli = Cli.commandLine();
        java.util.List<String> broken = new java.util.ArrayList<>();
        for (var sub : cli.getSubcommands().entrySet()) {
            for (String line : sub.getValue().getCommandSpec().usageMessage().description()) {
                if (!line.isBlank() && !line.stripTrailing().matches("(?s).*[.:!?)]$")) {
                    broken.add(sub.getKey() + ": " + line);
                }
            }
        }
        assertThat(broken).isEmpty();
        assertThat(run("import-core", "--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("frame and ICV that OMPD gives;");
    }

    @Test
    void versionNamesTheBuildsVersionAndTheRuntime() {
        assertThat(run("--version")).isEqualTo(ExitCodes.OK);
        String version = System.getProperty("project.version");
        assertThat(version).as("surefire passes the Maven project version (app/pom.xml)").isNotBlank();
        assertThat(out.toString()).startsWith("ompd-explorer " + version + "\n")
                .contains("Java " + Runtime.version() + " (").contains(System.getProperty("java.home"));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void validateSaysValidWithExitZero() {
        assertThat(run("validate", lesson.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("valid — 0 error(s), 0 warning(s); 2 threads, 2 parallel regions, 11 tasks");
    }

    @Test
    void validateListsLocatedErrorsWithExitOne() throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, """
                {"format":"ompd-explorer-snapshot","version":"1.0","capture":{"source":"hand-written"},
                 "tasks":[{"id":1,"kind":"explicit","generatingTask":2},
                          {"id":2,"kind":"explicit","generatingTask":1,"schedulingTask":77}]}
                """);
        assertThat(run("validate", bad.toString())).isEqualTo(ExitCodes.INVALID);
        assertThat(out.toString()).contains(bad + ":3:11 at $.tasks[1].schedulingTask: error: task #2 schedulingTask "
                + "names task #77").contains("generatingTask links form a cycle of 2")
                .contains("invalid — 2 error(s)");
    }

    @Test
    void unreadableInputsExitTwoWithOneMessageAndNoStackTrace() throws Exception {
        Path truncated = dir.resolve("truncated.json");
        byte[] whole = Files.readAllBytes(lesson);
        Files.write(truncated, java.util.Arrays.copyOf(whole, 700));
        for (String file : new String[]{truncated.toString(), dir.resolve("missing.json").toString()}) {
            err.getBuffer().setLength(0);
            assertThat(run("validate", file)).isEqualTo(ExitCodes.UNREADABLE);
            assertThat(run("summary", file)).isEqualTo(ExitCodes.UNREADABLE);
            assertThat(err.toString()).startsWith("ompd-explorer: ").doesNotContain("Exception").doesNotContain("\tat ");
        }
        assertThat(err.toString()).contains("no such file");
    }

    @Test
    void exportRoundTripsByteIdenticallyAndNeverOverwritesItsInput() throws Exception {
        Path once = dir.resolve("once.json");
        Path twice = dir.resolve("twice.json");
        assertThat(run("export", lesson.toString(), "-o", once.toString())).isEqualTo(ExitCodes.OK);
        assertThat(run("export", once.toString(), "-o", twice.toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.readAllBytes(twice)).isEqualTo(Files.readAllBytes(once)).isEqualTo(Files.readAllBytes(lesson));
        assertThat(run("export", lesson.toString(), "-o", lesson.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("refusing to write " + lesson + ": it is the input");
    }

    @Test
    void generateWritesAValidSyntheticSnapshot() throws Exception {
        Path gen = dir.resolve("gen.json");
        assertThat(run("generate", "--threads", "8", "--depth", "3", "--tasks", "5000", "--seed", "4",
                "-o", gen.toString())).isEqualTo(ExitCodes.OK);
        assertThat(run("validate", gen.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("8 threads, 3 parallel regions, 5011 tasks");
        assertThat(run("summary", "--max-tasks", "20", gen.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("[synthetic]").contains("… 4991 more tasks");
    }

    @Test
    void usageErrorsExitSixtyFour() {
        assertThat(run("generate", "--threads", "0", "-o", dir.resolve("x.json").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(run("summary")).isEqualTo(ExitCodes.USAGE);
        assertThat(run("frobnicate", "x")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("threads must be 1..").contains("Missing required parameter")
                .contains("--help");
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[]{"summary", "validate", "diff", "timeline", "export", "generate"}) {
            out.getBuffer().setLength(0);
            assertThat(run(command, "--help")).isEqualTo(ExitCodes.OK);
            assertThat(out.toString()).contains("Usage: ompd-explorer " + command).contains("Exit codes:");
        }
    }
}
