package org.ompdexplorer.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.ompdexplorer.app.report.HangReport;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.json.DiffJsonWriter;
import org.ompdexplorer.model.diff.SnapshotDiff;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compare two snapshots of one program, A (before) and B (after).",
                "Threads, regions and tasks are matched by what they are (OS thread id, nesting path, creation "
                        + "order, identity key), never by id or address: a renumbered or reordered snapshot of the "
                        + "same state does not differ.",
                "The report: the counts per kind and how they were matched; the threads and tasks still blocked at "
                        + "the same place (the hang signal); the changed entities in tree order, each field as "
                        + "before → after; task counts per region × task × lifecycle; a last line saying whether "
                        + "A and B differ.",
                "Still blocked means the same wait at the same place with nothing it waits for having moved: a "
                        + "task at the same taskwait, taskgroup or barrier whose children or team did not move, a "
                        + "detached task still detached, a thread with the same wait id, a queued task waiting for "
                        + "the same tasks. Two moments (two capture times) with something still blocked are the hang "
                        + "signal: not 'the same', exit 1.",
                "--max bounds each of the three lists; --changes-only leaves out the kinds and task-count rows that "
                        + "did not change, and the unchanged column.",
                "Snapshots of two different programs or processes are compared all the same, with a warning.",
                "--json writes the same report for machines (its format and schema: docs/diff-format.md).",
                "Control characters from the snapshots are printed escaped, never raw. The same inputs give the "
                        + "same bytes.",
                "The report is bounded by its inputs: a name is cut to " + org.ompdexplorer.model.TextCut.NAME
                        + " characters and a value to " + org.ompdexplorer.model.TextCut.VALUE
                        + ", with its length said; nesting paths deeper than 32 levels are labelled with their depth."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:A and B do not differ (as diff(1))",
                "1:A and B differ, or something is still blocked at two moments (the hang signal)",
                "2:A or B could not be read or is not a snapshot (with --strict: has errors)",
                "64:the command line is wrong (A and B both -, a negative --max, an unknown --report format)"})
final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "the snapshot before, or - for standard input")
    Path fileA;

    @Parameters(index = "1", paramLabel = "B", description = "the snapshot after, or - for standard input (not both)")
    Path fileB;

    @Option(names = "--json", description = "write the report as JSON (format ompd-explorer-diff 1.2)")
    boolean json;

    @Option(names = "--changes-only", description = "leave out what did not change (kinds, task-count rows)")
    boolean changesOnly;

    @Option(names = "--max", paramLabel = "N", defaultValue = "200",
            description = "list at most N still-blocked entries, N changed entities and N task-count rows "
                    + "(0 = all; default: ${DEFAULT-VALUE})")
    int max;

    @Option(names = "--strict", description = "refuse a snapshot with any error")
    boolean strict;

    @Option(names = "--report", paramLabel = "FORMAT",
            description = "write the findings as a report to hand on instead: markdown or html (the verdict, what is "
                    + "still blocked and where, what moved, the task counts that changed; each list bounded by --max)")
    String report;

    @Override
    public Integer call() {
        if (max < 0) {
            throw new ParameterException(spec.commandLine(), "--max takes 0 (all) or a positive number, not " + max);
        }
        HangReport.Format reportFormat = null;
        if (report != null) {
            reportFormat = switch (report.toLowerCase(java.util.Locale.ROOT)) {
                case "markdown", "md" -> HangReport.Format.MARKDOWN;
                case "html" -> HangReport.Format.HTML;
                default -> throw new ParameterException(spec.commandLine(),
                        "--report takes markdown or html, not '" + report + "'");
            };
            if (json) {
                throw new ParameterException(spec.commandLine(), "--report and --json are two different outputs: "
                        + "choose one");
            }
        }
        if (isStandardInput(fileA) && isStandardInput(fileB)) {
            throw new ParameterException(spec.commandLine(), "standard input (-) can be only one of A and B");
        }
        PrintWriter err = spec.commandLine().getErr();
        int[] exit = {ExitCodes.OK};
        LoadResult a = SnapshotInput.load(fileA, strict, err, exit);
        if (a == null) {
            return ExitCodes.UNREADABLE; // 1 would say "different": a snapshot refused by --strict is trouble, 2
        }
        LoadResult b = sameFile(fileA, fileB) ? a : SnapshotInput.load(fileB, strict, err, exit);
        if (b == null) {
            return ExitCodes.UNREADABLE;
        }
        SnapshotDiff diff = SnapshotDiff.of(a.snapshot(), b.snapshot());
        List<String> warnings = new ArrayList<>(diff.warnings());
        loadErrors(warnings, "A", fileA, a);
        if (b != a) {
            loadErrors(warnings, "B", fileB, b);
        }
        if (reportFormat != null) {
            PrintWriter out = TerminalText.safe(spec.commandLine().getOut());
            out.print(new HangReport(diff, SnapshotInput.name(fileA), SnapshotInput.name(fileB), warnings, max)
                    .write(reportFormat)); // escaped for its format; control characters never raw
            out.flush();
        } else if (json) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            new DiffJsonWriter(max, changesOnly).write(diff, fileA.toString(), fileB.toString(), warnings, bytes);
            PrintWriter out = spec.commandLine().getOut();
            out.print(bytes.toString(StandardCharsets.UTF_8)); // already escaped for a terminal, as valid JSON
            out.flush();
        } else {
            PrintWriter out = TerminalText.safe(spec.commandLine().getOut());
            new DiffReport(diff, SnapshotInput.name(fileA), SnapshotInput.name(fileB), warnings, max, changesOnly)
                    .print(out);
        }
        return diff.hasDifferences() || diff.hangs() ? ExitCodes.DIFFERENT : ExitCodes.OK;
    }

    /** A snapshot loaded leniently despite errors: its broken links may show up as changes. */
    static void loadErrors(List<String> warnings, String side, Path file, LoadResult result) {
        long errors = SnapshotInput.errors(result);
        if (errors > 0) {
            warnings.add(side + " (" + SnapshotInput.name(file) + ") has " + errors + " error" + (errors == 1 ? "" : "s")
                    + ", so some differences may come from them — ompd-explorer validate " + file + " lists them");
        }
    }

    static boolean isStandardInput(Path file) {
        return file.toString().equals("-");
    }

    /** The same file twice is read once: it may be a pipe that can be read only once, and there is no difference. */
    private static boolean sameFile(Path a, Path b) {
        if (isStandardInput(a) || isStandardInput(b)) {
            return false;
        }
        try {
            return a.equals(b) || Files.isSameFile(a, b);
        } catch (IOException e) {
            return false; // B cannot be read: loading it says why
        }
    }
}
