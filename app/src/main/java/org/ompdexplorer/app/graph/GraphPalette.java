package org.ompdexplorer.app.graph;

/**
 * The graph's colours, the same values as the tokens in the window's colors.css (a test keeps them equal): the
 * canvas, SVG and PNG cannot read CSS.
 */
public record GraphPalette(String background, String fg, String muted, String border, String groupFill,
                           String accent, String scheduling, String dependence, String waitsFor,
                           String[] lifeFg, String[] lifeFill, String unknownFill,
                           String added, String removed, String changed) {
    /** Lifecycle slots of {@link #lifeFg} and {@link #lifeFill}. */
    public static final int QUEUED = 0;
    public static final int BLOCKED = 1;
    public static final int RUNNING = 2;
    public static final int SUSPENDED = 3;
    public static final int COMPLETED = 4;

    public static final GraphPalette LIGHT = new GraphPalette("#ffffff", "#1f2328", "#59636e", "#d1d9e0",
            "#fbfbfc", "#0969da", "#0969da", "#8250df", "#bc4c00",
            new String[] {"#0969da", "#cf222e", "#1a7f37", "#9a6700", "#59636e"},
            new String[] {"#ddf4ff", "#ffebe9", "#dafbe1", "#fff8c5", "#eaeef2"}, "#f3f4f6",
            "#0550ae", "#bc4c00", "#7d4e00");
    public static final GraphPalette DARK = new GraphPalette("#0d1117", "#e6edf3", "#9ea5ae", "#3d444d",
            "#151b23", "#4493f8", "#4493f8", "#ab7df8", "#ffa657",
            new String[] {"#4493f8", "#f85149", "#3fb950", "#d29922", "#9ea5ae"},
            new String[] {"#12263f", "#3a1d1f", "#1b3224", "#37301a", "#2b323b"}, "#1f2630",
            "#79c0ff", "#ffa657", "#e3b341");

    /** The lifecycle slot of a node's lifecycle name, or −1 when it has none or an unknown one. */
    public static int slot(String lifecycle) {
        if (lifecycle == null) {
            return -1;
        }
        return switch (lifecycle) {
            case "queued" -> QUEUED;
            case org.ompdexplorer.model.graph.TaskGraphBuilder.BLOCKED -> BLOCKED;
            case "running" -> RUNNING;
            case "suspended" -> SUSPENDED;
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
