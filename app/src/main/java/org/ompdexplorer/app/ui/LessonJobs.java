package org.ompdexplorer.app.ui;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.ompdexplorer.resources.LessonStep;

/** The background job that opens a bundled lesson: each step's snapshot, in order, then their series' diffs. */
final class LessonJobs {
    private LessonJobs() {
    }

    static BackgroundJob<CompareJobs.Compared> of(Lesson lesson) {
        return context -> {
            List<LoadedSnapshot> steps = new ArrayList<>();
            for (LessonStep step : lesson.steps()) {
                context.progress("step " + step.number() + " of " + lesson.steps().size(), step.number() - 1,
                        lesson.steps().size());
                steps.add(step(lesson, step).run(context));
            }
            return CompareJobs.reordered(steps).run(context);
        };
    }

    /**
     * One step, named for the status bar and compare mode ({@code bundled lesson fib-taskwait, step 2}); its label is
     * the lesson bar's, right above, so the status bar keeps room for the counts at 200 %.
     */
    static BackgroundJob<LoadedSnapshot> step(Lesson lesson, LessonStep step) {
        return context -> {
            try (InputStream in = BundledResources.openLessonStep(lesson.name(), step.number())) {
                LoadResult result = new SnapshotLoader().load(in, step.file(), -1, LoadOptions.LENIENT, context);
                return new LoadedSnapshot(result.snapshot(), result.diagnostics(), "bundled lesson " + lesson.name()
                        + ", step " + step.number(), Optional.empty());
            }
        };
    }
}
