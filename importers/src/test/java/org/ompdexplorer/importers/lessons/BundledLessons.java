package org.ompdexplorer.importers.lessons;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;
import org.ompdexplorer.resources.LessonStep;

/**
 * The bundled lessons' steps, for the lesson tests: loaded with no diagnostic at all.
 */
final class BundledLessons {
    private BundledLessons() {
    }

    static LoadResult loadStep(Lesson lesson, int number) throws Exception {
        LessonStep step = lesson.steps().get(number - 1);
        LoadResult result;
        try (InputStream in = BundledResources.openLessonStep(lesson.name(), number)) {
            result = new SnapshotLoader().load(in, step.file(), -1, LoadOptions.LENIENT, ProgressListener.NONE);
        }
        if (!result.diagnostics().isEmpty()) {
            throw new AssertionError(step.file() + ": expected no diagnostic but found:\n  " + String.join("\n  ",
                    result.diagnostics().stream().map(org.ompdexplorer.model.diagnostics.Diagnostic::format).toList()));
        }
        return result;
    }

    /** Every step of the lesson {@code name}, in order. */
    static List<Snapshot> steps(String name) throws Exception {
        Lesson lesson = BundledResources.lesson(name).orElseThrow();
        List<Snapshot> steps = new ArrayList<>();
        for (int i = 1; i <= lesson.steps().size(); i++) {
            steps.add(loadStep(lesson, i).snapshot());
        }
        return steps;
    }
}
