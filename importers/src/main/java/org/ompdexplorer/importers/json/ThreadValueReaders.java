package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ThreadState;
import tools.jackson.core.JsonToken;

/**
 * Reads the value shapes only threads have, at the parser's current token: a thread's OS thread ids ({@code
 * osIds}) and a state object, which is also each element of the {@code states} enumeration. Like {@link
 * ValueReaders}, each reports a wrong shape where it is and yields an absent value.
 */
final class ThreadValueReaders {
    private static final String[] STATE_FIELDS = {"value", "name", "unavailable", "detail"};
    private final JsonCursor c;
    private final ValueReaders values;

    /** @param values the reader of the shared shapes, on the same cursor */
    ThreadValueReaders(JsonCursor cursor, ValueReaders values) {
        this.c = cursor;
        this.values = values;
    }

    /** A state object {@code {"value": n, "name": "…"}}; also used for the {@code states} enumeration. */
    Fact<ThreadState> state(String what) {
        if (!values.object(what)) {
            return Fact.absent();
        }
        UnavailableMarker u = new UnavailableMarker();
        Long value = null;
        String name = null;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = c.parser.currentName();
            seen = c.seen(seen, field, STATE_FIELDS);
            if (u.take(c, field)) {
                continue;
            }
            switch (field) {
                case "value" -> { c.parser.nextToken(); value = c.longValue("state value"); }
                case "name" -> { c.parser.nextToken(); name = c.string("state name"); }
                default -> c.unknownField(field);
            }
        }
        if (u.isUnavailable()) {
            return u.fact();
        }
        if (value == null) {
            c.error("missing-field", what + " needs a \"value\"", "add the ompd_word_t state value");
            return Fact.absent();
        }
        return Fact.of(name == null || name.isBlank() ? ThreadState.ofValue(value) : new ThreadState(value, name));
    }

    List<OsThreadId> osIds() {
        if (!values.object("osIds")) {
            return List.of();
        }
        List<OsThreadId> ids = new ArrayList<>();
        List<String> kinds = new ArrayList<>(2);
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String kind = c.parser.currentName();
            if (kind.isBlank()) {
                c.error("empty-name", "an OS thread id has an empty kind", "name its kind: lwp, pthread or winthread");
                c.skipValue();
                continue;
            }
            OsThreadIdKind k = OsThreadIdKind.of(kind);
            if (kinds.contains(kind)) {
                c.duplicateKey("the last value is used");
                ids.removeIf(id -> id.kind().equals(k));
            } else {
                kinds.add(kind);
            }
            c.parser.nextToken();
            Long v = c.unsigned("osIds." + kind);
            if (v != null) {
                ids.add(new OsThreadId(k, v));
            }
        }
        return ids;
    }
}
