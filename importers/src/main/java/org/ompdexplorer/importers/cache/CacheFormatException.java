package org.ompdexplorer.importers.cache;

/** A reopen cache file that is not what its writer wrote: the cache ignores it and rebuilds it. */
public final class CacheFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CacheFormatException(String message) {
        super(message);
    }
}
