package org.ompdexplorer.app.ui.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.ompd.LiveProcesses;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.Snapshot;

/** The real child: this JVM's ompd-explorer on the native fixtures, as the window runs it. */
class ChildImportNativeTest {
    private final List<String> progress = Collections.synchronizedList(new ArrayList<>());
    private final JobContext context = new JobContext() {
        @Override
        public void progress(String phase, long done, long total) {
            progress.add(phase + " " + done + "/" + total);
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };

    @Test
    void importCoreInAChildJvmGivesTheTaskTreeWithProgress() throws Exception {
        Path core = NativeFixtures.core("task_tree.gcore.core");
        Path exe = NativeFixtures.program("task_tree");

        LoadResult result = ChildImport.ofCurrentJvm().run("core file task_tree.gcore.core",
                List.of("import-core", core.toString(), "--exe", exe.toString(), "--progress"), context);

        Snapshot s = result.snapshot();
        assertThat(s.capture().source()).isEqualTo(CaptureSource.CORE_FILE);
        assertThat(s.threads()).hasSize(2);
        assertThat(progress).contains("reading threads 1/2", "reading threads 2/2");
    }

    @Test
    void captureInAChildJvmSnapshotsARunningProgramThatRunsOn() throws Exception {
        NativeFixtures.require(Files.isExecutable(Path.of("/usr/bin/gcore")), "gdb's gcore", "apt-get install gdb");
        try (NativeFixtures.HeldProgram program = NativeFixtures.startHeld("nested_parallel")) {
            assertThat(LiveProcesses.system().list(JobContext.NONE)).as("the capture dialog marks it as OpenMP")
                    .anySatisfy(p -> {
                        assertThat(p.pid()).isEqualTo(program.pid());
                        assertThat(p.openmpRuntime()).isEqualTo("libomp.so.5");
                    });

            LoadResult result = ChildImport.ofCurrentJvm().run("process " + program.pid(),
                    List.of("capture", Long.toString(program.pid())), context);

            assertThat(result.snapshot().capture().source()).isEqualTo(CaptureSource.LIVE_PROCESS);
            assertThat(result.snapshot().capture().pid()).isEqualTo(program.pid());
            assertThat(result.snapshot().threads()).hasSize(4);
            assertThat(program.process().isAlive()).isTrue();
        }
    }
}
