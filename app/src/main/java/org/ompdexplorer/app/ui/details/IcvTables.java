package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ompdexplorer.app.ui.details.Section.IcvRow;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvScope;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Snapshot;

/**
 * The ICV rows of an entity: those of its own scopes, and the effective ones, where each ICV takes its value
 * from the innermost enclosing scope that holds one (task → parallel region → thread → address space).
 */
final class IcvTables {
    static final Set<IcvScope> TASK_SCOPES = Set.of(IcvScope.TASK, IcvScope.IMPLICIT_TASK);
    static final Set<IcvScope> REGION_SCOPES = Set.of(IcvScope.PARALLEL);
    static final Set<IcvScope> THREAD_SCOPES = Set.of(IcvScope.THREAD);
    static final Set<IcvScope> SPACE_SCOPES = Set.of(IcvScope.ADDRESS_SPACE, IcvScope.DEVICE, IcvScope.GLOBAL);
    private static final Value NOT_CAPTURED = new Value("not captured", null, false,
            "The snapshot holds no value for this ICV in this scope.");

    /** One enclosing scope: who holds the values, which scopes it owns, and its values. */
    record Scope(String holder, Set<IcvScope> scopes, List<IcvValue> values) {
    }

    private final List<IcvDefinition> catalogue;
    private final Map<Long, IcvDefinition> byId = new HashMap<>();
    private final boolean agent;

    IcvTables(Snapshot snapshot) {
        this.catalogue = snapshot.icvCatalogue();
        this.agent = snapshot.capture().source().equals(org.ompdexplorer.model.CaptureSource.OMPT_AGENT);
        for (IcvDefinition d : catalogue) {
            byId.putIfAbsent(d.id().value(), d);
        }
    }

    /**
     * What an entity without ICVs of its own scope says. An agent capture has no runtime catalogue (OMPT has no
     * ompd_enumerate_icvs): its catalogue is the ICVs the agent records, named with their scopes.
     */
    String none() {
        if (!agent) {
            return "The runtime's ICV catalogue (ompd_enumerate_icvs) has no ICV of this scope.";
        }
        Map<IcvScope, List<String>> byScope = new java.util.LinkedHashMap<>();
        for (IcvDefinition d : catalogue) {
            byScope.computeIfAbsent(d.scope(), k -> new ArrayList<>()).add(d.name());
        }
        if (byScope.isEmpty()) {
            return "The capture agent recorded no ICV.";
        }
        List<String> groups = new ArrayList<>();
        byScope.forEach((scope, names) -> groups.add(and(names) + " (" + scope.name().replace('_', ' ') + " scope)"));
        return "The capture agent recorded no ICV of this scope: it records " + and(groups) + ".";
    }

    /** "a", "a and b", "a, b and c". */
    private static String and(List<String> items) {
        return items.size() == 1 ? items.getFirst()
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    /** Every catalogue ICV of the scope's own scopes, valued or not, then any other value the entity carries. */
    List<IcvRow> own(Scope scope) {
        Map<Long, IcvValue> values = valuesById(scope.values());
        List<IcvRow> rows = new ArrayList<>();
        Set<Long> shown = new HashSet<>();
        for (IcvDefinition d : catalogue) {
            if (scope.scopes().contains(d.scope()) || values.containsKey(d.id().value())) {
                IcvValue v = values.get(d.id().value());
                rows.add(row(d, v == null ? NOT_CAPTURED : value(v), ""));
                shown.add(d.id().value());
            }
        }
        for (IcvValue v : scope.values()) {
            if (shown.add(v.icv().value())) {
                rows.add(new IcvRow("icv " + v.icv(), "(not in the ICV catalogue)", "?", value(v), ""));
            }
        }
        return rows;
    }

    /** Every catalogue ICV of these scopes or wider, valued from the innermost scope of {@code chain} holding it. */
    List<IcvRow> effective(List<Scope> chain) {
        Set<IcvScope> relevant = new HashSet<>();
        chain.forEach(s -> relevant.addAll(s.scopes()));
        List<Map<Long, IcvValue>> values = chain.stream().map(s -> valuesById(s.values())).toList();
        List<IcvRow> rows = new ArrayList<>();
        for (IcvDefinition d : catalogue) {
            if (!relevant.contains(d.scope())) {
                continue;
            }
            IcvRow row = row(d, NOT_CAPTURED, "");
            for (int i = 0; i < chain.size(); i++) {
                IcvValue v = values.get(i).get(d.id().value());
                if (v != null) {
                    row = row(d, value(v), i == 0 ? "own" : chain.get(i).holder());
                    break;
                }
            }
            rows.add(row);
        }
        return rows;
    }

    private static Map<Long, IcvValue> valuesById(List<IcvValue> values) {
        Map<Long, IcvValue> map = new HashMap<>();
        for (IcvValue v : values) {
            map.putIfAbsent(v.icv().value(), v);
        }
        return map;
    }

    private static IcvRow row(IcvDefinition d, Value value, String from) {
        return new IcvRow(d.name(), d.ompName(), d.scope().name(), value, from);
    }

    /** The string form when known, else the integer form, else why neither could be read. */
    static Value value(IcvValue v) {
        if (v.string().isKnown() || v.integer().isKnown()) {
            return Value.of(v.display());
        }
        return Value.of(v.integer() instanceof org.ompdexplorer.model.Fact.Unavailable<Long> ? v.integer()
                : v.string());
    }
}
