package org.ompdexplorer.importers.json;

import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A snapshot's {@code "version"}: MAJOR.MINOR, read when MAJOR is this build's; a newer MINOR is read with a
 * warning, and the fields it adds are skipped.
 */
final class FormatVersion {
    private FormatVersion() {
    }

    static void check(JsonCursor c, String version) throws UnsupportedFormatException {
        if (version == null) {
            return;
        }
        String[] parts = version.split("\\.");
        int major;
        int minor;
        try {
            if (parts.length == 0) {
                throw new NumberFormatException(version); // "." splits into nothing
            }
            major = Integer.parseInt(parts[0]);
            minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        } catch (NumberFormatException e) {
            throw new UnsupportedFormatException(c.input(), Diagnostic.error("bad-version", "version \"" + version
                    + "\" is not MAJOR.MINOR", "this build reads versions " + SnapshotFormat.MAJOR + ".x",
                    c.here()));
        }
        if (major != SnapshotFormat.MAJOR) {
            throw new UnsupportedFormatException(c.input(), Diagnostic.error("unsupported-version",
                    "snapshot format version " + version + " is not supported; this build reads versions "
                            + SnapshotFormat.MAJOR + ".0 to " + SnapshotFormat.MAJOR + "." + SnapshotFormat.MINOR
                            + " (and newer " + SnapshotFormat.MAJOR + ".x with warnings)",
                    major > SnapshotFormat.MAJOR ? "update OMPD Explorer to read it"
                            : "convert it with the OMPD Explorer version that wrote it", c.here()));
        }
        if (minor > SnapshotFormat.MINOR) {
            c.setNewerMinor(true);
            c.add(Diagnostic.warning("newer-version", "format version " + version + " is newer than this build's "
                    + SnapshotFormat.VERSION + "; fields it does not know are skipped",
                    "update OMPD Explorer to see everything", c.here()));
        }
    }
}
