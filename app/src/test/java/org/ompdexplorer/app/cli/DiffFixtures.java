package org.ompdexplorer.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;

/** Snapshots for the diff and timeline tests: generated ones, and a hand-made pair from the bundled lesson. */
final class DiffFixtures {
    /** Small enough that its goldens can be read: 3 threads, 2 levels, 40 explicit tasks. */
    static final Snapshot GENERATED = SyntheticSnapshotGenerator.generate(new GeneratorSpec(3, 2, 40, 7));

    private DiffFixtures() {
    }

    static Path write(Path dir, String name, Snapshot s) {
        Path file = dir.resolve(name);
        try {
            new SnapshotJsonExporter().write(s, file);
        } catch (OutputException e) {
            throw new IllegalStateException(e);
        }
        return file;
    }

    static Snapshot lesson() {
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            return new SnapshotLoader().load(in, "lesson", -1, LoadOptions.STRICT, ProgressListener.NONE).snapshot();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SnapshotLoadException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The lesson with its second thread done with its task and waiting at the region's implicit barrier (wait id
     * 0x2a): the fib chain on the first thread is suspended at its taskwaits.
     */
    static Snapshot blockedBefore() {
        Snapshot s = lesson();
        List<Task> tasks = s.tasks().stream().filter(t -> t.id().value() != 3).toList();
        return with(s, s.capture(), threads(s, t -> t.id().value() != 2 ? t
                : thread(t, ThreadState.ofValue(0x11), Fact.of(0x2aL), Fact.of(new TaskId(4)))), tasks);
    }

    /**
     * A moment later, renumbered by 100: task 11 completed and gone, the first thread runs the queued task 10,
     * which created tasks 12 and 13; the second thread still waits at the barrier, the fib chain is still suspended.
     */
    static Snapshot blockedAfter() {
        Snapshot a = blockedBefore();
        List<Task> tasks = new ArrayList<>();
        for (Task t : a.tasks()) {
            long id = t.id().value();
            if (id == 11) {
                continue;
            }
            tasks.add(id != 10 ? t : task(t, t.id(), t.generatingTask(), Fact.of(new TaskId(9)), Fact.of(new ThreadId(1)),
                    TaskLifecycle.RUNNING, t.agent().creationOrder()));
        }
        Task ten = a.tasks().stream().filter(t -> t.id().value() == 10).findFirst().orElseThrow();
        tasks.add(task(ten, new TaskId(12), Fact.of(ten.id()), Fact.absent(), Fact.absent(), TaskLifecycle.QUEUED, 12));
        tasks.add(task(ten, new TaskId(13), Fact.of(ten.id()), Fact.absent(), Fact.absent(), TaskLifecycle.QUEUED, 13));
        CaptureInfo c = a.capture();
        CaptureInfo later = new CaptureInfo(c.source(), c.program(), c.pid(), c.host(), c.time().plus(Duration.ofSeconds(1)),
                "A moment later", c.description(), c.producer());
        Snapshot b = with(a, later, threads(a, t -> t.id().value() != 1 ? t
                : thread(t, t.state().get(), t.waitId(), Fact.of(new TaskId(10)))), tasks);
        return SnapshotEdits.renumbered(b, 100);
    }

    static Snapshot withCapture(Snapshot s, String program, Long pid, String label) {
        CaptureInfo c = s.capture();
        return with(s, new CaptureInfo(c.source(), program, pid, c.host(), c.time(), label, c.description(),
                c.producer()), s.threads(), s.tasks());
    }

    private static List<OmpThread> threads(Snapshot s, UnaryOperator<OmpThread> edit) {
        return s.threads().stream().map(edit).toList();
    }

    private static OmpThread thread(OmpThread t, ThreadState state, Fact<Long> waitId, Fact<TaskId> current) {
        return new OmpThread(t.id(), t.addressSpace(), t.osIds(), t.kind(), Fact.of(state), waitId, current,
                t.currentRegion(), t.toolData(), t.icvs());
    }

    private static Task task(Task t, TaskId id, Fact<TaskId> generating, Fact<TaskId> scheduling, Fact<ThreadId> thread,
                             TaskLifecycle lifecycle, long creationOrder) {
        AgentFacts a = t.agent();
        return new Task(id, t.kind(), generating, scheduling, t.parallelRegion(), thread, t.threadNum(), t.function(),
                t.creationSite(), t.frames(), t.toolData(), t.icvs(), new AgentFacts(lifecycle, a.flags(), a.priority(),
                a.dependences(), a.dependsOn(), creationOrder));
    }

    private static Snapshot with(Snapshot s, CaptureInfo capture, List<OmpThread> threads, List<Task> tasks) {
        return new Snapshot(capture, s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), threads, s.parallelRegions(), tasks);
    }
}
