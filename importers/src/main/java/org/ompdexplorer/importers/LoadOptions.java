package org.ompdexplorer.importers;

/**
 * How to load.
 *
 * @param strict        refuse an input with any error diagnostic, instead of loading what is valid
 * @param validateLater return as soon as the model and its index are built, with the snapshot's validation left
 *                      to {@link LoadResult#validated()} (the window shows the tree first); a strict load always
 *                      validates, since it must refuse an invalid input
 */
public record LoadOptions(boolean strict, boolean validateLater) {
    public static final LoadOptions LENIENT = new LoadOptions(false, false);
    public static final LoadOptions STRICT = new LoadOptions(true, false);

    public LoadOptions(boolean strict) {
        this(strict, false);
    }

    /** These options, with validation left for later (ignored by a strict load). */
    public LoadOptions validatingLater() {
        return new LoadOptions(strict, true);
    }
}
