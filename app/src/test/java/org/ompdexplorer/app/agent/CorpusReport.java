package org.ompdexplorer.app.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.ompdexplorer.app.agent.CorpusChecks.Finding;

/**
 * The corpus' report: per program its run times, the snapshots taken by label, the tasks seen, and its findings
 * grouped by code, each with a count, an example file and its message. Printed at the end of the test class and
 * written to {@code app/target/corpus/report.txt}.
 */
final class CorpusReport {
    /**
     * One program's line.
     *
     * @param byLabel       snapshots by label (interval, signal, corpus, exit)
     * @param distinctTasks explicit and target tasks seen over all its snapshots (ids are stable within a run)
     * @param maxTasks      the most tasks in one snapshot
     * @param kept          where its snapshots were kept (when it has findings), else {@code null}
     */
    record Row(String program, String commandLine, long plainMillis, long agentMillis, Map<String, Integer> byLabel,
               int distinctTasks, int maxTasks, List<Finding> findings, Path kept) {
        int snapshots() {
            return byLabel.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final List<Row> rows = new ArrayList<>();

    synchronized void add(Row row) {
        rows.add(row);
    }

    /** The findings by code: how many, and the first one as the example. */
    static Map<String, List<Finding>> byCode(List<Finding> findings) {
        return findings.stream().collect(Collectors.groupingBy(Finding::code, TreeMap::new, Collectors.toList()));
    }

    /** A few lines on one program's findings, for its test's failure message. */
    static String summary(Row row) {
        StringBuilder b = new StringBuilder();
        b.append(row.program()).append(" (").append(row.commandLine()).append("): ").append(row.findings().size())
                .append(" finding(s) in ").append(row.snapshots()).append(" snapshot(s)");
        if (row.kept() != null) {
            b.append(", kept in ").append(row.kept());
        }
        byCode(row.findings()).forEach((code, list) -> b.append("\n  ").append(code).append(" ×").append(list.size())
                .append(", e.g. ").append(list.getFirst().file()).append(": ").append(list.getFirst().message()));
        return b.toString();
    }

    synchronized String format() {
        StringBuilder b = new StringBuilder("Real-program corpus: ").append(rows.size()).append(" program(s), ")
                .append(CorpusRun.THREADS).append(" threads, series every ").append(CorpusRun.INTERVAL_MS)
                .append(" ms (at most ").append(CorpusRun.MAX_INTERVAL_SNAPSHOTS).append("), ").append(CorpusRun.SIGNALS)
                .append(" signals, the program's flush, at exit\n");
        b.append(String.format("%-16s %8s %8s %5s %-34s %8s %7s %s%n", "program", "plain", "agent", "snaps",
                "by label", "tasks", "max", "findings"));
        int failing = 0;
        for (Row r : rows) {
            String labels = r.byLabel().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", "));
            String codes = r.findings().isEmpty() ? "none" : byCode(r.findings()).entrySet().stream()
                    .map(e -> e.getKey() + " ×" + e.getValue().size()).collect(Collectors.joining(", "));
            b.append(String.format("%-16s %6d ms %6d ms %5d %-34s %8d %7d %s%n", r.program(), r.plainMillis(),
                    r.agentMillis(), r.snapshots(), labels, r.distinctTasks(), r.maxTasks(), codes));
            if (!r.findings().isEmpty()) {
                failing++;
            }
        }
        b.append(failing).append(" of ").append(rows.size()).append(" program(s) with findings");
        b.append(" (tasks: explicit and target tasks seen over the run; max: the most tasks in one snapshot)\n");
        for (Row r : rows) {
            if (!r.findings().isEmpty()) {
                b.append('\n').append(summary(r)).append('\n');
            }
        }
        return b.toString();
    }

    synchronized void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, format(), StandardCharsets.UTF_8);
    }

    /** Counts labels in the order they first appear. */
    static Map<String, Integer> countLabels(List<String> labels) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        labels.forEach(l -> counts.merge(l, 1, Integer::sum));
        return counts;
    }
}
