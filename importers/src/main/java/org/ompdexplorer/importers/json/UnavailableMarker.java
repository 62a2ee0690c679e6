package org.ompdexplorer.importers.json;

import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ReturnCode;
import tools.jackson.core.JsonToken;

/**
 * Collects the fields of an unavailable marker ({@code {"unavailable": "<code>", "detail": "…"}}) while an
 * object reader reads its own fields, since the marker may stand where an object value would.
 */
final class UnavailableMarker {
    static final String[] FIELDS = {"unavailable", "detail"};
    private static final String PREFIX = "ompd_rc_";
    private String code;
    private String detail;

    /** Reads an {@code {"unavailable": …}} object at a START_OBJECT; anything else there is reported. */
    static <T> Fact<T> only(JsonCursor c, String what) {
        UnavailableMarker u = new UnavailableMarker();
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, FIELDS);
            if (!u.take(c, name)) {
                c.unknownField(name);
            }
        }
        if (!u.isUnavailable()) {
            c.error("wrong-type", what + ": an object here must be {\"unavailable\": \"<return code>\"}",
                    "write the value, or an unavailable marker");
            return Fact.absent();
        }
        return u.fact();
    }

    /** Takes the field if it belongs to an unavailable marker; true when it did. */
    boolean take(JsonCursor c, String name) {
        if (name.equals("unavailable")) {
            c.parser.nextToken();
            String given = c.name("unavailable (an OMPD return code name)");
            code = given;
            // every prefix goes, so that the name written back reads back as itself
            while (code != null && code.startsWith(PREFIX)) {
                code = code.substring(PREFIX.length());
            }
            if (code != null && code.isBlank()) {
                c.error("empty-name", "unavailable is \"" + given + "\" without a return code name",
                        "write a return code name, e.g. \"needs_state_tracking\"");
                code = null;
            }
            return true;
        }
        if (name.equals("detail")) {
            c.parser.nextToken();
            detail = c.string("detail");
            return true;
        }
        return false;
    }

    boolean isUnavailable() {
        return code != null;
    }

    <T> Fact<T> fact() {
        return Fact.unavailable(ReturnCode.of(code), detail);
    }
}
