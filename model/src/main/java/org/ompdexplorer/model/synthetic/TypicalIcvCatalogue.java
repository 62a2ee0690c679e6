package org.ompdexplorer.model.synthetic;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvScope;

/**
 * The shape of the ICV catalogue LLVM's libompd enumerates (names and scopes; the ids are its enumeration
 * order), for synthetic and hand-written snapshots. Real imports carry the runtime's own catalogue.
 */
public final class TypicalIcvCatalogue {
    private static final Object[][] ENTRIES = {
            {"dyn-var", IcvScope.THREAD},
            {"run-sched-var", IcvScope.TASK},
            {"stacksize-var", IcvScope.ADDRESS_SPACE},
            {"cancel-var", IcvScope.ADDRESS_SPACE},
            {"max-task-priority-var", IcvScope.ADDRESS_SPACE},
            {"debug-var", IcvScope.ADDRESS_SPACE},
            {"nthreads-var", IcvScope.THREAD},
            {"display-affinity-var", IcvScope.ADDRESS_SPACE},
            {"affinity-format-var", IcvScope.ADDRESS_SPACE},
            {"default-device-var", IcvScope.THREAD},
            {"tool-var", IcvScope.ADDRESS_SPACE},
            {"tool-libraries-var", IcvScope.ADDRESS_SPACE},
            {"tool-verbose-init-var", IcvScope.ADDRESS_SPACE},
            {"levels-var", IcvScope.PARALLEL},
            {"active-levels-var", IcvScope.PARALLEL},
            {"thread-limit-var", IcvScope.TASK},
            {"max-active-levels-var", IcvScope.TASK},
            {"bind-var", IcvScope.TASK},
            {"num-procs-var", IcvScope.ADDRESS_SPACE},
            {"ompd-num-procs-var", IcvScope.ADDRESS_SPACE},
            {"thread-num-var", IcvScope.TASK},
            {"ompd-thread-num-var", IcvScope.TASK},
            {"final-task-var", IcvScope.TASK},
            {"ompd-final-var", IcvScope.TASK},
            {"implicit-task-var", IcvScope.TASK},
            {"ompd-implicit-var", IcvScope.TASK},
            {"team-size-var", IcvScope.PARALLEL},
            {"ompd-team-size-var", IcvScope.PARALLEL},
    };

    private TypicalIcvCatalogue() {
    }

    /** The catalogue, ids from 1 in enumeration order. */
    public static List<IcvDefinition> definitions() {
        List<IcvDefinition> defs = new ArrayList<>();
        for (int i = 0; i < ENTRIES.length; i++) {
            defs.add(new IcvDefinition(new IcvId(i + 1), (String) ENTRIES[i][0], (IcvScope) ENTRIES[i][1]));
        }
        return defs;
    }

    /** The id of a named ICV in {@link #definitions()}. */
    public static IcvId id(String name) {
        for (int i = 0; i < ENTRIES.length; i++) {
            if (ENTRIES[i][0].equals(name)) {
                return new IcvId(i + 1);
            }
        }
        throw new IllegalArgumentException("not in the typical catalogue: " + name);
    }
}
