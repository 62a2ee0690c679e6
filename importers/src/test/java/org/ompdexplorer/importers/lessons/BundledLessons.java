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

/** The bundled lessons' steps, loaded strictly, for the lesson tests. */
final class BundledLessons {
    private BundledLessons() {
    }

    static LoadResult loadStep(Lesson lesson, int number) throws Exception {
        try (InputStream in = BundledResources.openLessonStep(lesson.name(), number)) {
            return new SnapshotLoader().load(in, lesson.steps().get(number - 1).file(), -1, LoadOptions.STRICT,
                    ProgressListener.NONE);
        }
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
