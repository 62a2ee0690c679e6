package org.ompdexplorer.app.ui.entity;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Task;

/**
 * What is missing from every task alike, said once for the snapshot instead of as a badge on every row: a badge on
 * every row says nothing (an OMPT capture has no task function for any task, for one reason).
 *
 * @param functionCode   the return code that left every task without its function, when all share one
 * @param functionDetail what the first of them says about it, or empty
 */
public record UniformGaps(Optional<String> functionCode, String functionDetail) {
    private static final UniformGaps NONE = new UniformGaps(Optional.empty(), "");

    public static UniformGaps of(List<Task> tasks) {
        String code = null;
        String detail = "";
        for (Task t : tasks) {
            if (!(t.function() instanceof Fact.Unavailable<?> u)) {
                return NONE;
            }
            String c = String.valueOf(u.code());
            if (code == null) {
                code = c;
                detail = u.detail();
            } else if (!code.equals(c)) {
                return NONE;
            }
        }
        return code == null ? NONE : new UniformGaps(Optional.of(code), detail);
    }

    /**
     * The one line said for the whole snapshot when no task has its function: tasks are then named by where they
     * were created. Empty when the tasks have their functions (a core) or miss them for different reasons.
     */
    public Optional<String> notice() {
        return functionCode.map(code -> functionDetail.contains("OMPT")
                ? "Task functions are not reported by OMPT; tasks are named by where they were created."
                : "No task's function could be read (" + code + (functionDetail.isEmpty() ? "" : ": " + functionDetail)
                + "); tasks are named by where they were created.");
    }

    /** Whether a task's own row should mark its missing function. */
    public boolean marksFunctionPerTask() {
        return functionCode.isEmpty();
    }
}
