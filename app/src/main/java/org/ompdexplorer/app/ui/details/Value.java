package org.ompdexplorer.app.ui.details;

import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.FactText;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Fact;

/**
 * One value in the details pane: text, possibly a link to another entity, possibly unavailable with the reason.
 *
 * @param link  the entity or page it leads to, or {@code null}
 * @param why   why the value is missing and how to get it, or empty when it is known
 * @param order how a table sorts it (an unsigned number: bytes, an address), or {@code null} to sort by its text
 * @param filter a search query that following it lists alone in the navigator ({@code state=wait_lock}), or
 *               {@code null}
 */
public record Value(String text, Target link, boolean unavailable, String why, Long order, String filter) {
    public Value(String text, Target link, boolean unavailable, String why) {
        this(text, link, unavailable, why, null, null);
    }

    public Value(String text, Target link, boolean unavailable, String why, Long order) {
        this(text, link, unavailable, why, order, null);
    }

    /** A count that, followed, lists only what {@code query} finds: the threads in a state. */
    public static Value filter(String text, String query) {
        return new Value(text, null, false, "", null, query);
    }

    /** Text that a table sorts by {@code order}, an unsigned number: {@code 7.8 KiB (8,000 B)} by 8000. */
    public static Value ordered(String text, long order) {
        return new Value(text, null, false, "", order);
    }

    /** The same value sorted by an unsigned number. */
    public Value orderedBy(long key) {
        return new Value(text, link, unavailable, why, key, filter);
    }

    public static Value of(Object text) {
        return new Value(String.valueOf(text), null, false, "");
    }

    public static Value link(Target target, String text) {
        return new Value(text, target, false, "");
    }

    public static Value link(Target target) {
        return link(target, EntityNames.of(target));
    }

    public static Value of(Fact<?> fact) {
        return new Value(FactText.text(fact), null, FactText.isUnavailable(fact), FactText.why(fact));
    }

    /** A link when the fact is known and {@code resolves} says the snapshot holds the target. */
    public static <I> Value link(Fact<I> fact, java.util.function.Function<I, Target> target, boolean resolves) {
        if (!fact.isKnown()) {
            return of(fact);
        }
        Target t = target.apply(fact.get());
        return resolves ? link(t) : new Value(EntityNames.of(t) + " (not in snapshot)", null, true,
                "The link names an entity this snapshot does not hold; see Diagnostics.");
    }

    /** Whether it is shown as a hyperlink: to a target, or a filter. */
    public boolean isLink() {
        return link != null || filter != null;
    }

    public boolean isFilter() {
        return filter != null;
    }
}
