package org.ompdexplorer.importers.json;

/** The format's name and the versions this build reads and writes (docs/snapshot-format.md). */
public final class SnapshotFormat {
    public static final String NAME = "ompd-explorer-snapshot";
    public static final int MAJOR = 1;
    public static final int MINOR = 4;
    public static final String VERSION = MAJOR + "." + MINOR;

    private SnapshotFormat() {
    }
}
