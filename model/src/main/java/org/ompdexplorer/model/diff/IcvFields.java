package org.ompdexplorer.model.diff;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Snapshot;

/** ICV values of one scope of a matched pair, compared by ICV name and scope (ids differ between runtimes). */
final class IcvFields {
    private final Map<Long, String> namesA;
    private final Map<Long, String> namesB;
    private final boolean sameCatalogue;

    IcvFields(Snapshot a, Snapshot b) {
        namesA = names(a);
        namesB = names(b);
        sameCatalogue = namesA.equals(namesB);
    }

    private static Map<Long, String> names(Snapshot s) {
        Map<Long, String> names = new HashMap<>();
        for (IcvDefinition icv : s.icvCatalogue()) {
            names.putIfAbsent(icv.id().value(), icv.name() + " (" + icv.scope().name() + ")");
        }
        return names;
    }

    void compare(Changes out, List<IcvValue> a, List<IcvValue> b) {
        if (a.isEmpty() && b.isEmpty() || sameCatalogue && a.equals(b)) {
            return;
        }
        Map<String, IcvValue> byNameA = byName(a, namesA);
        Map<String, IcvValue> byNameB = byName(b, namesB);
        Set<String> all = new LinkedHashSet<>(byNameA.keySet());
        all.addAll(byNameB.keySet());
        for (String name : all) {
            IcvValue va = byNameA.get(name);
            IcvValue vb = byNameB.get(name);
            if (!same(va, vb)) {
                out.add(DiffField.ICV, name, DiffValue.text(text(va)), DiffValue.text(text(vb)));
            }
        }
    }

    private static Map<String, IcvValue> byName(List<IcvValue> values, Map<Long, String> names) {
        Map<String, IcvValue> result = new LinkedHashMap<>();
        for (IcvValue v : values) {
            result.putIfAbsent(names.getOrDefault(v.icv().value(), "icv " + v.icv().value()), v);
        }
        return result;
    }

    private static boolean same(IcvValue a, IcvValue b) {
        if (a == null || b == null) {
            return a == b;
        }
        return Objects.equals(a.integer(), b.integer()) && Objects.equals(a.string(), b.string());
    }

    private static String text(IcvValue v) {
        return v == null ? "absent" : v.display();
    }
}
