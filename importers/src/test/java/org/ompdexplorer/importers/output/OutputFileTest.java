package org.ompdexplorer.importers.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.output.OutputException.Reason;

/** The one output helper: every rule of docs/reliability.md's "Writing files", each on a real file system. */
class OutputFileTest {
    @TempDir
    Path dir;

    private static OutputFile.Body text(String s) {
        return out -> out.write(s.getBytes(StandardCharsets.UTF_8));
    }

    private List<Path> leftovers() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    @Test
    void writesANewFileCompletelyAndLeavesNoTemp() throws Exception {
        Path out = dir.resolve("new.json");
        OutputFile.write(out, text("{}\n"));
        assertThat(out).hasContent("{}");
        assertThat(Files.getPosixFilePermissions(out)).contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE,
                java.nio.file.attribute.PosixFilePermission.OWNER_READ);
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void replacesAFileAtomicallyKeepingItsMode() throws Exception {
        Path out = dir.resolve("old.json");
        Files.writeString(out, "old");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-rw----"));
        OutputFile.write(out, text("new"));
        assertThat(out).hasContent("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out))).isEqualTo("rw-rw----");
    }

    @Test
    void refusesToWriteOneOfItsInputsByNameByLinkAndByHardLink() throws Exception {
        Path input = dir.resolve("core");
        Files.writeString(input, "ELF core bytes");
        Path link = Files.createSymbolicLink(dir.resolve("link"), input);
        Path hard = Files.createLink(dir.resolve("hard"), input);
        for (Path out : List.of(input, link, hard, dir.resolve("./core"))) {
            assertThatThrownBy(() -> OutputFile.write(out, List.of(input), text("json")))
                    .isInstanceOfSatisfying(OutputException.class, e -> {
                        assertThat(e.reason()).isEqualTo(Reason.SAME_AS_INPUT);
                        assertThat(e.getMessage()).contains(out.toString()).contains("choose another output file");
                    });
        }
        assertThat(input).hasContent("ELF core bytes");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void followsASymbolicLinkAndWritesTheFileItNamesKeepingTheLink() throws Exception {
        Path real = Files.createDirectory(dir.resolve("real")).resolve("snap.json");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("snap.json"), real);
        Path linkToLink = Files.createSymbolicLink(dir.resolve("again.json"), link.getFileName());
        OutputFile.write(linkToLink, text("new"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.isSymbolicLink(linkToLink)).isTrue();
        assertThat(real).hasContent("new");
    }

    @Test
    void aDanglingLinkGetsItsTargetCreated() throws Exception {
        Path target = dir.resolve("made.json");
        Path link = Files.createSymbolicLink(dir.resolve("dangling"), target);
        OutputFile.write(link, text("x"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(target).hasContent("x");
    }

    @Test
    void aLinkLoopIsRefused() throws Exception {
        Path a = dir.resolve("a");
        Files.createSymbolicLink(a, dir.resolve("b"));
        Files.createSymbolicLink(dir.resolve("b"), a);
        assertThatThrownBy(() -> OutputFile.write(a, text("x")))
                .isInstanceOfSatisfying(OutputException.class, e -> assertThat(e.reason()).isEqualTo(Reason.LINK_LOOP));
    }

    @Test
    void writesThroughACharacterDeviceWithoutReplacingIt() throws Exception {
        Path devNull = Path.of("/dev/null");
        OutputFile.write(devNull, text("discarded"));
        assertThat(Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(((Integer) Files.getAttribute(devNull, "unix:mode")) & 0170000).isEqualTo(0020000);
    }

    @Test
    void writesThroughAFifoWithoutReplacingIt() throws Exception {
        Path fifo = dir.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        String read = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
                try (InputStream in = Files.newInputStream(fifo)) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            OutputFile.write(fifo, text("through the pipe"));
            return reader.get();
        });
        assertThat(read).isEqualTo("through the pipe");
        assertThat(((Integer) Files.getAttribute(fifo, "unix:mode", LinkOption.NOFOLLOW_LINKS)) & 0170000)
                .isEqualTo(0010000);
    }

    @Test
    void aFullDeviceIsADiskFullMessageNamingTheFile() {
        assertThatThrownBy(() -> OutputFile.write(Path.of("/dev/full"), text("x".repeat(1 << 17))))
                .isInstanceOfSatisfying(OutputException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.NO_SPACE);
                    assertThat(e.getMessage()).contains("/dev/full").contains("disk is full");
                });
    }

    @Test
    void aFailingBodyLeavesTheOldFileAndNoTemp() throws Exception {
        Path out = dir.resolve("keep.json");
        Files.writeString(out, "precious");
        assertThatThrownBy(() -> OutputFile.write(out, o -> {
            o.write(new byte[100_000]);
            throw new IOException("No space left on device");
        })).isInstanceOfSatisfying(OutputException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NO_SPACE));
        assertThat(out).hasContent("precious");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void anUncheckedIoFailureInsideTheBodyIsMappedToo() throws Exception {
        Path out = dir.resolve("x.json");
        assertThatThrownBy(() -> OutputFile.write(out, o -> {
            throw new java.io.UncheckedIOException(new IOException("No space left on device"));
        })).isInstanceOfSatisfying(OutputException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NO_SPACE));
        assertThat(out).doesNotExist();
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void directoriesAndTheRootAreRefusedWithAMessage() {
        for (Path p : List.of(dir, Path.of("/"))) {
            assertThatThrownBy(() -> OutputFile.write(p, text("x")))
                    .isInstanceOfSatisfying(OutputException.class, e -> {
                        assertThat(e.reason()).isEqualTo(Reason.IS_DIRECTORY);
                        assertThat(e.getMessage()).contains("is a directory");
                    });
        }
    }

    @Test
    void aMissingDirectoryIsNamed() {
        Path out = dir.resolve("no/such/dir/x.json");
        assertThatThrownBy(() -> OutputFile.write(out, text("x")))
                .isInstanceOfSatisfying(OutputException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.NO_DIRECTORY);
                    assertThat(e.getMessage()).contains(dir.resolve("no/such/dir").toString()).contains("does not exist");
                });
    }

    @Test
    void aReadOnlyFileIsNotReplacedEvenByRoot() throws Exception {
        Path out = dir.resolve("ro.json");
        Files.writeString(out, "protected");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("r--r--r--"));
        assertThatThrownBy(() -> OutputFile.write(out, text("x")))
                .isInstanceOfSatisfying(OutputException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.READ_ONLY);
                    assertThat(e.getMessage()).contains("read-only");
                });
        assertThat(out).hasContent("protected");
    }

    @Test
    void aLegal245ByteNameIsWrittenAndA256ByteNameIsRefusedUpFront() throws Exception {
        Path ok = dir.resolve("s".repeat(240) + ".json");
        OutputFile.write(ok, text("x"));
        assertThat(ok).hasContent("x");
        Path tooLong = dir.resolve("s".repeat(251) + ".json");
        assertThatThrownBy(() -> OutputFile.write(tooLong, text("x")))
                .isInstanceOfSatisfying(OutputException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NAME_TOO_LONG));
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aTempLeftByAKilledWriterIsRemovedByTheNextWriteButALiveOnesIsNot() throws Exception {
        Path stale = Files.writeString(dir.resolve(".ompd-explorer-2147483646-0123456789abcdef.tmp"), "half");
        Path live = Files.writeString(dir.resolve(".ompd-explorer-" + ProcessHandle.current().pid()
                + "-fedcba9876543210.tmp"), "being written");
        Path unrelated = Files.writeString(dir.resolve(".ompd-explorer-notes.tmp"), "a user's file");
        OutputFile.write(dir.resolve("x.json"), text("x"));
        assertThat(stale).doesNotExist();
        assertThat(live).exists();
        assertThat(unrelated).exists();
    }

    @Test
    void checkRefusesWhatWriteWouldWithoutWriting() throws Exception {
        Path input = Files.writeString(dir.resolve("in.json"), "{}");
        assertThatThrownBy(() -> OutputFile.check(input, List.of(input))).isInstanceOf(OutputException.class);
        assertThat(OutputFile.check(dir.resolve("fresh.json"), List.of(input))).isEqualTo(dir.resolve("fresh.json"));
        assertThat(dir.resolve("fresh.json")).doesNotExist();
    }

    @Test
    void aCheckSeesTheWrittenFileBeforeItReplacesTheTarget() throws Exception {
        Path out = dir.resolve("checked");
        Files.writeString(out, "old");
        List<String> seen = new java.util.ArrayList<>();
        OutputFile.write(out, List.of(), text("new"), written -> {
            seen.add(Files.readString(written));
            assertThat(written.getParent()).isEqualTo(dir);
            assertThat(out).hasContent("old");
        });
        assertThat(seen).containsExactly("new");
        assertThat(out).hasContent("new");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aFailedCheckKeepsTheTargetAndLeavesNoTemp() throws Exception {
        Path out = dir.resolve("refused");
        Files.writeString(out, "old");
        IOException refusal = new IOException("served a file of another build-id");
        assertThatThrownBy(() -> OutputFile.write(out, List.of(), text("wrong"), written -> {
            throw refusal;
        })).isInstanceOf(OutputException.class).hasCause(refusal);
        assertThat(out).hasContent("old");
        assertThat(leftovers()).isEmpty();
        Path fresh = dir.resolve("fresh");
        assertThatThrownBy(() -> OutputFile.write(fresh, List.of(), text("wrong"), written -> {
            throw refusal;
        })).isInstanceOf(OutputException.class);
        assertThat(fresh).doesNotExist();
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aCheckedWriteRefusesADeviceItCouldNotCheck() {
        assertThatThrownBy(() -> OutputFile.write(Path.of("/dev/null"), List.of(), text("x"), written -> { }))
                .isInstanceOf(OutputException.class)
                .satisfies(e -> assertThat(((OutputException) e).reason()).isEqualTo(Reason.SPECIAL_FILE));
    }
}
