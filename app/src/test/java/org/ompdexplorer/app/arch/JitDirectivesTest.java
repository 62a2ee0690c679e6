package org.ompdexplorer.app.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The JIT directives of ADR 11 name classes by their binary names in two launchers; a renamed class would turn a
 * directive into a silent no-op (the directives are quiet), so this holds both launchers to the same live names.
 */
class JitDirectivesTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern DONT_INLINE = Pattern.compile("-XX:CompileCommand=dontinline,([\\w.$]+)::\\*");

    @Test
    void bothLaunchersKeepTheSameQuietDirectivesOnClassesThatExist() throws IOException, ClassNotFoundException {
        List<String> launcher = directives(REPO.resolve("ompd-explorer"));
        List<String> installed = directives(REPO.resolve("scripts/package.sh"));

        assertThat(launcher).containsExactly("org.ompdexplorer.importers.json.ValueReaders",
                "org.ompdexplorer.importers.json.JsonCursor");
        assertThat(installed).as("scripts/package.sh names the directives of ./ompd-explorer").isEqualTo(launcher);
        for (String name : launcher) {
            assertThat(Class.forName(name, false, JitDirectivesTest.class.getClassLoader())).isNotNull();
        }
        // without "quiet" the JVM prints each directive on standard output, ahead of an exported snapshot
        assertThat(Files.readString(REPO.resolve("ompd-explorer"))).contains("-XX:CompileCommand=quiet");
        assertThat(Files.readString(REPO.resolve("scripts/package.sh"))).contains("-XX:CompileCommand=quiet");
    }

    private static List<String> directives(Path script) throws IOException {
        Matcher m = DONT_INLINE.matcher(Files.readString(script));
        return m.results().map(r -> r.group(1)).toList();
    }
}
