package org.ompdexplorer.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The inputs of the task graph's bounds benchmark (bench/graph-bounds.sh, docs/benchmarks.md §15): a generated
 * program of N explicit tasks on 8 threads (70,000 make a 31 MB snapshot) whose every explicit task was scheduled
 * over an earlier task picked at random — work stealing everywhere, as captures of busy programs show, and valid —
 * and the same with each scheduled over the next one, the last over the first: a cycle the validator reports.
 *
 * <p>Usage: {@code GraphInputs DIR [TASKS]} writes {@code DIR/stolen.json} and {@code DIR/cycle.json}.
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
        System.out.printf("%s/stolen.json and %s/cycle.json: %,d tasks%n", dir, dir, n);
    }
}
