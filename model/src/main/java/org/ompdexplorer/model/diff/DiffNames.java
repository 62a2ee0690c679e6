package org.ompdexplorer.model.diff;

import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;

/** Short names of entities for diff texts: {@code task #17 fib}, {@code thread #2 (lwp 4909)}, {@code region #2}. */
public final class DiffNames {
    private DiffNames() {
    }

    public static String of(Task task) {
        String what = codeName(task.function());
        if (what == null) {
            what = codeName(task.creationSite());
        }
        return "task #" + task.id() + " " + task.kind().name() + (what == null ? "" : " " + what);
    }

    public static String of(OmpThread thread) {
        return "thread #" + thread.id() + thread.osId(OsThreadIdKind.LWP).map(l -> " (lwp " + l + ")").orElse("");
    }

    public static String of(ParallelRegion region) {
        return "region #" + region.id() + region.teamSize().asOptional().map(n -> " (team of " + n + ")").orElse("");
    }

    /**
     * The short name of the entity {@code ref} names in {@code snapshot} (an address space as {@code address space 0});
     * for an entity the snapshot does not hold, the reference itself ({@code task 7}). Reports name a diff's
     * entities with it, one side at a time.
     */
    public static String of(Snapshot snapshot, EntityRef ref) {
        int position = Matching.position(snapshot, ref);
        return position < 0 ? ref.toString() : Links.name(snapshot, ref.kind(), position);
    }

    /**
     * The symbol of a code location (cut to {@link org.ompdexplorer.model.TextCut#NAME} characters: a name is
     * repeated wherever its entity is named), else its address; null when not known.
     */
    public static String codeName(Fact<CodeLocation> code) {
        return code.asOptional().map(c -> c.symbol() != null ? org.ompdexplorer.model.TextCut.name(c.symbol())
                : Address.hex(c.address())).orElse(null);
    }
}
