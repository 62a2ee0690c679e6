package org.ompdexplorer.app.graph;

import java.util.Locale;

/**
 * A graph too large to export as a PNG: the image would pass {@link GraphExport#MAX_PNG_SIDE} px on a side. Nothing
 * is drawn smaller instead (its text would not be readable). The message names the sizes and the limit; each caller
 * adds the fix in its own terms (the CLI's options, the window's menus).
 */
public final class PictureTooLargeException extends RuntimeException {
    private final int width;
    private final int height;

    /** @param width and {@code height}: the PNG's size in pixels */
    public PictureTooLargeException(int width, int height) {
        super(String.format(Locale.ROOT, "the graph is %,d × %,d px; its PNG, at %d pixels a px, would be %,d × %,d "
                        + "pixels, over the %,d a PNG may have on a side", Math.round(width / GraphExport.PNG_SCALE),
                Math.round(height / GraphExport.PNG_SCALE), (int) GraphExport.PNG_SCALE, width, height,
                GraphExport.MAX_PNG_SIDE));
        this.width = width;
        this.height = height;
    }

    /** The PNG's width in pixels. */
    public int width() {
        return width;
    }

    /** The PNG's height in pixels. */
    public int height() {
        return height;
    }
}
