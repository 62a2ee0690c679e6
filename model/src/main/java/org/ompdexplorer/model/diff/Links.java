package org.ompdexplorer.model.diff;

import java.util.function.ToLongFunction;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;

/**
 * Compares links as matched identities: A's link and B's link are the same when they name entities the matching
 * paired, whatever their ids; two links that name nothing held are the same when they are the same kind of
 * nothing (both absent, both unavailable, both dangling).
 */
final class Links {
    private final Matching matching;

    Links(Matching matching) {
        this.matching = matching;
    }

    void task(Changes out, DiffField field, Fact<TaskId> a, Fact<TaskId> b) {
        task(out, field, "", a, b);
    }

    void thread(Changes out, DiffField field, String qualifier, Fact<ThreadId> a, Fact<ThreadId> b) {
        link(out, field, qualifier, EntityKind.THREAD, a, b, id -> ((ThreadId) id).value());
    }

    void region(Changes out, DiffField field, Fact<RegionId> a, Fact<RegionId> b) {
        link(out, field, "", EntityKind.PARALLEL_REGION, a, b, id -> ((RegionId) id).value());
    }

    void task(Changes out, DiffField field, String qualifier, Fact<TaskId> a, Fact<TaskId> b) {
        link(out, field, qualifier, EntityKind.TASK, a, b, id -> ((TaskId) id).value());
    }

    private void link(Changes out, DiffField field, String qualifier, EntityKind kind, Fact<?> a, Fact<?> b,
                      ToLongFunction<Object> idOf) {
        int pa = position(matching.a(), kind, a, idOf);
        int pb = position(matching.b(), kind, b, idOf);
        boolean same = pa >= 0 || pb >= 0 ? pa >= 0 && matching.inB(kind, pa) == pb : sameNothing(a, b);
        if (!same) {
            out.add(field, qualifier, value(matching.a(), kind, a, pa), value(matching.b(), kind, b, pb));
        }
    }

    private static boolean sameNothing(Fact<?> a, Fact<?> b) {
        return a.getClass() == b.getClass() && (a.isKnown() || a.equals(b));
    }

    private static int position(Snapshot s, EntityKind kind, Fact<?> link, ToLongFunction<Object> idOf) {
        if (!(link instanceof Fact.Known<?>(Object id))) {
            return -1;
        }
        long value = idOf.applyAsLong(id);
        return switch (kind) {
            case TASK -> s.index().taskPosition(value);
            case THREAD -> s.index().threadPosition(value);
            case PARALLEL_REGION -> s.index().regionPosition(value);
            default -> -1;
        };
    }

    /** The text of a link: the entity's short name, or what the link is when it names nothing held. */
    static DiffValue value(Snapshot s, EntityKind kind, Fact<?> link, int position) {
        if (position < 0) {
            return DiffValue.text(link.isKnown() ? kind.label() + " " + Names.id(kind, idOf(link)) + " (not in the snapshot)"
                    : Changes.text(link, Object::toString));
        }
        return new DiffValue(name(s, kind, position), Matching.ref(s, kind, position));
    }

    private static long idOf(Fact<?> link) {
        return switch (link.get()) {
            case TaskId t -> t.value();
            case ThreadId t -> t.value();
            case RegionId r -> r.value();
            default -> -1;
        };
    }

    static String name(Snapshot s, EntityKind kind, int position) {
        return switch (kind) {
            case TASK -> Names.of(s.tasks().get(position), s.index());
            case THREAD -> Names.of(s.threads().get(position));
            case PARALLEL_REGION -> Names.of(s.parallelRegions().get(position));
            default -> Matching.ref(s, kind, position).toString();
        };
    }
}
