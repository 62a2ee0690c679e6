package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.ompdexplorer.resources.BundledResources;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/** Every property the exporter writes is declared in the bundled JSON Schema, at the same place. */
class SchemaConsistencyTest {
    private static Object parse(InputStream in) {
        try (JsonParser p = new JsonFactory().createParser(ObjectReadContext.empty(), in)) {
            p.nextToken();
            return value(p);
        }
    }

    private static Object value(JsonParser p) {
        if (p.currentToken() == JsonToken.START_OBJECT) {
            Map<String, Object> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                p.nextToken();
                m.put(name, value(p));
            }
            return m;
        }
        if (p.currentToken() == JsonToken.START_ARRAY) {
            List<Object> l = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                l.add(value(p));
            }
            return l;
        }
        return p.getString();
    }

    @SuppressWarnings("unchecked")
    private static void paths(Object node, String path, TreeSet<String> out) {
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
    private static boolean declares(Map<String, Object> root, Object schema, String path) {
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

    @Test
    @SuppressWarnings("unchecked")
    void everyExportedPropertyIsInTheSchema() throws Exception {
        Map<String, Object> schema = (Map<String, Object>) parse(BundledResources.openSchema());
        TreeSet<String> written = new TreeSet<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 3, 400, 5)), out);
        paths(parse(new java.io.ByteArrayInputStream(out.toByteArray())), "", written);
        try (InputStream lesson = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            paths(parse(lesson), "", written);
        }
        String unavailable = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"capture\":{\"source\":\"core-file\"},"
                + "\"threads\":[{\"id\":0,\"state\":{\"unavailable\":\"needs_state_tracking\",\"detail\":\"x\"}}]}";
        var loaded = new SnapshotLoader().load(new java.io.ByteArrayInputStream(unavailable.getBytes()), "u", -1,
                LoadOptions.STRICT, ProgressListener.NONE);
        out.reset();
        new SnapshotJsonExporter().write(loaded.snapshot(), out);
        paths(parse(new java.io.ByteArrayInputStream(out.toByteArray())), "", written);

        assertThat(written).hasSizeGreaterThan(60);
        assertThat(written.stream().filter(p -> !declares(schema, schema, p)).toList()).isEmpty();
    }
}
