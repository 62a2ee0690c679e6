package org.ompdexplorer.importers.recording;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.ompdexplorer.importers.symbols.SnapshotSymbolizer;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.recording.Recording;

/**
 * Names a recording's code addresses (creation sites, parallel regions', sync regions' and target constructs'
 * sites): through the header's module map and the programs' debug information, as a snapshot's sites are named
 * when it is read, so that every state rebuilt from it shows {@code fib.c:42}. A module whose file is not here, or
 * has no debug information, leaves its addresses bare.
 */
final class RecordingSites {
    private RecordingSites() {
    }

    /** {@code recording} with its sites named; itself when it has no module map or nothing could be named. */
    static Recording named(Recording recording) {
        if (recording.header().modules().isEmpty()) {
            return recording;
        }
        Set<Long> addresses = recording.siteAddresses();
        if (addresses.isEmpty()) {
            return recording;
        }
        SnapshotSymbolizer symbolizer = new SnapshotSymbolizer(recording.header().modules(), true);
        try {
            symbolizer.prepare(addresses);
            Map<Long, CodeLocation> names = new HashMap<>();
            for (long a : addresses) {
                CodeLocation named = symbolizer.resolve(CodeLocation.at(a), true);
                if (named.file() != null || named.symbol() != null) {
                    names.put(a, named);
                }
            }
            return names.isEmpty() ? recording : recording.withSiteNames(names);
        } finally {
            symbolizer.close();
        }
    }
}
