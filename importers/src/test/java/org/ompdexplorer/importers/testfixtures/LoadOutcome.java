package org.ompdexplorer.importers.testfixtures;

import java.util.List;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.model.Snapshot;

/** Everything a load produces, as comparable values: two loads are the same load when these are equal. */
public final class LoadOutcome {
    private LoadOutcome() {
    }

    public static List<Object> of(LoadResult r) {
        Snapshot s = r.snapshot();
        return List.of(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), s.threads(), s.parallelRegions(), s.tasks(), s.targetRegions(), s.modules(),
                s.callStacks(), r.diagnostics(), r.decompressed());
    }
}
