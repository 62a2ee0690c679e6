package org.ompdexplorer.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.job.JobJsonWriter;
import org.ompdexplorer.importers.job.JobReader;
import org.ompdexplorer.importers.job.JobSummaryWriter;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.model.job.JobFindings;
import org.ompdexplorer.model.job.JobSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "job", mixinStandardHelpOptions = true,
        description = {"Merge the snapshots of every rank of a parallel (MPI) job and say which ranks differ, and where.",
                "Give the directory the ranks wrote into, or the files; each snapshot is read in parallel, folded into a "
                        + "small summary of its rank and dropped, so memory stays bounded however many ranks there are.",
                "The report: the outliers first, one sentence each (rank 17: thread 3 at a barrier in solve(); the "
                        + "other 255 ranks: every thread at a taskwait); the ranks in classes of the same OpenMP state "
                        + "(each thread's state, wait and innermost frame of the program; the task counts by status), "
                        + "largest first, with compressed rank lists (0-16,18-255); every thread's call stack of "
                        + "every rank merged into one tree with the ranks through each frame; with several "
                        + "snapshots of each rank, which ranks moved between them and which did not.",
                "Files that are not snapshots, snapshots of another program or job or without a rank, and "
                        + "unreadable or truncated files are said in one line each; the rest is merged.",
                "--summarize writes a partial summary instead (run it on each node over its own ranks' files); job "
                        + "merges partial summaries as it merges snapshots, in any grouping, with the same result.",
                "--json writes the report for machines (its format and schema: docs/job-format.md)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the report or summary was written",
                "2:no rank snapshot could be read, or OUT could not be written",
                "64:the command line is wrong (-o without --summarize, --json with --summarize)"})
final class JobCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR|FILE", arity = "1..*",
            description = "a directory of rank snapshots, snapshot files, or partial summaries (--summarize)")
    List<Path> inputs;

    @Option(names = "--json", description = "write the report as JSON (format ompd-explorer-job 1.0)")
    boolean json;

    @Option(names = "--summarize", description = "write a partial summary (format ompd-explorer-job-summary 1.0) "
            + "to merge later with job")
    boolean summarize;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "with --summarize: the summary's file (default: standard output)")
    Path output;

    @Option(names = "--max", paramLabel = "N", defaultValue = "200",
            description = "list at most N classes and N nodes of the merged stacks (0 = all; default: ${DEFAULT-VALUE})")
    int max;

    @Override
    public Integer call() {
        if (output != null && !summarize) {
            throw new ParameterException(spec.commandLine(), "-o names the file of --summarize; the report goes to "
                    + "standard output (redirect it to keep it)");
        }
        if (json && summarize) {
            throw new ParameterException(spec.commandLine(), "--json and --summarize are two different outputs: "
                    + "choose one");
        }
        if (max < 0) {
            throw new ParameterException(spec.commandLine(), "--max takes 0 (all) or a positive number, not " + max);
        }
        PrintWriter err = spec.commandLine().getErr();
        // a directory's files are inputs too: the summary must not replace one of them
        List<Path> files = JobReader.files(inputs, new java.util.ArrayList<>());
        files.addAll(inputs);
        if (summarize) {
            int checked = SnapshotOutput.check(output, files, err);
            if (checked != ExitCodes.OK) {
                return checked;
            }
        }
        JobSummary summary;
        try {
            summary = new JobReader().read(inputs, ProgressListener.NONE);
        } catch (LoadCancelledException e) {
            err.println("ompd-explorer: " + e.getMessage());
            err.flush();
            return ExitCodes.UNREADABLE;
        }
        if (summarize) {
            return writeSummary(summary, files, err);
        }
        JobFindings findings = JobFindings.of(summary);
        if (json) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            new JobJsonWriter().write(findings, bytes);
            PrintWriter out = spec.commandLine().getOut();
            out.print(bytes.toString(StandardCharsets.UTF_8)); // already escaped for a terminal, as valid JSON
            out.println();
            out.flush();
        } else {
            PrintWriter out = TerminalText.safe(spec.commandLine().getOut());
            new JobReport(findings, max).print(out);
            out.flush();
        }
        return findings.rankCount() == 0 ? ExitCodes.UNREADABLE : ExitCodes.OK;
    }

    private int writeSummary(JobSummary summary, List<Path> files, PrintWriter err) {
        try {
            if (SnapshotOutput.isStandardOutput(output)) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                new JobSummaryWriter().write(summary, bytes);
                PrintWriter out = spec.commandLine().getOut();
                out.print(bytes.toString(StandardCharsets.UTF_8));
                out.println();
                out.flush();
            } else {
                new JobSummaryWriter().write(summary, output, files);
            }
        } catch (OutputException e) {
            return SnapshotOutput.failed(e, err);
        }
        err.println("ompd-explorer: summarized " + summary.ranks().size() + " rank snapshot"
                + (summary.ranks().size() == 1 ? "" : "s") + (summary.problems().isEmpty() ? ""
                : " (" + summary.problems().size() + " input" + (summary.problems().size() == 1 ? "" : "s")
                + " not merged: job says why)"));
        err.flush();
        return summary.ranks().isEmpty() && !summary.problems().isEmpty() ? ExitCodes.UNREADABLE : ExitCodes.OK;
    }
}
