package org.ompdexplorer.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The inputs of the task graph's bounds benchmark (bench/graph-bounds.sh, docs/benchmarks.md §16): a generated
 * program of N explicit tasks on 8 threads (70,000 make a 31 MB snapshot) whose every explicit task was scheduled
 * over an earlier task picked at random — work stealing everywhere, as captures of busy programs show, and valid —
 * and the same with each scheduled over the next one, the last over the first: a cycle the validator reports.
 *
 * Also, for the pictures' sizes: an unbalanced tree search of 50,000 tasks (80 % created by one of the three tasks
 * made just before them: chains thousands deep) and 99 queued producers and 99 consumers, each depending on its
 * own producer's variable (97 inout→in, 2 out→in) — two aggregates with 99 dependences between them.
 *
 * <p>Usage: {@code GraphInputs DIR [TASKS]} writes {@code DIR/stolen.json}, {@code DIR/cycle.json},
 * {@code DIR/treesearch.json} and {@code DIR/dependences.json}.
 */
public final class GraphInputs {
    private GraphInputs() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createDirectories(Path.of(args[0]));
        int tasks = args.length > 1 ? Integer.parseInt(args[1]) : 70_000;
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1, tasks, 31));
        int n = s.tasks().size();
        int first = 0;
        while (!s.tasks().get(first).kind().equals(TaskKind.EXPLICIT)) {
            first++;
        }
        int start = first;
        SplittableRandom random = new SplittableRandom(31);
        new SnapshotJsonExporter().write(SnapshotEdits.scheduledOver(s, p -> p > start
                ? start + random.nextInt(p - start) : -1), dir.resolve("stolen.json"));
        new SnapshotJsonExporter().write(SnapshotEdits.scheduledOver(s, p -> p + 1 < n ? p + 1 : start),
                dir.resolve("cycle.json"));
        new SnapshotJsonExporter().write(treeSearch(SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1,
                50_000, 1))), dir.resolve("treesearch.json"));
        new SnapshotJsonExporter().write(dependences(), dir.resolve("dependences.json"));
        System.out.printf("%s: stolen.json and cycle.json of %,d tasks, treesearch.json, dependences.json%n", dir, n);
    }

    private static Snapshot treeSearch(Snapshot s) {
        SplittableRandom random = new SplittableRandom(5);
        List<Task> all = s.tasks();
        List<Task> rewired = new ArrayList<>(all.size());
        for (int p = 0; p < all.size(); p++) {
            Task t = all.get(p);
            boolean chain = p > 1 && t.kind().equals(TaskKind.EXPLICIT)
                    && all.get(p - 1).kind().equals(TaskKind.EXPLICIT) && random.nextInt(10) < 8;
            Task parent = chain ? all.get(p - 1 - random.nextInt(Math.min(3, p - 1))) : null;
            rewired.add(parent == null ? t : new Task(t.id(), t.kind(), Fact.of(parent.id()), t.schedulingTask(),
                    t.parallelRegion(), t.thread(), t.threadNum(), t.function(), t.creationSite(), t.frames(),
                    t.toolData(), t.icvs(), t.agent()));
        }
        return SnapshotEdits.mapTasks(s, t -> rewired.get(s.index().taskPosition(t.id().value())));
    }

    private static Snapshot dependences() {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1, 0, 1));
        Task implicit = s.tasks().stream().filter(t -> t.kind().equals(TaskKind.IMPLICIT)).findFirst().orElseThrow();
        List<Task> tasks = new ArrayList<>(s.tasks());
        for (int i = 0; i < 99; i++) {
            tasks.add(queued(1_000_000 + i, implicit, "produce", new Dependence(i < 97 ? DependenceType.INOUT
                    : DependenceType.OUT, 0x601000L + 8L * i), List.of()));
        }
        for (int i = 0; i < 99; i++) {
            tasks.add(queued(1_000_100 + i, implicit, "consume", new Dependence(DependenceType.IN,
                    0x601000L + 8L * i), List.of(new TaskId(1_000_000 + i))));
        }
        return new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), tasks);
    }

    private static Task queued(long id, Task parent, String function, Dependence dependence, List<TaskId> after) {
        Fact<CodeLocation> fn = Fact.of(new CodeLocation(function.equals("produce") ? 0x5000 : 0x5100, function,
                "p.c", 1));
        return new Task(new TaskId(id), TaskKind.EXPLICIT, Fact.of(parent.id()), Fact.absent(),
                parent.parallelRegion(), Fact.absent(), Fact.absent(), fn, fn, Fact.absent(), Fact.absent(), List.of(),
                new AgentFacts(TaskLifecycle.QUEUED, List.of(), 0, List.of(dependence), after, id));
    }
}
