package org.ompdexplorer.app.ui.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.importers.recording.RecordingReader;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;

/**
 * Issue 28 item 4: {@code ompd-explorer record -o FILE -- PROGRAM ARGS…} as a user runs it (the CLI in a JVM of its
 * own): the program's output and exit status pass through unchanged, the recording holds its whole run, and this
 * command's own lines go to standard error only.
 */
class RecordRunTest {
    @TempDir
    Path dir;

    private record Run(int exit, String stdout, String stderr) {
    }

    private Run record(String... args) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        List<String> command = new ArrayList<>(ChildLauncher.currentJvm().command(work));
        command.add("record");
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), Files.readString(work.resolve("out.txt")), Files.readString(work.resolve("err.txt")));
    }

    @Test
    void aProgramRunsAsItWouldAndItsWholeRunIsRecorded() throws Exception {
        Path source = Files.writeString(dir.resolve("tasks.c"), """
                #include <omp.h>
                #include <stdio.h>
                #include <stdlib.h>
                int main(int argc, char **argv) {
                    int n = atoi(argv[1]), done = 0;
                    #pragma omp parallel num_threads(2)
                    #pragma omp single
                    for (int i = 0; i < n; i++) {
                        #pragma omp task shared(done)
                        {
                            #pragma omp atomic
                            done++;
                        }
                    }
                    printf("ran %d tasks of %s\\n", done, argv[2]);
                    return 3;
                }
                """);
        Path exe = AgentCaptures.compile(source, dir.resolve("tasks"));
        Path out = dir.resolve("run.ndjson");
        Run run = record("-o", out.toString(), "--agent", AgentCaptures.agent().toString(), "--", exe.toString(), "40",
                "a quoted argument");
        assertThat(run.exit()).as(run.stderr()).isEqualTo(3);
        assertThat(run.stdout()).isEqualTo("ran 40 tasks of a quoted argument\n");
        assertThat(run.stderr()).startsWith("ompd-explorer: recorded ").contains(out.toString());
        RecordingLoadResult read = new RecordingReader().read(out);
        assertThat(read.diagnostics()).isEmpty();
        Recording r = read.recording();
        int created = 0;
        for (int i = 0; i < r.size(); i++) {
            created += r.kind(i) == EventKind.TASK_CREATE ? 1 : 0;
        }
        assertThat(created).as("every task the program created").isEqualTo(40);
        try (var left = Files.list(dir.resolve("work"))) {
            assertThat(left.map(p -> p.getFileName().toString())).as("nothing left beside the run")
                    .containsExactlyInAnyOrder("out.txt", "err.txt");
        }

        Run none = record("--agent", dir.resolve("no-agent.so").toString(), "--", exe.toString(), "1", "x");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.stdout()).isEmpty();
        assertThat(none.stderr()).contains("no capture agent found").contains("--agent LIB");
    }
}
