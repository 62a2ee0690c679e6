package org.ompdexplorer.app.ui.navigator;

/**
 * A small tag beside a navigator entry: a kind, a state, a count.
 *
 * @param text       what it says
 * @param styleClass how it looks, one of the {@code badge-*} classes in navigator.css
 */
public record Badge(String text, String styleClass) {
    public static final String KIND = "badge-kind";
    public static final String STATE = "badge-state";
    public static final String WAIT = "badge-wait";
    public static final String COUNT = "badge-count";
    public static final String UNAVAILABLE = "badge-unavailable";
    /**
     * A task's status ({@link org.ompdexplorer.model.TaskStatus#KEYS}): {@code badge-life-queued}, {@code -blocked},
     * {@code -running}, {@code -waiting}, {@code -suspended}, {@code -detached}, {@code -completed}.
     */
    public static final String LIFE_PREFIX = "badge-life-";
    /** The thread a task executes (or is suspended) on. */
    public static final String THREAD = "badge-thread";
    /** A scheduling task that differs from the generating task ({@code ≠ gen}). */
    public static final String SCHEDULING = "badge-scheduling";
    /** A task flag: untied, final, mergeable, included, undeferred. */
    public static final String FLAG = "badge-flag";
    /** The dependences a task declared. */
    public static final String DEPENDENCES = "badge-deps";
    /** The unfinished tasks a queued task still waits for. */
    public static final String WAITS_FOR = "badge-waits-for";
    private static final java.util.Set<String> LIFECYCLES = java.util.Set.copyOf(
            org.ompdexplorer.model.TaskStatus.KEYS);

    public static Badge kind(String text) {
        return new Badge(text, KIND);
    }

    public static Badge state(String text) {
        return new Badge(text, STATE);
    }

    public static Badge count(String text) {
        return new Badge(text, COUNT);
    }

    /** The lifecycle as shown ({@link org.ompdexplorer.model.TaskStatus}), coloured by it; a name this build does not know looks like a state. */
    public static Badge lifecycle(org.ompdexplorer.model.TaskStatus status) {
        return new Badge(status.name(), LIFECYCLES.contains(status.key()) ? LIFE_PREFIX + status.key() : STATE);
    }

    public static Badge unavailable(String text) {
        return new Badge(text, UNAVAILABLE);
    }
}
