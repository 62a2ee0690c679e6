package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ompdexplorer.model.TextCut;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Diagnostics printed one a line, folded: at most {@code max} of each code (a million tasks with one dangling link
 * are {@value #DEFAULT_MAX} lines and one count, not a million lines), each message cut to a few hundred
 * characters; then one line per folded code with how many were left out. In the order found.
 */
final class DiagnosticLines {
    /** The most diagnostics of one code printed by default. */
    static final int DEFAULT_MAX = 20;
    /** Characters of one diagnostic's line: a message may quote a 16 MiB string of the input. */
    static final int LINE = 4 * TextCut.VALUE;

    private DiagnosticLines() {
    }

    /** @param max the most of each code to print (0 = all); {@code option} is the option that changes it, or null */
    static void print(PrintWriter out, String indent, List<Diagnostic> diagnostics, int max, String option) {
        int limit = max <= 0 ? Integer.MAX_VALUE : max;
        Map<String, int[]> byCode = new LinkedHashMap<>(); // code → {printed, left out, errors left out}
        for (Diagnostic d : diagnostics) {
            int[] n = byCode.computeIfAbsent(d.code(), c -> new int[3]);
            if (n[0] < limit) {
                n[0]++;
                out.println(indent + TextCut.cut(d.format(), LINE));
            } else {
                n[1]++;
                n[2] += d.isError() ? 1 : 0;
            }
        }
        byCode.forEach((code, n) -> {
            if (n[1] > 0) {
                String what = n[2] == n[1] ? "error" : n[2] == 0 ? "warning" : "diagnostic";
                out.println(indent + "… " + String.format(Locale.ROOT, "%,d", n[1]) + " more " + code + " "
                        + what + (n[1] == 1 ? "" : "s") + " like the above"
                        + (option == null ? "" : " (" + option + " 0 lists all)"));
            }
        });
    }
}
