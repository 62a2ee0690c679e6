package org.ompdexplorer.app.ui.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.ExplorerPreferences;
import org.ompdexplorer.app.ui.MainViewModel;
import org.ompdexplorer.app.ui.Problem;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.importers.LoadResult;

/**
 * Fault injection: the child import JVM (a real one, writing a real snapshot through the output helper) killed
 * with SIGKILL at random points — while starting, while building the snapshot, in the middle of writing it. Each
 * time the window keeps the snapshot it had, shows one problem, and nothing of the child is left on disk.
 */
class ChildKilledFaultTest {
    private static final int ROUNDS = 8;

    @Test
    void theWindowKeepsItsSnapshotAndNoTempIsLeftWhereverTheChildIsKilled() throws Exception {
        long seed = Long.getLong("fault.seed", System.nanoTime());
        Random random = new Random(seed);
        List<Path> workDirs = new CopyOnWriteArrayList<>();
        ChildLauncher real = ChildLauncher.currentJvm();
        ChildImport child = new ChildImport(work -> {
            workDirs.add(work);
            return real.command(work);
        }, Duration.ofMinutes(2));
        MainViewModel vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory(), child);
        vm.openBundledLesson();
        LoadedSnapshot before = vm.snapshotProperty().get();
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
        try {
            for (int round = 0; round < ROUNDS; round++) {
                long delay = random.nextLong(2_500);
                String what = "seed " + seed + ", round " + round + ", killed after " + delay + " ms";
                killer.schedule(ChildKilledFaultTest::killChildren, delay, TimeUnit.MILLISECONDS);
                vm.load("a generated snapshot", "Could not import", context -> {
                    LoadResult r = child.run("a generated snapshot", List.of("generate", "--tasks", "300000"), context);
                    return new LoadedSnapshot(r.snapshot(), r.diagnostics(), "generated", Optional.empty());
                });
                killChildren();
                Problem problem = vm.problemProperty().get();
                if (problem != null) {
                    assertThat(vm.snapshotProperty().get()).as(what).isSameAs(before);
                    assertThat(problem.message()).as(what).contains("the window is unaffected");
                    vm.dismissProblem();
                } else { // the child finished first: the new snapshot is shown, complete
                    assertThat(vm.snapshotProperty().get().snapshot().tasks()).as(what).hasSizeGreaterThan(300_000);
                    vm.show(before);
                }
                assertThat(workDirs).as(what).isNotEmpty().allSatisfy(work -> assertThat(work).doesNotExist());
            }
        } finally {
            killer.shutdownNow();
            killChildren();
        }
    }

    /** SIGKILL, as the OOM killer or a user's kill -9 would: no shutdown hook runs in the child. */
    private static void killChildren() {
        ProcessHandle.current().children().forEach(ProcessHandle::destroyForcibly);
    }
}
