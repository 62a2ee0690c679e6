package org.ompdexplorer.app.ui.recording;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * Runs work at the FX thread's next pulse, once: an animation timer started when work is asked for and stopped when
 * it ran. Unlike {@code Platform.runLater}, which may run between two mouse events of one frame, this runs at most
 * once a frame however fast the events come. Off the FX thread (a view model's test without a toolkit) the work runs
 * at once, as {@code SameThreadBackgroundTasks} runs jobs.
 */
final class NextPulse implements Consumer<Runnable> {
    private final List<Runnable> due = new ArrayList<>();
    private AnimationTimer timer; // made on the FX thread at first use: a timer needs the toolkit

    @Override
    public void accept(Runnable work) {
        if (!Platform.isFxApplicationThread()) {
            work.run();
            return;
        }
        if (timer == null) {
            timer = new AnimationTimer() {
                @Override
                public void handle(long now) {
                    stop();
                    List<Runnable> run = new ArrayList<>(due);
                    due.clear();
                    run.forEach(Runnable::run);
                }
            };
        }
        due.add(work);
        timer.start();
    }
}
