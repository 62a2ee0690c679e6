package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.stage.Stage;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;

/** The JavaFX application: one explorer window, opened on a file or on the bundled lesson. */
public final class ExplorerApp extends Application {
    /** The launcher passes each file to open as {@code --file=PATH}. */
    static final String FILE_PARAMETER = "--file=";
    /**
     * With this system property set to {@code true} the window closes itself once its first snapshot is on screen:
     * the launcher's AOT training run and the cold-launch benchmark (bench/cold-launch.sh) time launch → shown.
     */
    static final String EXIT_WHEN_SHOWN = "ompdexplorer.exitWhenShown";

    private BackgroundTasks tasks;

    @Override
    public void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        // a run that closes itself (AOT training, benchmark) neither reads nor writes the user's preferences
        MainViewModel vm = new MainViewModel(tasks, Boolean.getBoolean(EXIT_WHEN_SHOWN)
                ? ExplorerPreferences.inMemory() : ExplorerPreferences.user());
        show(stage, vm, true);
        if (Boolean.getBoolean(EXIT_WHEN_SHOWN)) { // nor does it outlive a snapshot that fails to open
            vm.problemProperty().addListener((obs, old, now) -> exitAfterNextFrame(stage));
            Thread guard = Thread.ofPlatform().daemon().unstarted(() -> {
                try {
                    Thread.sleep(java.time.Duration.ofMinutes(2));
                } catch (InterruptedException e) {
                    return;
                }
                javafx.application.Platform.exit();
            });
            guard.start();
        }
        // once the first snapshot is shown (not competing with its import), load and compile the layout library
        // while the user reads it, so that the first graph is as quick as the later ones (docs/benchmarks.md §6)
        vm.snapshotProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends LoadedSnapshot> obs, LoadedSnapshot old,
                                LoadedSnapshot now) {
                vm.snapshotProperty().removeListener(this);
                if (Boolean.getBoolean(EXIT_WHEN_SHOWN)) {
                    exitAfterNextFrame(stage);
                    return;
                }
                tasks.execute(org.ompdexplorer.app.ui.task.BackgroundTask.of("Prepare the graph layout", c -> {
                    org.ompdexplorer.app.graph.GraphLayouter.warmUp();
                    return null;
                }));
            }
        });
        vm.openInitial(getParameters().getRaw().stream().filter(a -> a.startsWith(FILE_PARAMETER))
                .map(a -> Path.of(a.substring(FILE_PARAMETER.length()))).toList(), EarlyOpen.take());
    }

    /** Closes the application once a frame with the snapshot has been drawn (a pulse after it was set). */
    private static void exitAfterNextFrame(Stage stage) {
        new javafx.animation.AnimationTimer() {
            private int frames;

            @Override
            public void handle(long now) {
                if (++frames == 2) { // the first pulse lays the tree out, the second has drawn it
                    stop();
                    stage.close();
                    javafx.application.Platform.exit();
                }
            }
        }.start();
    }

    /** Puts the explorer window on {@code stage}; tests and the screenshot command use it too. */
    public static MainView show(Stage stage, MainViewModel vm) {
        return show(stage, vm, false);
    }

    /** @param placed whether the window opens where it was left (the application) or at 1280×800 (tests) */
    private static MainView show(Stage stage, MainViewModel vm, boolean placed) {
        MainView view = new MainView(vm);
        stage.setScene(view.createScene(1280, 800));
        stage.titleProperty().bind(vm.titleProperty());
        stage.setMinWidth(WindowPlacement.MIN_WIDTH);
        stage.setMinHeight(WindowPlacement.MIN_HEIGHT);
        if (placed) {
            WindowPlacement.restore(stage, vm.preferences());
        }
        stage.show();
        view.navigator().tree().requestFocus();
        return view;
    }

    @Override
    public void stop() {
        if (tasks != null) {
            tasks.shutdown();
        }
        ChildImport.stopAll(); // a core import still running must not outlive the window
    }
}
