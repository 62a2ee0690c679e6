package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.ompd.OmpdLibrary.OmpdLibraryException;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * A file passed as the OMPD library is checked with the ELF reader before the dynamic loader sees it (issue 8
 * item 9: a damaged {@code --ompd-lib} crashed the JVM in {@code dlopen}). Each refusal names the file and what
 * is wrong with it. Nothing here is loaded but the real libompd.
 */
class OmpdLibraryCheckTest {
    @TempDir
    Path dir;

    private static Path libompd() {
        return NativeFixtures.runtimePrefix().resolve("lib/libompd.so");
    }

    private Path copyOfLibompd(String name) throws Exception {
        Path copy = dir.resolve(name);
        Files.copy(libompd(), copy);
        return copy;
    }

    private static String refusal(Path file) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> OmpdLibraryCheck.verify(file));
        assertThat(t).isInstanceOf(OmpdLibraryException.class).hasMessageContaining(file.toString());
        return t.getMessage();
    }

    @Test
    void theRuntimesLibompdPasses() {
        assertThatCode(() -> OmpdLibraryCheck.verify(libompd())).doesNotThrowAnyException();
    }

    @Test
    void aTextFileIsRefusedAsNotElf() throws Exception {
        Path text = dir.resolve("libompd.so");
        Files.writeString(text, "not a library\n");
        assertThat(refusal(text)).contains("not a well-formed ELF shared library").contains("truncated file");
        Files.writeString(text, "not a library, but long enough to hold an ELF header of sixty-four bytes\n");
        assertThat(refusal(text)).contains("not an ELF file: expected magic 7f 45 4c 46");
    }

    @Test
    void anExecutableIsRefusedAsNotALibrary() {
        // A fixture program is a PIE (ET_DYN) without the OMPD functions, or an ET_EXEC: refused either way.
        assertThat(refusal(NativeFixtures.program("task_tree"))).containsAnyOf("not a shared library",
                "exports no functions");
    }

    @Test
    void aLibraryForAnotherMachineIsRefused() throws Exception {
        Path arm = copyOfLibompd("libompd-aarch64.so");
        try (RandomAccessFile f = new RandomAccessFile(arm.toFile(), "rw")) {
            f.seek(18);
            f.write(new byte[] {(byte) 183, 0}); // e_machine = EM_AARCH64
        }
        assertThat(refusal(arm)).contains("another machine").contains("183");
    }

    @Test
    void aTruncatedLibraryIsRefused() throws Exception {
        Path cut = copyOfLibompd("libompd-cut.so");
        try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        assertThat(refusal(cut)).containsAnyOf("truncated", "past end");
    }

    @Test
    void aLibraryWithoutTheOmpdEntryPointsIsRefused() {
        Path libomp = NativeFixtures.runtimePrefix().resolve("lib/libomp.so.5");
        assertThat(refusal(libomp)).contains("does not define ompd_initialize").contains("not an OMPD library");
    }

    @Test
    void aLibraryMissingOneEntryPointNamesIt() throws Exception {
        Path renamed = copyOfLibompd("libompd-renamed.so");
        byte[] bytes = Files.readAllBytes(renamed);
        String all = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = all.indexOf("ompd_get_task_frame\0");
        assertThat(at).isPositive();
        bytes[at + 5] = 'X'; // the dynamic string table now names ompd_Xet_task_frame
        Files.write(renamed, bytes);
        assertThat(refusal(renamed)).contains("ompd_get_task_frame");
    }

    @Test
    void aTruncatedOmpdLibIsOneImportErrorNotALoaderCrash() throws Exception {
        Path text = copyOfLibompd("libompd.so");
        try (RandomAccessFile f = new RandomAccessFile(text.toFile(), "rw")) {
            f.setLength(f.length() * 3 / 4); // dlopen maps the lost pages and faults relocating them
        }
        CoreImportOptions options = CoreImportOptions.of(NativeFixtures.core("task_tree.gcore.core"), null)
                .withOmpdLibrary(text);
        assertThatThrownBy(() -> new OmpdCoreImporter().importCore(options, ProgressListener.NONE))
                .isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(CoreImportException.Reason.NO_OMPD_LIBRARY);
                    assertThat(e.getMessage()).contains(text.toString()).contains("--ompd-lib");
                });
    }
}
