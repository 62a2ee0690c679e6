package org.ompdexplorer.app.ui.details;

import java.util.function.Consumer;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * What a link on a details page does: go to an entity or page, or filter the navigator with a search query (a count
 * on the Thread states page lists the threads it counts), open a call frame's source, or show the parallel stacks.
 *
 * @param navigate       goes to a target
 * @param filter         sets the search to a query and lists only its matches
 * @param source         opens a frame's source file at its line (the source view)
 * @param parallelStacks shows every thread's stack merged (the Parallel Stacks view)
 */
record Links(Consumer<Target> navigate, Consumer<String> filter,
             Consumer<org.ompdexplorer.model.callstack.CallFrame> source, Runnable parallelStacks) {

    Links(Consumer<Target> navigate, Consumer<String> filter) {
        this(navigate, filter, frame -> { }, () -> { });
    }

    /** Follows a value's link: its filter when it has one, else its target. */
    void follow(Value value) {
        if (value.isFilter()) {
            filter.accept(value.filter());
        } else if (value.link() != null) {
            navigate.accept(value.link());
        }
    }
}
