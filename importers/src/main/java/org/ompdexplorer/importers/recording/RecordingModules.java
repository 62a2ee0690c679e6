package org.ompdexplorer.importers.recording;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * The module map of a recording's header (format 1.1, {@code modules}): the snapshot format's module elements, read
 * into {@link CodeModule}s so that the states rebuilt from the recording carry them and their sites can be
 * symbolized. A module without a usable path or range is reported (located at {@code $.modules[i]}) and skipped; the
 * {@code codeAddresses} the agent lists are not needed here (every site is in the events).
 */
final class RecordingModules {
    private RecordingModules() {
    }

    /** Reads the array at the parser's current token; an element that is not a usable module becomes a warning. */
    static List<CodeModule> read(JsonParser p, String input, List<Diagnostic> diagnostics) {
        List<CodeModule> out = new ArrayList<>();
        if (p.currentToken() != JsonToken.START_ARRAY) {
            if (p.currentToken().isStructStart()) {
                p.skipChildren();
            }
            diagnostics.add(problem(input, "$.modules", "the header's modules is not an array; sites stay addresses"));
            return out;
        }
        int i = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken(), i++) {
            String where = "$.modules[" + i + "]";
            if (t != JsonToken.START_OBJECT) {
                if (t.isStructStart()) {
                    p.skipChildren();
                }
                diagnostics.add(problem(input, where, "a module is not an object; it is skipped"));
                continue;
            }
            CodeModule m = module(p, input, where, diagnostics);
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }

    private static CodeModule module(JsonParser p, String input, String where, List<Diagnostic> diagnostics) {
        String path = null;
        String buildId = null;
        Long bias = null;
        Long start = null;
        Long end = null;
        Long fileSize = null;
        String bad = null;
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "path" -> path = v == JsonToken.VALUE_STRING ? p.getString() : null;
                case "buildId" -> buildId = v == JsonToken.VALUE_STRING ? p.getString() : null;
                case "loadBias", "start", "end" -> {
                    Long a = v == JsonToken.VALUE_STRING ? address(p.getString()) : null;
                    if (a == null) {
                        bad = name + " is not a hex address like \"0x401136\"";
                    }
                    switch (name) {
                        case "loadBias" -> bias = a;
                        case "start" -> start = a;
                        default -> end = a;
                    }
                }
                case "fileSize" -> fileSize = v.isNumeric() ? p.getLongValue() : null;
                default -> {
                    if (v.isStructStart()) {
                        p.skipChildren();
                    }
                }
            }
        }
        if (bad == null && (path == null || path.isEmpty() || bias == null || start == null || end == null)) {
            bad = "it needs path, loadBias, start and end";
        } else if (bad == null && Long.compareUnsigned(start, end) >= 0) {
            bad = "its end is not above its start";
        }
        if (bad != null) {
            diagnostics.add(problem(input, where, "a module of the header is skipped: " + bad));
            return null;
        }
        return new CodeModule(path, buildId, bias, start, end, fileSize);
    }

    private static Long address(String s) {
        if (s.startsWith("0x") || s.startsWith("0X")) {
            try {
                return Long.parseUnsignedLong(s.substring(2), 16);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static Diagnostic problem(String input, String where, String what) {
        return Diagnostic.warning("malformed-module", what, "the recording's sites in it are shown as addresses",
                Location.inInput(input, 1, 1, where));
    }
}
