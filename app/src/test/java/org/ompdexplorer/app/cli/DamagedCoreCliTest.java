package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
