package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.SnapshotSeries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "timeline", mixinStandardHelpOptions = true,
        description = {"Follow threads, regions and tasks through a series of snapshots of one program.",
                "The snapshots are a directory's *.json and *.json.gz files sorted by name, numbers by value (the agent numbers "
                        + "its files, so this is capture order; hidden files are skipped, and so is each file that "
                        + "is not a snapshot, with a line saying so), or the files given, in the order given.",
                "Prints the numbered snapshots (file, capture time, label); one line per step (1→2: added, removed, "
                        + "changed, still blocked); then a row per thread, region and task and a column per "
                        + "snapshot: a thread's state, a region's team, a task's lifecycle, · where it is not there; "
                        + "each cell marked + (added), - (removed) or * (changed) by the step into it.",
                "Entities are matched as by 'diff'. --max bounds the rows; --changes-only prints only the rows that "
                        + "change somewhere.",
                "Snapshots of different programs are compared all the same, with a warning.",
                "Control characters from the snapshots are printed escaped, never raw; a name is cut to "
                        + org.ompdexplorer.model.TextCut.NAME + " characters, with its length said."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no step changes anything (as diff(1))", "1:some step adds, removes or changes something, or has something still "
                + "blocked from one moment to the next (the hang signal)",
                "2:a snapshot or the directory could not be read",
                "64:the command line is wrong (fewer than two snapshots, also once the files that are not snapshots are "
                        + "skipped; an empty directory; - twice)"})
final class TimelineCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR|FILE", arity = "1..*",
            description = "a directory of snapshots, or two or more snapshot files in time order (- for standard "
                    + "input, once)")
    List<Path> inputs;

    @Option(names = "--max", paramLabel = "N", defaultValue = "200",
            description = "print at most N rows of the matrix (0 = all; default: ${DEFAULT-VALUE})")
    int max;

    @Option(names = "--changes-only", description = "print only the rows of entities that change somewhere")
    boolean changesOnly;

    @Override
    public Integer call() {
        if (max < 0) {
            throw new ParameterException(spec.commandLine(), "--max takes 0 (all) or a positive number, not " + max);
        }
        PrintWriter err = spec.commandLine().getErr();
        int[] exit = {ExitCodes.OK};
        java.util.Map<Path, Path> listed = new java.util.HashMap<>();
        List<Path> files = SeriesFiles.expand(inputs, err, exit, listed);
        if (files == null) {
            return exit[0];
        }
        List<Snapshot> snapshots = new ArrayList<>();
        List<Path> loaded = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        java.util.Set<Path> skippedIn = new java.util.LinkedHashSet<>();
        int skipped = 0;
        for (Path file : files) {
            LoadResult result = SnapshotInput.load(file, false, err, exit, listed.containsKey(file));
            if (result == null && exit[0] == SnapshotInput.SKIPPED) {
                skipped++;
                skippedIn.add(listed.get(file));
                exit[0] = ExitCodes.OK;
                continue;
            }
            if (result == null) {
                return ExitCodes.UNREADABLE;
            }
            loaded.add(file);
            snapshots.add(result.snapshot());
            names.add(SnapshotInput.name(file));
            DiffCommand.loadErrors(warnings, "snapshot " + snapshots.size(), file, result);
        }
        if (skipped > 0) {
            err.println("ompd-explorer: " + skipped + (skipped == 1 ? " file" : " files")
                    + (skippedIn.size() == 1 ? " in " + SnapshotInput.name(skippedIn.iterator().next()) : "")
                    + (skipped == 1 ? " is not a snapshot and was skipped" : " are not snapshots and were skipped"));
            err.flush();
        }
        if (SeriesFiles.enoughLeft(loaded, skipped, err, exit) == null) {
            return exit[0];
        }
        SnapshotSeries series = SnapshotSeries.of(snapshots);
        new TimelineReport(series, names, warnings, max, changesOnly).print(TerminalText.safe(spec.commandLine().getOut()));
        return TimelineReport.differs(series) ? ExitCodes.DIFFERENT : ExitCodes.OK;
    }
}
