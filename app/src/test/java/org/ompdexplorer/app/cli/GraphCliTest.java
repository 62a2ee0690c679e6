package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.resources.BundledResources;

/** {@code ompd-explorer graph} in-process: formats by extension or option, scopes, refusals and their exit codes. */
class GraphCliTest extends InProcessCli {
    private Path lesson() throws Exception {
        Path file = dir.resolve("fib.json");
        try (var in = BundledResources.openLessonStep("fib-taskwait", 1)) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void theFormatComesFromTheExtensionAndEachFileIsWhatItSays() throws Exception {
        Path in = lesson();
        assertThat(run("graph", in.toString(), "-o", dir.resolve("g.svg").toString())).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(dir.resolve("g.svg"))).startsWith("<?xml").contains("<svg")
                .contains("class=\"node explicit\" id=\"task-11\"");
        assertThat(run("graph", in.toString(), "-o", dir.resolve("g.png").toString())).isEqualTo(ExitCodes.OK);
        byte[] png = Files.readAllBytes(dir.resolve("g.png"));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        assertThat(run("graph", in.toString(), "--format", "dot", "-o", dir.resolve("g.txt").toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(dir.resolve("g.txt"))).startsWith("digraph tasks {");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aTaskScopeDrawsTheTaskAndWhatItGenerated() throws Exception {
        Path in = lesson();
        assertThat(run("graph", in.toString(), "--task", "#7", "--format", "dot", "-o", "-")).isEqualTo(ExitCodes.OK);
        String dot = out.toString();
        assertThat(dot).contains("task in fib #7", "task in fib #11").doesNotContain("#5\\n", "initial task");
    }

    @Test
    void anUnknownRegionOrTaskOrFormatIsAUsageErrorNamingWhatThereIs() throws Exception {
        Path in = lesson();
        assertThat(run("graph", in.toString(), "--region", "P9", "-o", dir.resolve("x.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no parallel region P9").contains("[P1, P2]");
        assertThat(run("graph", in.toString(), "--task", "999", "-o", dir.resolve("x.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(run("graph", in.toString(), "--format", "gif", "-o", dir.resolve("x.svg").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(dir.resolve("x.svg")).doesNotExist();
    }

    @Test
    void theInputIsNeverTheOutput() throws Exception {
        Path in = lesson();
        byte[] before = Files.readAllBytes(in);
        assertThat(run("graph", in.toString(), "--format", "svg", "-o", in.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(Files.readAllBytes(in)).isEqualTo(before);
    }
}
