package org.ompdexplorer.app.graph;

import java.util.Locale;
import java.util.Optional;

/** The files a graph is exported as. */
public enum GraphFormat {
    SVG("svg"), PNG("png"), DOT("dot");

    private final String extension;

    GraphFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** The format a file name's extension names, if any. */
    public static Optional<GraphFormat> ofFileName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (GraphFormat f : values()) {
            if (lower.endsWith("." + f.extension) || (f == DOT && lower.endsWith(".gv"))) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
