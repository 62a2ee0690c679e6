package org.ompdexplorer.importers;

import java.util.List;

/** The user cancelled the load. */
public final class LoadCancelledException extends SnapshotLoadException {
    public LoadCancelledException(String input) {
        super(input, "loading " + input + " was cancelled", List.of(), null);
    }
}
