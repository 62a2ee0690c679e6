package org.ompdexplorer.app.ui.graph;

/** What the graph shows, relative to the selection. */
public enum GraphScopeMode {
    /** Every task of the snapshot (collapsed to stay within the node budget). */
    WHOLE("Whole snapshot"),
    /** The tasks bound to the selected region, or to the selected task's or thread's region. */
    REGION("Selected region"),
    /** The selected task and every task it generated. */
    SUBTREE("Selected task's subtree");

    private final String text;

    GraphScopeMode(String text) {
        this.text = text;
    }

    @Override
    public String toString() {
        return text;
    }
}
