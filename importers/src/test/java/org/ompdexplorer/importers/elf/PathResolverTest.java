package org.ompdexplorer.importers.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PathResolverTest {
    @Test
    void candidatesComeInOrderOverrideSysrootSearchOriginal() {
        PathResolver resolver = PathResolver.direct().withExecutable(Path.of("/tmp/exe"))
                .withSearchDirectory(Path.of("/opt/libs"));
        assertThat(resolver.candidates("/usr/lib/libomp.so.5", true))
                .containsExactly(Path.of("/tmp/exe"), Path.of("/opt/libs/libomp.so.5"), Path.of("/usr/lib/libomp.so.5"));
        assertThat(resolver.candidates("/usr/lib/libomp.so.5", false))
                .containsExactly(Path.of("/opt/libs/libomp.so.5"), Path.of("/usr/lib/libomp.so.5"));
    }

    @Test
    void aSysrootReplacesTheOriginalPath() {
        PathResolver resolver = PathResolver.direct().withSysroot(Path.of("/srv/root"));
        assertThat(resolver.candidates("/usr/lib/libomp.so.5", false))
                .containsExactly(Path.of("/srv/root/usr/lib/libomp.so.5"));
    }

    @Test
    void deletedSuffixIsDroppedByTheMapping() {
        FileMapping m = new FileMapping(0x1000, 0x2000, 0, "/tmp/a.out (deleted)");
        assertThat(m.filePath()).isEqualTo("/tmp/a.out");
        assertThat(m.contains(0x1fff)).isTrue();
        assertThat(m.contains(0x2000)).isFalse();
    }
}
