package org.ompdexplorer.importers.testfixtures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The runtime the native tests run programs on and hand to libompd is the one the fixture cores were made with,
 * also when the cache holds runtimes of other LLVM versions (scripts/build-ompd-runtime.sh with OMPD_LLVM_VERSION).
 */
class NativeFixturesTest {
    @Test
    void theRuntimeIsTheOneTheFixtureCoresRanOn() throws Exception {
        Path cores = NativeFixtures.coreDirectory();
        String first = Files.readAllLines(cores.resolve("MANIFEST.tsv")).getFirst();
        // "# runtime: <prefix> (llvm-toolchain-19 <version>)", written by scripts/make-core-fixtures.sh
        assertThat(first).startsWith("# runtime: " + NativeFixtures.runtimePrefix() + " (");
    }
}
