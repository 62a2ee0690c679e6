package org.ompdexplorer.importers.testfixtures;

import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * The validator's findings on snapshots the capture agent writes today, by the capture's label, that are the agent's
 * bugs and not the validator's: a completed task still names the thread it ran on ({@code completed-on-thread}),
 * and a worker waiting at the implicit barrier of a region that has ended still has that region's completed
 * implicit task as its current task ({@code current-task-not-running}). The bundled lessons are real captures, so
 * they carry them, and so does every fresh run of the lesson programs.
 *
 * <p>Pinned, not ignored: a lesson or capture with any other error, or without one listed here, fails. Once the agent
 * is fixed and the lessons made again ({@code scripts/make-lessons.sh}, which refuses a step with an error), the
 * entries go, and with them this class.
 */
public final class KnownAgentFindings {
    private static final Map<String, List<String>> BY_LABEL = Map.of(
            "Back in the outer region", List.of( // nested-parallel, step 3
                    "completed-on-thread task 5.thread",
                    "completed-on-thread task 7.thread"),
            "The producer finished: its successors are ready", List.of( // task-dependences, step 3
                    "completed-on-thread task 3.thread"),
            "Two nowait target tasks run", List.of( // target-offload, step 3
                    "current-task-not-running thread 2.currentTask",
                    "completed-on-thread task 3.thread"),
            "After target exit data", List.of( // target-offload, step 4
                    "current-task-not-running thread 2.currentTask",
                    "completed-on-thread task 3.thread"));

    private KnownAgentFindings() {
    }

    /** The known findings of the capture labelled {@code label}, as {@code code entity.field}, in order. */
    public static List<String> of(String label) {
        return BY_LABEL.getOrDefault(label, List.of());
    }

    /** Every label with known findings. */
    public static List<String> labels() {
        return List.copyOf(BY_LABEL.keySet());
    }

    /**
     * Whether a finding is of a kind the agent's bugs make: a completed task that names a thread, or a thread whose
     * current task is completed. For captures taken at moments no run repeats (signals while teams come and go),
     * where the findings cannot be pinned one by one.
     */
    public static boolean isKnownKind(Diagnostic d) {
        return d.code().equals("completed-on-thread")
                || (d.code().equals("current-task-not-running") && d.message().contains(", which is completed"));
    }

    /** Each finding as {@code code entity.field}. */
    public static List<String> where(List<Diagnostic> found) {
        return found.stream().map(d -> d.code() + " " + d.location().entity() + "." + d.location().field()).toList();
    }

    /**
     * Fails unless the diagnostics of the capture labelled {@code label} ({@code what}, for the message) are exactly
     * its known findings: no other error or warning, and none of them missing.
     */
    public static void assertOnlyKnown(String what, String label, List<Diagnostic> found) {
        List<String> expected = of(label);
        List<String> actual = where(found);
        if (!actual.equals(expected)) {
            throw new AssertionError(what + " (\"" + label + "\"): expected " + (expected.isEmpty() ? "no diagnostic"
                    : "only the agent's known findings " + expected) + " but found:\n  "
                    + String.join("\n  ", found.stream().map(Diagnostic::format).toList())
                    + (actual.containsAll(expected) ? "" : "\n(a known finding is gone: if the agent is fixed, remove "
                    + "it from KnownAgentFindings)"));
        }
    }
}
