package org.ompdexplorer.app.ui;

import java.util.List;
import java.util.function.Consumer;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;

/**
 * The bundled lessons in the window: a lesson's steps are loaded and diffed as a load is, then taught one step at a
 * time, each step's snapshot open and, after the first, compared with the step before in compare mode.
 */
final class Lessons {
    private final LessonViewModel lesson = new LessonViewModel(window());
    private final SnapshotLoading loading;
    private final CompareMode compareMode;
    private final OpenSnapshot open;
    private final Consumer<LoadedSnapshot> show;

    /** @param show shows a snapshot in the window, as {@link MainViewModel#show} does: the lesson ends */
    Lessons(SnapshotLoading loading, CompareMode compareMode, OpenSnapshot open, Consumer<LoadedSnapshot> show) {
        this.loading = loading;
        this.compareMode = compareMode;
        this.open = open;
        this.show = show;
        // compare mode's timeline moves a lesson's steps too
        compareMode.compare().stepProperty().addListener((obs, old, now) -> {
            if (compareMode.comparingProperty().get()) {
                lesson.followComparison(now.intValue());
            }
        });
    }

    /** The lesson being taught (its bar, Previous/Next step) and the Lessons page. */
    LessonViewModel lesson() {
        return lesson;
    }

    /**
     * Opens one of the bundled lessons ({@link BundledResources#lessons()}), as the Lessons page and File → Lessons
     * do: all its steps are loaded and diffed in the background, then its first step is shown with the lesson bar.
     */
    void open(String name) {
        Lesson taught = BundledResources.lesson(name).orElse(null);
        if (taught == null) {
            loading.problem(new Problem("No bundled lesson " + name, "The bundled lessons are "
                    + String.join(", ", BundledResources.lessonNames()) + ": choose one in File → Lessons.",
                    List.of()));
            return;
        }
        loading.run("Opening the lesson " + taught.title(), LessonJobs.of(taught),
                "Could not open the bundled lesson " + name,
                compared -> lesson.start(taught, compared.snapshots(), compared.series()));
    }

    /** Ends the lesson: the snapshot of the step it was at stays open, without the lesson bar. */
    void close() {
        LoadedSnapshot at = lesson.stepSnapshot();
        if (at != null) {
            show.accept(at);
        }
    }

    private LessonViewModel.Window window() {
        return new LessonViewModel.Window() {
            @Override
            public void showLessonSnapshot(LoadedSnapshot step) {
                compareMode.display(step);
            }

            @Override
            public void showLessonComparison(List<LoadedSnapshot> steps, SnapshotSeries series, int step) {
                compareMode.showLessonStep(steps, series, step);
                if (open.snapshotProperty().get() != steps.get(step + 1)) {
                    open.show(steps.get(step + 1)); // behind the comparison, and what stays open when the lesson ends
                }
            }
        };
    }
}
