package org.ompdexplorer.app.ui.graph;

/** Where the task graph sits in the window; the user's choice is remembered. */
public enum GraphPlacement {
    /** A tab beside the details, which it shares the right side with. */
    TAB,
    /** A pane of its own in the centre, between the navigator and the details. */
    CENTRE
}
