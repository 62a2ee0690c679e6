package org.ompdexplorer.importers.testfixtures;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * For the schema consistency tests: a JSON document as maps and lists, the property paths it uses
 * ({@code .tasks[].id}), and whether a JSON Schema declares a path at the same place. Public for the app's CLI
 * tests (through the test jar, in a package the importers module does not own).
 */
public final class JsonSchemaPaths {
    private JsonSchemaPaths() {
    }

    /** The document as maps, lists and strings (every scalar as its text). */
    public static Object parse(InputStream in) {
        return parse(in, JsonParser::getString);
    }

    public static Object parse(byte[] json) {
        return parse(new ByteArrayInputStream(json));
    }

    /** The document as maps and lists, each scalar as {@code scalar} makes it from the parser on its token. */
    static Object parse(InputStream in, Function<JsonParser, Object> scalar) {
        try (JsonParser p = new JsonFactory().createParser(ObjectReadContext.empty(), in)) {
            p.nextToken();
            return value(p, scalar);
        }
    }

    private static Object value(JsonParser p, Function<JsonParser, Object> scalar) {
        if (p.currentToken() == JsonToken.START_OBJECT) {
            Map<String, Object> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                p.nextToken();
                m.put(name, value(p, scalar));
            }
            return m;
        }
        if (p.currentToken() == JsonToken.START_ARRAY) {
            List<Object> l = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                l.add(value(p, scalar));
            }
            return l;
        }
        return scalar.apply(p);
    }

    /** Adds every property path of {@code node} under {@code path} to {@code out}. */
    @SuppressWarnings("unchecked")
    public static void paths(Object node, String path, TreeSet<String> out) {
        if (node instanceof Map<?, ?> m) {
            ((Map<String, Object>) m).forEach((k, v) -> {
                out.add(path + "." + k);
                paths(v, path + "." + k, out);
            });
        } else if (node instanceof List<?> l) {
            l.forEach(v -> paths(v, path + "[]", out));
        }
    }

    /** Whether the schema declares {@code path} (".a.b[].c"), following $ref, oneOf, items and additionalProperties. */
    @SuppressWarnings("unchecked")
    public static boolean declares(Map<String, Object> root, Object schema, String path) {
        if (path.isEmpty()) {
            return true;
        }
        Map<String, Object> s = (Map<String, Object>) schema;
        if (s.containsKey("$ref")) {
            String ref = ((String) s.get("$ref")).substring("#/$defs/".length());
            return declares(root, ((Map<String, Object>) root.get("$defs")).get(ref), path);
        }
        if (s.containsKey("oneOf")) {
            return ((List<Object>) s.get("oneOf")).stream().anyMatch(alt -> declares(root, alt, path));
        }
        if (path.startsWith("[]")) {
            return s.containsKey("items") && declares(root, s.get("items"), path.substring(2));
        }
        String rest = path.substring(1);
        int end = 0;
        while (end < rest.length() && rest.charAt(end) != '.' && rest.charAt(end) != '[') {
            end++;
        }
        String name = rest.substring(0, end);
        Map<String, Object> props = (Map<String, Object>) s.getOrDefault("properties", Map.of());
        Object next = props.get(name);
        if (next == null && s.get("additionalProperties") instanceof Map<?, ?> extra) {
            next = extra;
        }
        return next != null && declares(root, next, rest.substring(end));
    }
}
