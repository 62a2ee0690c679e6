package org.ompdexplorer.app.graph;

/**
 * The graph's colours, the same values as the tokens in the window's colors.css (a test keeps them equal): the
 * canvas, SVG and PNG cannot read CSS.
 */
public record GraphPalette(String background, String fg, String muted, String border, String groupFill,
                           String accent, String scheduling, String dependence, String waitsFor,
                           String[] lifeFg, String[] lifeFill, String unknownFill,
                           String added, String removed, String changed) {
    /** Status slots of {@link #lifeFg} and {@link #lifeFill} ({@link org.ompdexplorer.model.TaskStatus#key()}). */
    public static final int QUEUED = 0;
    public static final int BLOCKED = 1;
    public static final int RUNNING = 2;
    public static final int SUSPENDED = 3;
    public static final int COMPLETED = 4;
    public static final int WAITING = 5;
    public static final int DETACHED = 6;

    public static final GraphPalette LIGHT = new GraphPalette("#ffffff", "#1f2328", "#59636e", "#d1d9e0",
            "#fbfbfc", "#0969da", "#0969da", "#8250df", "#9a3d00",
            new String[] {"#0969da", "#cf222e", "#1a7f37", "#9a6700", "#59636e", "#b02f78", "#136b72"},
            new String[] {"#ddf4ff", "#ffebe9", "#dafbe1", "#fff8c5", "#eaeef2", "#ffeff7", "#d8f5f7"}, "#f3f4f6",
            "#0550ae", "#9a3d00", "#7d4e00");
    public static final GraphPalette DARK = new GraphPalette("#0d1117", "#e6edf3", "#9ea5ae", "#3d444d",
            "#151b23", "#4493f8", "#4493f8", "#ab7df8", "#ffa657",
            new String[] {"#4493f8", "#f85149", "#3fb950", "#d29922", "#9ea5ae", "#db61a2", "#39c5cf"},
            new String[] {"#12263f", "#3a1d1f", "#1b3224", "#37301a", "#2b323b", "#2f1424", "#0d2a2e"}, "#1f2630",
            "#79c0ff", "#ffa657", "#e3b341");

    /** The slot of a node's status name ({@link org.ompdexplorer.model.TaskStatus#name()}), or −1 when none. */
    public static int slot(String lifecycle) {
        String key = org.ompdexplorer.model.TaskStatus.keyOfName(lifecycle);
        if (key == null) {
            return -1;
        }
        return switch (key) {
            case "queued" -> QUEUED;
            case "blocked" -> BLOCKED;
            case "running" -> RUNNING;
            case "waiting" -> WAITING;
            case "suspended" -> SUSPENDED;
            case "detached" -> DETACHED;
            case "completed" -> COMPLETED;
            default -> -1;
        };
    }

    public String fill(String lifecycle) {
        int s = slot(lifecycle);
        return s < 0 ? unknownFill : lifeFill[s];
    }

    public String stroke(String lifecycle) {
        int s = slot(lifecycle);
        return s < 0 ? muted : lifeFg[s];
    }
}
