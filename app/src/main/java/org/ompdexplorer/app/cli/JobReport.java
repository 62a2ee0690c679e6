package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import org.ompdexplorer.model.job.JobFindings;
import org.ompdexplorer.model.job.JobProblem;
import org.ompdexplorer.model.job.RankClass;
import org.ompdexplorer.model.job.RankStacks;
import org.ompdexplorer.model.job.SeriesStep;
import org.ompdexplorer.model.job.ThreadSummary;

/**
 * The text report of {@code ompd-explorer job}: the job in a line, the outliers first, the classes largest first,
 * the merged stacks with rank sets, the series, the problems. Bounded: at most {@code max} classes and {@code max}
 * stack nodes, with how many were left out said.
 */
final class JobReport {
    private final JobFindings f;
    private final int max;
    private int nodesLeft;
    private int nodesOmitted;

    JobReport(JobFindings findings, int max) {
        this.f = findings;
        this.max = max <= 0 ? Integer.MAX_VALUE : max;
    }

    void print(PrintWriter out) {
        out.println(headline());
        if (!f.outliers().isEmpty()) {
            out.println();
            out.println(f.classes().size() == 1 ? "No outlier:" : "Outliers:");
            f.outliers().forEach(s -> out.println("  " + s));
        }
        if (!f.classes().isEmpty()) {
            out.println();
            out.println("Classes of the same OpenMP state, largest first:");
            int shown = 0;
            for (RankClass c : f.classes()) {
                if (shown++ == max) {
                    out.println("  … " + (f.classes().size() - max) + " more classes (--max 0 lists all)");
                    break;
                }
                printClass(out, c);
            }
        }
        if (f.stacks().threads() > 0) {
            out.println();
            out.println("Merged stacks (every thread of every rank; outermost frame first):");
            nodesLeft = max;
            for (RankStacks.Node n : f.stacks().children()) {
                printNode(out, n, 1);
            }
            if (nodesOmitted > 0) {
                out.println("  … " + nodesOmitted + " more frames (--max 0 lists all)");
            }
        }
        if (!f.series().isEmpty()) {
            out.println();
            out.println("Series (each rank's snapshots, earliest first):");
            f.series().stream().map(SeriesStep::sentence).forEach(s -> out.println("  " + s));
        }
        if (!f.problems().isEmpty()) {
            out.println();
            out.println("Not merged or merged with a remark (" + f.problems().size() + "):");
            f.problems().stream().map(JobProblem::message).forEach(m -> out.println("  " + m));
        }
        out.flush();
    }

    private String headline() {
        StringBuilder s = new StringBuilder("Job");
        if (f.jobId() != null) {
            s.append(' ').append(f.jobId());
        }
        if (f.program() != null) {
            s.append(" of ").append(f.program());
        }
        s.append(": ").append(f.rankCount()).append(f.rankCount() == 1 ? " rank" : " ranks");
        if (f.rankCount() > 0) {
            s.append(" (").append(f.ranks()).append(')');
        }
        if (f.size() != null) {
            s.append(" of ").append(f.size());
        }
        s.append(", ").append(f.classes().size()).append(f.classes().size() == 1 ? " class" : " classes");
        if (f.moments() > 1) {
            s.append(", ").append(f.moments()).append(" moments");
        }
        return s.toString();
    }

    private static void printClass(PrintWriter out, RankClass c) {
        out.println("  " + c.ranks().named() + " (" + c.size() + "), as rank " + c.representative().rank() + ": "
                + c.representative().file());
        for (ThreadSummary t : c.state().threads()) {
            out.println("    thread T" + t.thread() + "  " + t.phrase()
                    + (t.state() == null ? "" : "  [" + t.state() + "]"));
        }
        out.println("    " + (c.state().tasks().isEmpty() ? "no explicit tasks" : "tasks: " + c.state().taskCounts()));
    }

    private void printNode(PrintWriter out, RankStacks.Node n, int depth) {
        if (nodesLeft-- <= 0) {
            nodesOmitted += count(n);
            return;
        }
        out.println("  ".repeat(depth) + n.key().display() + "  " + n.ranks().named() + ", " + n.threads()
                + (n.threads() == 1 ? " thread" : " threads")
                + (n.ending().isEmpty() ? "" : "; innermost on " + n.ending().named()));
        for (RankStacks.Node c : n.children()) {
            printNode(out, c, depth + 1);
        }
    }

    private static int count(RankStacks.Node n) {
        int c = 1;
        for (RankStacks.Node k : n.children()) {
            c += count(k);
        }
        return c;
    }
}
