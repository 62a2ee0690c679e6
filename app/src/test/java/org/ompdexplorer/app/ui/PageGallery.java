package org.ompdexplorer.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.Scene;
import javafx.stage.Window;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Snapshot;

/**
 * Every page of the window — the snapshot's pages and one of each kind of entity — in both themes at 1280×800 and
 * 1920×1080, for a person to look through before UI work is called done. Written beside the build
 * ({@code app/target/gallery/}), not committed: {@code mvn -B -pl app -Pscreenshots verify -DskipTests}.
 */
final class PageGallery {
    private static final int[][] SIZES = {{1280, 800}, {1920, 1080}};

    private PageGallery() {
    }

    static void write(MainViewModel vm, Scene scene, Path out) throws Exception {
        Files.createDirectories(out);
        Snapshot s = vm.snapshotProperty().get().snapshot();
        List<Target> pages = new ArrayList<>();
        for (SnapshotPage p : SnapshotPage.values()) {
            pages.add(Target.of(p));
        }
        pages.add(Target.of(s.addressSpaces().getFirst().id()));
        pages.add(Target.of(s.threads().getFirst().id()));
        pages.add(Target.of(s.parallelRegions().getLast().id()));
        pages.add(Target.of(TestSnapshots.linkedExplicitTask(s).id()));
        Window window = FxDriver.onFx(scene::getWindow);
        // JavaFX's headless screen is 1000x1000: a larger window cannot be copied to it, which the FX thread reports
        // as an exception on every pulse. scene.snapshot() renders the scene itself and is unaffected.
        FxDriver.onFx(() -> {
            Thread fx = Thread.currentThread();
            Thread.UncaughtExceptionHandler previous = fx.getUncaughtExceptionHandler();
            fx.setUncaughtExceptionHandler((t, e) -> {
                boolean blit = e instanceof IndexOutOfBoundsException && java.util.Arrays.stream(e.getStackTrace())
                        .anyMatch(f -> f.getClassName().endsWith("HeadlessWindow"));
                if (!blit) {
                    previous.uncaughtException(t, e);
                }
            });
        });
        for (int[] size : SIZES) {
            FxDriver.onFx(() -> {
                window.setWidth(size[0]);
                window.setHeight(size[1]);
            });
            for (boolean dark : new boolean[] {false, true}) {
                FxDriver.onFx(() -> Theme.apply(scene, dark));
                for (Target page : pages) {
                    ScreenshotsCommand.show(vm, scene, page);
                    String name = String.format(Locale.ROOT, "%dx%d-%s-%s.png", size[0], size[1],
                            dark ? "dark" : "light", page.key().replace(':', '-').toLowerCase(Locale.ROOT));
                    ScreenshotsCommand.write(scene, out.resolve(name));
                }
            }
        }
        FxDriver.onFx(() -> {
            Theme.apply(scene, false);
            window.setWidth(1280);
            window.setHeight(800);
        });
    }
}
