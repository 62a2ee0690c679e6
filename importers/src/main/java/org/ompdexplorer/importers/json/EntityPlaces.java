package org.ompdexplorer.importers.json;

import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Where each entity of one read stands in the file, by section: the place a model-level finding is shown at. */
final class EntityPlaces {
    final EntityPositions tasks = new EntityPositions("tasks");
    final EntityPositions threads = new EntityPositions("threads");
    final EntityPositions regions = new EntityPositions("parallelRegions");
    final EntityPositions spaces = new EntityPositions("addressSpaces");
    final EntityPositions targets = new EntityPositions("targetRegions");

    /** Points a model-level finding at the entity's place in the file. */
    Diagnostic locate(Diagnostic d, String input) {
        EntityRef ref = d.location().entity();
        if (ref == null) {
            return d.at(d.location().withInput(input, 0, 0, null));
        }
        EntityPositions positions = switch (ref.kind()) {
            case TASK -> tasks;
            case THREAD -> threads;
            case PARALLEL_REGION -> regions;
            case ADDRESS_SPACE -> spaces;
            case TARGET_REGION -> targets;
            case SNAPSHOT -> null;
        };
        int at = positions == null ? -1 : positions.find(ref.id());
        if (at < 0) {
            return d.at(d.location().withInput(input, 0, 0, null));
        }
        return d.at(d.location().withInput(input, positions.line(at), positions.column(at),
                positions.path(at, d.location().field())));
    }
}
