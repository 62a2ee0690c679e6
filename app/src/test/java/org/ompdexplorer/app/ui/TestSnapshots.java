package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/** Snapshots for UI tests: the bundled lesson, and generated ones with a node of very many children. */
public final class TestSnapshots {
    /** The implicit task of thread number 0 in a generated snapshot: the producer of a wide snapshot. */
    public static final TaskId PRODUCER = new TaskId(1);

    private TestSnapshots() {
    }

    public static LoadedSnapshot lesson() {
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            LoadResult r = new SnapshotLoader().load(in, "fib-taskwait.json", -1, LoadOptions.LENIENT,
                    ProgressListener.NONE);
            return new LoadedSnapshot(r.snapshot(), r.diagnostics(), "bundled lesson fib-taskwait", Optional.empty());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SnapshotLoadException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A generated snapshot of {@code tasks} explicit tasks where the first {@code wide} of them were all created
     * by one producer (the implicit task of thread 0, as with {@code single} and a loop of {@code task}s).
     */
    public static Snapshot wide(int threads, int tasks, int wide) {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(threads, 1, tasks, 42));
        Fact<TaskId> producer = Fact.of(PRODUCER);
        List<Task> rewired = new ArrayList<>(s.tasks().size());
        int moved = 0;
        for (Task t : s.tasks()) {
            if (moved < wide && t.kind().equals(TaskKind.EXPLICIT)) {
                moved++;
                rewired.add(new Task(t.id(), t.kind(), producer, t.schedulingTask(), t.parallelRegion(), t.thread(),
                        t.threadNum(), t.function(), t.creationSite(), t.frames(), t.toolData(), t.icvs(), t.agent()));
            } else {
                rewired.add(t);
            }
        }
        return new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), rewired);
    }

    public static Path write(Snapshot snapshot, Path file) {
        try {
            new SnapshotJsonExporter(true).write(snapshot, file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path malformed(Path dir) {
        try {
            return Files.writeString(dir.resolve("broken.json"),
                    "{\n  \"format\": \"ompd-explorer-snapshot\",\n  \"version\": \"1.0\",\n  \"threads\": [ {\"id\": 0,, }\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
