package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;

/**
 * The field changes of one matched pair as they are found. Allocates nothing until the first change: most pairs
 * of a million have none.
 */
final class Changes {
    private List<FieldChange> list;

    void add(DiffField field, String qualifier, DiffValue before, DiffValue after) {
        if (list == null) {
            list = new ArrayList<>(4);
        }
        list.add(new FieldChange(field, qualifier, before, after));
    }

    List<FieldChange> list() {
        return list == null ? List.of() : list;
    }

    boolean isEmpty() {
        return list == null;
    }

    /** Adds a change when the two facts differ; known values are shown with {@code text}. */
    <T> void fact(DiffField field, Fact<T> a, Fact<T> b, Function<? super T, String> text) {
        if (!Objects.equals(a, b)) {
            add(field, "", DiffValue.text(text(a, text)), DiffValue.text(text(b, text)));
        }
    }

    /** Like {@link #fact} for code: equal when both have the same symbol and place, wherever the code was loaded. */
    void code(DiffField field, Fact<CodeLocation> a, Fact<CodeLocation> b) {
        if (!sameCode(a, b)) {
            add(field, "", DiffValue.text(text(a, CodeLocation::display)), DiffValue.text(text(b, CodeLocation::display)));
        }
    }

    static boolean sameCode(Fact<CodeLocation> a, Fact<CodeLocation> b) {
        if (a instanceof Fact.Known<CodeLocation>(CodeLocation x) && b instanceof Fact.Known<CodeLocation>(CodeLocation y)) {
            return x.symbol() != null && y.symbol() != null
                    ? x.symbol().equals(y.symbol()) && Objects.equals(x.file(), y.file()) && x.line() == y.line()
                    : x.address() == y.address();
        }
        return Objects.equals(a, b);
    }

    static <T> String text(Fact<T> fact, Function<? super T, String> text) {
        return switch (fact) {
            case Fact.Known<T>(T v) -> text.apply(v);
            case Fact.Unavailable<T> u -> u.toString();
            case Fact.Absent<T> ignored -> "absent";
        };
    }
}
