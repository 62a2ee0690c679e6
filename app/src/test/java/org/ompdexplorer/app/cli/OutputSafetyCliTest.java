package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * No command destroys one of its inputs or replaces a special file (issue 8, items 1, 2, 4, 7, 10, 11 and the
 * read-only target): each case as a user would type it, in-process.
 */
class OutputSafetyCliTest extends InProcessCli {
    Path lesson;

    @BeforeEach
    void copyLesson() {
        lesson = lessonCopy("lesson.json");
    }


    private List<Path> temps() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    @Test
    void importCoreRefusesToWriteOverItsCoreOrItsProgramBeforeReadingThem() throws Exception {
        Path core = Files.write(dir.resolve("core.1234"), new byte[] {0x7f, 'E', 'L', 'F', 4, 2});
        Path exe = Files.write(dir.resolve("prog"), new byte[] {0x7f, 'E', 'L', 'F', 2, 1});
        Path linkToCore = Files.createSymbolicLink(dir.resolve("core-link"), core);
        for (Path target : List.of(core, exe, linkToCore)) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            assertThat(run("import-core", core.toString(), "--exe", exe.toString(), "-o", target.toString()))
                    .isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("refusing to write " + target).contains("choose another output file");
        }
        assertThat(Files.readAllBytes(core)).containsExactly(0x7f, 'E', 'L', 'F', 4, 2);
        assertThat(Files.readAllBytes(exe)).containsExactly(0x7f, 'E', 'L', 'F', 2, 1);
        assertThat(Files.isSymbolicLink(linkToCore)).isTrue();
    }

    @Test
    void exportRefusesItsInputThroughAHardLink() throws Exception {
        Path hard = Files.createLink(dir.resolve("other-name.json"), lesson);
        byte[] before = Files.readAllBytes(lesson);
        assertThat(run("export", lesson.toString(), "-o", hard.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(Files.readAllBytes(lesson)).isEqualTo(before);
    }

    @Test
    void exportToDevNullWritesThroughAndLeavesTheDevice() throws Exception {
        assertThat(run("export", lesson.toString(), "-o", "/dev/null")).isEqualTo(ExitCodes.OK);
        assertThat(Files.isRegularFile(Path.of("/dev/null"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(((Integer) Files.getAttribute(Path.of("/dev/null"), "unix:mode")) & 0170000).isEqualTo(0020000);
    }

    @Test
    void exportThroughASymlinkWritesItsTargetAndKeepsTheLink() throws Exception {
        Path real = dir.resolve("real.json");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);
        assertThat(run("export", lesson.toString(), "-o", link.toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).startsWith("{\n  \"format\": \"ompd-explorer-snapshot\"");
    }

    @Test
    void exportToTheRootDirectoryIsExitTwoWithAMessageNotANullPointer() {
        assertThat(run("export", lesson.toString(), "-o", "/")).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains("cannot write /: it is a directory").doesNotContain("Exception");
    }

    /** Issue 23 item 6c: every command that takes -o, in every format, with the root directory as OUT. */
    @Test
    void everyCommandWithAnOutputRefusesTheRootDirectoryWithAMessageNotANullPointer() {
        String in = lesson.toString();
        List<String[]> commands = List.of(new String[] {"graph", in, "-o", "/"},
                new String[] {"graph", in, "-o", "/", "--format", "png"},
                new String[] {"graph", in, "-o", "/", "--format", "dot"},
                new String[] {"graph", in, "-o", "/", "--format", "svg"},
                new String[] {"generate", "--tasks", "10", "-o", "/"},
                new String[] {"export", in, "-o", "/"});
        for (String[] command : commands) {
            err.getBuffer().setLength(0);
            assertThat(run(command)).as(String.join(" ", command)).isEqualTo(ExitCodes.UNREADABLE);
            assertThat(err.toString()).as(String.join(" ", command)).contains("cannot write /: it is a directory")
                    .doesNotContain("Exception").doesNotContain("internal error");
        }
    }

    @Test
    void aFullDiskIsExitTwoNamingTheFileAndLeavesNoPartialFile() {
        assertThat(run("generate", "--tasks", "20000", "-o", "/dev/full")).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains("cannot write /dev/full: the disk is full").doesNotContain("internal error");
    }

    @Test
    void aReadOnlyTargetIsNotReplaced() throws Exception {
        Path ro = Files.writeString(dir.resolve("ro.json"), "mine");
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r--r--r--"));
        assertThat(run("export", lesson.toString(), "-o", ro.toString())).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(ro).hasContent("mine");
        assertThat(err.toString()).contains("read-only");
    }

    @Test
    void aLegal245CharacterOutputNameIsWritten() throws Exception {
        Path longName = dir.resolve("n".repeat(240) + ".json");
        assertThat(run("export", lesson.toString(), "-o", longName.toString())).isEqualTo(ExitCodes.OK);
        assertThat(longName).exists();
        assertThat(temps()).isEmpty();
    }

    @Test
    void generateRefusesSizesBeyondItsDocumentedLimit() {
        assertThat(run("generate", "--tasks", "50000000", "-o", dir.resolve("g.json").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("tasks must be 0..5000000");
        assertThat(dir.resolve("g.json")).doesNotExist();
    }

    @Test
    void standardOutputGetsTheSnapshotAsUtf8() {
        assertThat(run("export", lesson.toString(), "-o", "-")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).startsWith("{\n  \"format\": \"ompd-explorer-snapshot\"");
    }

    /** Issue 23: every name of standard output is standard output, written where "-" is, never opened by name. */
    @Test
    void standardOutputByAnyOfItsNamesGetsTheSnapshot() {
        for (String name : List.of("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")) {
            out.getBuffer().setLength(0);
            assertThat(run("export", lesson.toString(), "-o", name)).as("%s: %s", name, err).isEqualTo(ExitCodes.OK);
            assertThat(out.toString()).as(name).startsWith("{\n  \"format\": \"ompd-explorer-snapshot\"").endsWith("}\n");
        }
    }

    /** Issue 23: an empty output name is neither a directory nor the current one. */
    @Test
    void anEmptyOutputNameIsSaidToBeEmpty() {
        assertThat(run("export", lesson.toString(), "-o", "")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString().strip()).startsWith("ompd-explorer: ").contains("output file name is empty")
                .doesNotContain("directory");
    }

    @Test
    void aRealFullFileSystemLeavesNeitherPartialFileNorTemp() throws Exception {
        TinyFileSystem fs = TinyFileSystem.mount(dir.resolve("tiny"), "64k");
        try {
            Path target = fs.dir().resolve("big.json");
            Files.writeString(target, "the old snapshot");
            assertThat(run("generate", "--tasks", "20000", "-o", target.toString())).isEqualTo(ExitCodes.UNREADABLE);
            assertThat(err.toString()).contains("cannot write " + target + ": the disk is full");
            assertThat(target).hasContent("the old snapshot");
            try (Stream<Path> s = Files.list(fs.dir())) {
                assertThat(s.map(p -> p.getFileName().toString())).containsExactly("big.json");
            }
        } finally {
            fs.close();
        }
    }

    /** Text for terminals: the snapshot's control characters never reach the terminal raw. */
    @Test
    void summaryAndValidatePrintControlCharactersEscaped() throws Exception {
        String text = Files.readString(lesson, StandardCharsets.UTF_8).replace(
                "\"label\":\"The first leaf: a chain of suspended fib tasks\"",
                "\"label\":\"\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202egnp.exe\"");
        Path evil = Files.writeString(dir.resolve("evil\u001b[31m.json"), text);
        assertThat(run("summary", evil.toString())).isEqualTo(ExitCodes.OK);
        assertThat(run("validate", evil.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u202egnp.exe")
                .contains("evil\\x1b[31m.json: valid");
        assertThat(out.toString().chars().filter(c -> c == 0x1b || c == 0x07 || c == 0x9b || c == 0x202e)).isEmpty();
        run("validate", dir.resolve("missing\u001b[2J.json").toString());
        assertThat(err.toString()).contains("missing\\x1b[2J.json").doesNotContain("\u001b");
    }
}
