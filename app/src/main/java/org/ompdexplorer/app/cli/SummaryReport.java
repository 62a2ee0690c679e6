package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.StringJoiner;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.TextCut;
import org.ompdexplorer.model.callstack.ThreadPlace;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * The text summary of a snapshot: counts, devices and target regions (format 1.1), threads, region nesting, the task-creation tree with scheduling links
 * marked, ICVs per scope and diagnostics. Deterministic, so two summaries diff line by line. Threads are
 * {@code T<id>}, regions {@code P<id>}, tasks {@code #<id>}.
 */
public final class SummaryReport {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final List<Diagnostic> diagnostics;
    /** Tree levels drawn with lines; deeper ones are labelled with their depth, so output stays linear in the input. */
    static final int DRAWN_DEPTH = 32;
    /** Tasks of a thread's scheduling chain printed on its line. */
    static final int MAX_CHAIN = 32;
    private static final String[] INDENTS = new String[DRAWN_DEPTH + 1];

    static {
        for (int i = 0; i <= DRAWN_DEPTH; i++) {
            INDENTS[i] = "  ".repeat(i);
        }
    }

    private final int maxTasks;
    private final int maxRegions;
    private final int maxDiagnostics;
    private final Labels labels;

    /**
     * @param maxTasks   the most task lines (and task ICV lines) to print (0 for all)
     * @param maxRegions the most parallel-region entries (and region ICV lines) to print (0 for all)
     */
    public SummaryReport(Snapshot snapshot, List<Diagnostic> diagnostics, int maxTasks, int maxRegions) {
        this(snapshot, diagnostics, maxTasks, maxRegions, DiagnosticLines.DEFAULT_MAX);
    }

    /** @param maxDiagnostics the most diagnostics of one code to list (0 for all) */
    public SummaryReport(Snapshot snapshot, List<Diagnostic> diagnostics, int maxTasks, int maxRegions,
                         int maxDiagnostics) {
        this.maxDiagnostics = maxDiagnostics;
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.diagnostics = diagnostics;
        this.maxTasks = maxTasks <= 0 ? Integer.MAX_VALUE : maxTasks;
        this.maxRegions = maxRegions <= 0 ? Integer.MAX_VALUE : maxRegions;
        this.labels = new Labels(snapshot);
    }

    public void print(PrintWriter out) {
        header(out);
        new DevicesSection(snapshot, labels, maxRegions).print(out);
        threads(out);
        regions(out);
        tasks(out);
        icvs(out);
        diagnosticsSection(out);
        out.flush();
    }

    private void header(PrintWriter out) {
        CaptureInfo c = snapshot.capture();
        out.println("Snapshot   " + c.title().orElse("(untitled)") + " [" + c.source() + "]");
        StringJoiner where = new StringJoiner("  ");
        if (c.program() != null) {
            where.add("program " + c.program());
        }
        if (c.pid() != null) {
            where.add("pid " + c.pid());
        }
        if (c.host() != null) {
            where.add("host " + c.host());
        }
        if (c.time() != null) {
            where.add("time " + c.time());
        }
        if (where.length() > 0) {
            out.println("Captured   " + where);
        }
        RuntimeInfo r = snapshot.runtime();
        out.println("Runtime    OpenMP " + Labels.fact(r.ompVersion()) + quoted(r.ompVersionString())
                + "; OMPD API " + Labels.fact(r.ompdApiVersion()) + quoted(r.ompdVersionString()));
        long devices = snapshot.addressSpaces().stream().filter(AddressSpace::isDevice).count();
        out.println("Counts     " + plural(snapshot.addressSpaces().size() - devices, "address space") + ", "
                + plural(devices, "device") + ", " + plural(snapshot.threads().size(), "thread") + ", "
                + plural(snapshot.parallelRegions().size(), "parallel region") + ", "
                + plural(snapshot.tasks().size(), "task") + taskKinds() + ", "
                + plural(snapshot.icvCatalogue().size(), "ICV") + ", " + plural(snapshot.states().size(), "state")
                + ", " + plural(snapshot.displayControlVars().size(), "display control variable")
                + (snapshot.targetRegions().isEmpty() ? "" : ", " + plural(snapshot.targetRegions().size(),
                "target region")));
        out.println();
    }

    private String taskKinds() {
        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
        for (Task t : snapshot.tasks()) {
            kinds.merge(t.kind().name(), 1, Integer::sum);
        }
        StringJoiner j = new StringJoiner(", ", " (", ")");
        j.setEmptyValue("");
        kinds.forEach((k, n) -> j.add(n + " " + k));
        return j.toString();
    }

    private static String quoted(Fact<String> f) {
        return switch (f) {
            case Fact.Known<String> k -> " \"" + k.value() + "\"";
            case Fact.Unavailable<String> u -> ""; // the version before it already says why
            case Fact.Absent<String> a -> "";
        };
    }

    private static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private void threads(PrintWriter out) {
        out.println("Threads");
        if (snapshot.threads().isEmpty()) {
            out.println("  (none)");
        }
        for (OmpThread t : snapshot.threads()) {
            StringBuilder b = new StringBuilder("  ").append(labels.thread(t.id()));
            t.osIds().forEach(id -> b.append("  ").append(id));
            b.append("  ").append(Labels.fact(t.kind()));
            b.append("  ").append(Labels.fact(t.state()));
            if (t.waitId().isKnown()) {
                b.append("  wait ").append(Address.hex(t.waitId().get()));
            }
            b.append("  current ").append(labels.taskLink(t.currentTask()));
            b.append("  in ").append(labels.regionLink(t.currentRegion()));
            ThreadPlace.of(t, snapshot).ifPresent(place -> b.append("  ").append(TextCut.value(place)));
            List<Task> chain = index.schedulingChain(t.id());
            if (chain.size() > 1) {
                StringJoiner j = new StringJoiner(" → ", "  task stack ", "");
                chain.stream().limit(MAX_CHAIN).forEach(task -> j.add(org.ompdexplorer.model.Names.task(task.id())));
                if (chain.size() > MAX_CHAIN) {
                    j.add("… " + (chain.size() - MAX_CHAIN) + " more");
                }
                b.append(j);
            }
            out.println(b);
        }
        out.println();
    }

    private void regions(PrintWriter out) {
        out.println("Parallel regions (nested by enclosing region)");
        if (snapshot.parallelRegions().isEmpty()) {
            out.println("  (none)");
        }
        Deque<Object[]> stack = new ArrayDeque<>();
        List<ParallelRegion> outer = index.outermostRegions();
        for (int i = outer.size() - 1; i >= 0; i--) {
            stack.push(new Object[]{outer.get(i), 1});
        }
        int printed = 0;
        while (!stack.isEmpty() && printed < maxRegions) {
            Object[] top = stack.pop();
            ParallelRegion r = (ParallelRegion) top[0];
            int depth = (Integer) top[1];
            String indent = INDENTS[Math.min(depth, DRAWN_DEPTH)] + (depth > DRAWN_DEPTH ? "[nested " + depth + " deep] " : "");
            out.println(indent + labels.region(r.id()) + "  level " + Labels.fact(r.level()) + " (active "
                    + Labels.fact(r.activeLevel()) + ")  team of " + Labels.fact(r.teamSize())
                    + "  encountered by " + labels.taskLink(r.encounteringTask()));
            printed++;
            for (TeamMember m : r.members()) {
                out.println(indent + "  thread num " + m.threadNum() + ": " + labels.threadLink(m.thread())
                        + ", implicit task " + labels.taskLink(m.implicitTask()));
            }
            List<ParallelRegion> nested = index.nestedIn(r.id());
            for (int i = nested.size() - 1; i >= 0; i--) {
                stack.push(new Object[]{nested.get(i), depth + 1});
            }
        }
        if (printed < snapshot.parallelRegions().size()) {
            out.println("  … " + (snapshot.parallelRegions().size() - printed)
                    + " more parallel regions (--max-regions 0 prints all)");
        }
        out.println();
    }

    private void tasks(PrintWriter out) {
        out.println("Tasks (the task-creation tree by generating link; \"sched\" names the scheduling task,");
        out.println("       \"≠ gen\" where it differs from the generating task)");
        if (snapshot.tasks().isEmpty()) {
            out.println("  (none)");
        }
        int printed = 0;
        // {task, prefix for its line, prefix for its children, depth}; prefixes stop growing at DRAWN_DEPTH so
        // that a deep tree prints in linear time and space
        Deque<Object[]> stack = new ArrayDeque<>();
        List<Task> roots = index.rootTasks();
        for (int i = roots.size() - 1; i >= 0; i--) {
            stack.push(new Object[]{roots.get(i), "", "", 0});
        }
        java.util.Set<Long> seen = new java.util.HashSet<>();
        while (!stack.isEmpty() && printed < maxTasks) {
            Object[] top = stack.pop();
            Task t = (Task) top[0];
            if (!seen.add(t.id().value())) {
                continue;
            }
            int depth = (Integer) top[3];
            out.println("  " + top[1] + (depth > DRAWN_DEPTH ? "[depth " + depth + "] " : "") + labels.taskLine(t));
            printed++;
            String below = (String) top[2];
            List<Task> children = index.generatedBy(t.id());
            boolean drawn = depth < DRAWN_DEPTH;
            for (int i = children.size() - 1; i >= 0; i--) {
                boolean last = i == children.size() - 1;
                String line = drawn ? below + (last ? "└─ " : "├─ ") : below + "┆  ";
                String next = drawn ? below + (last ? "   " : "│  ") : below;
                stack.push(new Object[]{children.get(i), line, next, depth + 1});
            }
        }
        if (printed < snapshot.tasks().size()) {
            out.println("  … " + (snapshot.tasks().size() - printed) + " more tasks (--max-tasks 0 prints all)");
        }
        out.println();
    }

    private void icvs(PrintWriter out) {
        out.println("ICVs (per scope)");
        boolean any = false;
        for (AddressSpace a : snapshot.addressSpaces()) {
            any |= icvLine(out, (a.isDevice() ? "device " : "address space ") + a.id(), a.icvs());
        }
        for (OmpThread t : snapshot.threads()) {
            any |= icvLine(out, "thread " + labels.thread(t.id()), t.icvs());
        }
        int regionsPrinted = 0;
        for (ParallelRegion r : snapshot.parallelRegions()) {
            if (!r.icvs().isEmpty() && regionsPrinted++ < maxRegions) {
                any |= icvLine(out, org.ompdexplorer.model.Names.ref(org.ompdexplorer.model.EntityRef.of(r.id())), r.icvs());
            }
        }
        int printed = 0;
        for (Task t : snapshot.tasks()) {
            if (!t.icvs().isEmpty() && printed++ < maxTasks) {
                any |= icvLine(out, org.ompdexplorer.model.Names.ref(org.ompdexplorer.model.EntityRef.of(t.id())), t.icvs());
            }
        }
        if (!any) {
            out.println("  (none)");
        }
        out.println();
    }

    private boolean icvLine(PrintWriter out, String scope, List<IcvValue> values) {
        if (values.isEmpty()) {
            return false;
        }
        StringJoiner j = new StringJoiner("  ", "  " + scope + ": ", "");
        for (IcvValue v : values) {
            String name = index.icv(v.icv()).map(d -> TextCut.name(d.name())).orElse("icv#" + v.icv());
            j.add(name + "=" + TextCut.value(v.display()));
        }
        out.println(j);
        return true;
    }

    private void diagnosticsSection(PrintWriter out) {
        long errors = diagnostics.stream().filter(Diagnostic::isError).count();
        out.println("Diagnostics: " + plural(errors, "error") + ", " + plural(diagnostics.size() - errors, "warning"));
        DiagnosticLines.print(out, "  ", diagnostics, maxDiagnostics, "--max-diagnostics");
    }
}
