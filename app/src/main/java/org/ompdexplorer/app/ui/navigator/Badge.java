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

    public static Badge kind(String text) {
        return new Badge(text, KIND);
    }

    public static Badge state(String text) {
        return new Badge(text, STATE);
    }

    public static Badge count(String text) {
        return new Badge(text, COUNT);
    }

    public static Badge unavailable(String text) {
        return new Badge(text, UNAVAILABLE);
    }
}
