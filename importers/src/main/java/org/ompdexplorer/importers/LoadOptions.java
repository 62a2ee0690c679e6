package org.ompdexplorer.importers;

/**
 * How to load.
 *
 * @param strict refuse an input with any error diagnostic, instead of loading what is valid
 */
public record LoadOptions(boolean strict) {
    public static final LoadOptions LENIENT = new LoadOptions(false);
    public static final LoadOptions STRICT = new LoadOptions(true);
}
