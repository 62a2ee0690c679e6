package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * The findings of one read, in the order they were reported. A warning that would repeat per entity (an unknown
 * field, a duplicate key) is kept once per pattern, and said with how often it occurred.
 */
final class ReadFindings {
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    /** Per pattern of a warning that would repeat per entity, how often it occurred. */
    private final Map<String, Integer> repeatedWarnings = new HashMap<>();
    /** The pattern of each diagnostic that is counted in {@link #repeatedWarnings}, by its index. */
    private final Map<Integer, String> patternOf = new HashMap<>();

    /** Every finding, a counted one with its count when it occurred more than once. */
    List<Diagnostic> all() {
        List<Diagnostic> all = new ArrayList<>(diagnostics.size());
        for (int i = 0; i < diagnostics.size(); i++) {
            Diagnostic d = diagnostics.get(i);
            String pattern = patternOf.get(i);
            Integer more = pattern == null ? null : repeatedWarnings.get(pattern);
            all.add(more != null && more > 1 ? new Diagnostic(d.severity(), d.code(), d.message()
                    + " (" + more + " times; first shown)", d.fix(), d.location()) : d);
        }
        return all;
    }

    /** How many findings were reported so far: cheap, unlike {@link #all()}. */
    int count() {
        return diagnostics.size();
    }

    void add(Diagnostic diagnostic) {
        diagnostics.add(diagnostic);
    }

    /** Counts one more occurrence of {@code pattern}; true on the first, which the caller then reports. */
    boolean firstOf(String pattern) {
        return repeatedWarnings.merge(pattern, 1, Integer::sum) == 1;
    }

    /** Adds the first occurrence of {@code pattern}, to be said with its count. */
    void addCounted(String pattern, Diagnostic d) {
        patternOf.put(diagnostics.size(), pattern);
        diagnostics.add(d);
    }
}
