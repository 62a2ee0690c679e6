package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.elf.CoreFile;
import org.ompdexplorer.importers.elf.ElfNote;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * Issue 8 at the command line: a damaged core or a damaged {@code --ompd-lib} is exit 2 and one line on stderr
 * naming the file, in this JVM (which a crash would end), with nothing written and no stack trace.
 */
class DamagedCoreCliTest {
    @TempDir
    Path dir;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    private int importCore(Path core, String... more) {
        String[] args = new String[3 + more.length];
        args[0] = "import-core";
        args[1] = core.toString();
        System.arraycopy(more, 0, args, 2, more.length);
        args[args.length - 1] = "--output=" + dir.resolve("out.json");
        return Cli.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    private void assertOneLineExitTwo(int code, String... mentions) {
        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.UNREADABLE);
        String text = err.toString().strip();
        assertThat(text.lines().count()).as(text).isEqualTo(1);
        assertThat(text).startsWith("ompd-explorer: ").doesNotContain("\tat ").doesNotContain("Exception");
        for (String m : mentions) {
            assertThat(text).contains(m);
        }
        assertThat(dir.resolve("out.json")).doesNotExist();
    }

    private Path copyOfCore() throws Exception {
        Path core = dir.resolve("damaged.core");
        Files.copy(NativeFixtures.core("task_tree.abort.core"), core);
        return core;
    }

    @Test
    void aCoreWithADamagedNtFileNoteIsOneLineAndExitTwo() throws Exception {
        Path core = copyOfCore();
        long desc;
        try (CoreFile c = CoreFile.open(core)) {
            desc = c.elf().notes().stream().filter(n -> n.is("CORE", ElfNote.NT_FILE)).findFirst().orElseThrow()
                    .descOffset();
        }
        try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "rw")) {
            f.seek(desc + 8 + 6); // the page size's second-highest byte: 4096 becomes 2^48 + 4096
            f.write(1);
        }
        assertOneLineExitTwo(importCore(core), "damaged.core", "NT_FILE");
    }

    /** Issue 23: a 32-bit ELF file is not "truncated" because a 64-bit header would not fit in it. */
    @Test
    void a32BitElfCoreIsSaidToBe32BitNotTruncated() throws Exception {
        java.nio.ByteBuffer h = java.nio.ByteBuffer.allocate(52).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        h.put(new byte[] {0x7f, 'E', 'L', 'F', 1, 1, 1, 0}).position(16);
        h.putShort((short) 4).putShort((short) 3).putInt(1).putInt(0).putInt(0).putInt(0).putInt(0)
                .putShort((short) 52).putShort((short) 32).putShort((short) 0).putShort((short) 40);
        Path core = Files.write(dir.resolve("elf32.core"), h.array());
        assertOneLineExitTwo(importCore(core), "elf32.core", "32-bit", "64-bit");
        assertThat(err.toString()).doesNotContain("truncated");
    }

    /** Issue 23: a FIFO or a device where a core, a program or a library must be: it exists, it is not a file. */
    @Test
    void aFifoOrDeviceWhereAFileMustBeIsNotARegularFileRatherThanMissing() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mk.waitFor()).isZero();
        Path core = NativeFixtures.core("task_tree.abort.core");
        for (String[] args : List.of(new String[] {fifo.toString()}, new String[] {"/dev/zero"},
                new String[] {core.toString(), "--exe", "/dev/zero"}, new String[] {core.toString(), "--exe", fifo.toString()},
                new String[] {core.toString(), "--ompd-lib", "/dev/zero"})) {
            err.getBuffer().setLength(0);
            Path first = Path.of(args[0]);
            String[] more = java.util.Arrays.copyOfRange(args, 1, args.length);
            assertOneLineExitTwo(importCore(first, more), "not a regular file");
            assertThat(err.toString()).as(String.join(" ", args)).doesNotContain("does not exist");
        }
    }

    @Test
    void aCoreCutInItsNotesIsOneLineAndExitTwo() throws Exception {
        Path core = copyOfCore();
        try (RandomAccessFile f = new RandomAccessFile(core.toFile(), "rw")) {
            f.setLength(0xc00);
        }
        assertOneLineExitTwo(importCore(core), "damaged.core", "truncated core");
    }

    @Test
    void aTruncatedOmpdLibIsOneLineAndExitTwo() throws Exception {
        Path lib = dir.resolve("libompd.so");
        Files.copy(NativeFixtures.runtimePrefix().resolve("lib/libompd.so"), lib);
        try (RandomAccessFile f = new RandomAccessFile(lib.toFile(), "rw")) {
            f.setLength(f.length() * 3 / 4);
        }
        assertOneLineExitTwo(importCore(NativeFixtures.core("task_tree.gcore.core"), "--ompd-lib", lib.toString()),
                lib.toString(), "--ompd-lib");
    }

    @Test
    void aNonLibraryOmpdLibIsOneLineAndExitTwo() throws Exception {
        Path lib = dir.resolve("notes.txt");
        Files.writeString(lib, "these are notes, not a library; long enough for an ELF header to be looked for\n");
        assertOneLineExitTwo(importCore(NativeFixtures.core("task_tree.gcore.core"), "--ompd-lib", lib.toString()),
                lib.toString(), "not an ELF file");
    }
}
