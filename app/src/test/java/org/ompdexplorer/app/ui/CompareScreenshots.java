package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.diff.ChangeKind;
import org.ompdexplorer.model.diff.UnionNode;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** The README's pictures of compare mode: a changed task side by side, the summary, and a series' timeline. */
final class CompareScreenshots {
    private CompareScreenshots() {
    }

    static void write(MainViewModel vm, Scene scene, Path out, Path gallery) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("ompd-explorer-compare-screenshots");
        try {
            pictures(vm, scene, out, dir, gallery);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    private static void pictures(MainViewModel vm, Scene scene, Path out, Path dir, Path gallery)
            throws IOException, InterruptedException {
        Snapshot before = TestSnapshots.waitingForALock(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 60, 21)));
        List<Path> series = new ArrayList<>();
        Snapshot s = before;
        for (int i = 1; i <= 4; i++) {
            series.add(TestSnapshots.write(s, dir.resolve(String.format("ompd-explorer-4242-%06d-interval.json", i))));
            s = SnapshotEdits.evolved(s, 0.08, i);
        }
        FxDriver.onFx(() -> vm.compareFiles(List.of(series.get(0), series.get(1))));
        FxDriver.waitFor("the comparison", 30, () -> vm.comparingProperty().get() && !vm.loadingProperty().get());
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("compare-summary.png"));

        UnionNode changed = FxDriver.onFx(() -> vm.compare().diffProperty().get().changedNodes().stream()
                .filter(n -> vm.compare().change(n) == ChangeKind.CHANGED && n.kind() == org.ompdexplorer.model.EntityKind.TASK)
                .findFirst().orElseThrow());
        FxDriver.onFx(() -> {
            vm.compare().changesOnlyProperty().set(true);
            vm.compare().select(changed);
        });
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("compare-mode.png"));

        FxDriver.onFx(() -> vm.compareFiles(List.of(dir)));
        FxDriver.waitFor("the series", 30, () -> vm.comparingProperty().get() && !vm.loadingProperty().get()
                && vm.compare().stepCount() == 3);
        FxDriver.onFx(() -> {
            vm.compare().changesOnlyProperty().set(false);
            vm.compare().select(vm.compare().diffProperty().get().tree().threads().getFirst());
            vm.compare().setStep(1);
        });
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("timeline.png"));
        if (gallery != null) { // compare mode in the dark theme, for a look at the marks' contrast
            java.nio.file.Files.createDirectories(gallery);
            FxDriver.onFx(() -> {
                Theme.apply(scene, true);
                vm.compare().changesOnlyProperty().set(true);
                vm.compare().nextChange();
            });
            FxDriver.pulses(scene, 3);
            ScreenshotsCommand.write(scene, gallery.resolve("compare-dark.png"));
            FxDriver.onFx(() -> {
                vm.compare().selectSummary();
                Theme.apply(scene, false);
            });
        }
        FxDriver.onFx(vm::closeComparison);
    }
}
