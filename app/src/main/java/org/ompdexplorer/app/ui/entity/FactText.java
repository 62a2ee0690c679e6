package org.ompdexplorer.app.ui.entity;

import org.ompdexplorer.model.Fact;

/** Facts as the window shows them: a known value as text, an unavailable one with its return code and advice. */
public final class FactText {
    /** What an absent fact shows: the source does not carry the value. */
    public static final String ABSENT = "—";

    private FactText() {
    }

    public static String text(Fact<?> fact) {
        return switch (fact) {
            case Fact.Known<?> k -> String.valueOf(k.value());
            case Fact.Unavailable<?> u -> "unavailable (" + u.code() + ")";
            case Fact.Absent<?> a -> ABSENT;
        };
    }

    /** Why the value is missing and what to do about it; empty for a known fact. */
    public static String why(Fact<?> fact) {
        return switch (fact) {
            case Fact.Known<?> k -> "";
            case Fact.Unavailable<?> u -> {
                String advice = u.code().advice();
                yield "Unavailable: " + u.code() + (u.detail().isEmpty() ? "" : " (" + u.detail() + ")") + "."
                        + (advice.isEmpty() ? "" : " " + Character.toUpperCase(advice.charAt(0))
                        + advice.substring(1) + ".");
            }
            case Fact.Absent<?> a -> "This kind of snapshot does not carry the value.";
        };
    }

    public static boolean isUnavailable(Fact<?> fact) {
        return fact instanceof Fact.Unavailable<?>;
    }
}
