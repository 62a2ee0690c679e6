package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.Named;

/**
 * Matches the property names of one object shape against an enum of its fields, straight from the parser's
 * bytes: no String is made or canonicalized for a known name. Used on the objects a large snapshot repeats
 * millions of times (tasks, code locations, frames, tool data).
 */
final class FieldMatcher<E extends Enum<E>> {
    private final PropertyNameMatcher matcher;
    private final E[] fields;

    FieldMatcher(JsonFactory factory, Class<E> type) {
        this.fields = type.getEnumConstants();
        List<Named> names = new ArrayList<>(fields.length);
        for (E field : fields) {
            names.add(Named.fromString(field.name()));
        }
        this.matcher = factory.constructNameMatcher(names, true);
    }

    /**
     * Moves to the next property of the current object: its field, with the parser on the property name;
     * {@code null} at the end of the object. An unknown name is reported and skipped, and matching goes on.
     */
    E next(JsonCursor c) {
        JsonParser p = c.parser;
        while (true) {
            int m = p.nextNameMatch(matcher);
            if (m >= 0) {
                return fields[m];
            }
            if (m == PropertyNameMatcher.MATCH_UNKNOWN_NAME) {
                c.unknownField(p.currentName());
                continue;
            }
            return null; // end of the object (malformed input throws in the parser)
        }
    }
}
