package org.ompdexplorer.app.ui.details;

import java.util.function.Consumer;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * What a link on a details page does: go to an entity or page, or filter the navigator with a search query (a count
 * on the Thread states page lists the threads it counts).
 *
 * @param navigate goes to a target
 * @param filter   sets the search to a query and lists only its matches
 */
record Links(Consumer<Target> navigate, Consumer<String> filter) {

    /** Follows a value's link: its filter when it has one, else its target. */
    void follow(Value value) {
        if (value.isFilter()) {
            filter.accept(value.filter());
        } else if (value.link() != null) {
            navigate.accept(value.link());
        }
    }
}
