package org.ompdexplorer.app.stacks;

/**
 * The parallel stacks' colours in SVG, PNG and DOT: the same values as the tokens of the window's colors.css
 * ({@code -color-stack-class-N-fg}, {@code -color-stack-class-N-subtle}; a test keeps the two equal). A class of
 * threads has a colour of its own, cycling after {@link #CLASSES}; its label ({@code class B}) says it without colour.
 */
public record StacksPalette(String background, String fg, String muted, String border, String blockFill,
                            String edge, String[] classFg, String[] classFill) {
    public static final int CLASSES = 6;

    public static final StacksPalette LIGHT = new StacksPalette("#ffffff", "#1f2328", "#59636e", "#d1d9e0", "#fbfbfc",
            "#818b98",
            new String[] {"#0969da", "#bc4c00", "#1a7f37", "#8250df", "#bf3989", "#136b72"},
            new String[] {"#ddf4ff", "#fff1e5", "#dafbe1", "#fbefff", "#ffeff7", "#d8f5f7"});
    public static final StacksPalette DARK = new StacksPalette("#0d1117", "#e6edf3", "#9ea5ae", "#3d444d", "#151b23",
            "#6e7681",
            new String[] {"#4493f8", "#f0883e", "#3fb950", "#ab7df8", "#db61a2", "#39c5cf"},
            new String[] {"#12263f", "#3d2212", "#1b3224", "#2d2243", "#2f1424", "#0d2a2e"});

    public String fill(int stackClass) {
        return stackClass < 0 ? blockFill : classFill[stackClass % CLASSES];
    }

    public String stroke(int stackClass) {
        return stackClass < 0 ? border : classFg[stackClass % CLASSES];
    }
}
