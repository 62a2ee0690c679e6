package org.ompdexplorer.importers.testfixtures;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Validates a JSON document against the subset of JSON Schema 2020-12 our schemas use: {@code $ref} to
 * {@code #/$defs/…}, {@code oneOf}, {@code type}, {@code const}, {@code required}, {@code properties},
 * {@code additionalProperties}, {@code items}, {@code maxItems}, {@code minimum}, {@code maximum} and
 * {@code pattern}. A keyword outside that subset is itself reported, so the schema cannot drift past what this checks. Test code only: no
 * validator library is among the build's dependencies.
 */
public final class JsonSchemaCheck {
    private static final List<String> KNOWN = List.of("$schema", "$id", "$ref", "$defs", "title", "description",
            "oneOf", "type", "const", "required", "properties", "additionalProperties", "items", "minimum",
            "maximum", "maxItems", "pattern", "format");
    private final Map<String, Object> root;

    private JsonSchemaCheck(Map<String, Object> root) {
        this.root = root;
    }

    /** Every place where {@code document} breaks {@code schema}, as {@code $.path: what}; empty when it is valid. */
    @SuppressWarnings("unchecked")
    public static List<String> violations(byte[] schema, byte[] document) {
        Map<String, Object> s = (Map<String, Object>) parse(schema);
        List<String> out = new ArrayList<>();
        new JsonSchemaCheck(s).check(s, parse(document), "$", out);
        return out;
    }

    /** The document as maps, lists, strings, {@link BigInteger}s, {@link BigDecimal}s, booleans and null. */
    static Object parse(byte[] json) {
        return JsonSchemaPaths.parse(new ByteArrayInputStream(json), p -> switch (p.currentToken()) {
            case VALUE_NUMBER_INT -> p.getBigIntegerValue();
            case VALUE_NUMBER_FLOAT -> p.getDecimalValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> p.getString();
        });
    }

    @SuppressWarnings("unchecked")
    private void check(Map<String, Object> schema, Object value, String path, List<String> out) {
        for (String keyword : schema.keySet()) {
            if (!KNOWN.contains(keyword)) {
                out.add(path + ": the schema uses '" + keyword + "', which this check does not know");
            }
        }
        if (schema.get("$ref") instanceof String ref) {
            Map<String, Object> defs = (Map<String, Object>) root.get("$defs");
            check((Map<String, Object>) defs.get(ref.substring("#/$defs/".length())), value, path, out);
        }
        if (schema.get("oneOf") instanceof List<?> alternatives) {
            int passing = 0;
            for (Object alternative : alternatives) {
                List<String> inner = new ArrayList<>();
                check((Map<String, Object>) alternative, value, path, inner);
                passing += inner.isEmpty() ? 1 : 0;
            }
            if (passing != 1) {
                out.add(path + ": matches " + passing + " of the oneOf alternatives, not exactly one");
            }
        }
        if (schema.containsKey("const") && !schema.get("const").equals(value)) {
            out.add(path + ": is not " + schema.get("const"));
        }
        if (schema.get("type") instanceof String type && !hasType(value, type)) {
            out.add(path + ": is not of type " + type);
            return;
        }
        if (value instanceof BigInteger || value instanceof BigDecimal) {
            BigDecimal n = new BigDecimal(value.toString());
            if (schema.get("minimum") instanceof BigInteger min && n.compareTo(new BigDecimal(min)) < 0) {
                out.add(path + ": is below " + min);
            }
            if (schema.get("maximum") instanceof BigInteger max && n.compareTo(new BigDecimal(max)) > 0) {
                out.add(path + ": is above " + max);
            }
        }
        if (value instanceof String s && schema.get("pattern") instanceof String pattern
                && !Pattern.compile(pattern).matcher(s).find()) {
            out.add(path + ": does not match " + pattern);
        }
        if (value instanceof List<?> list && schema.get("maxItems") instanceof BigInteger most
                && BigInteger.valueOf(list.size()).compareTo(most) > 0) {
            out.add(path + ": has " + list.size() + " items, more than " + most);
        }
        if (value instanceof List<?> list && schema.get("items") instanceof Map<?, ?> items) {
            for (int i = 0; i < list.size(); i++) {
                check((Map<String, Object>) items, list.get(i), path + "[" + i + "]", out);
            }
        }
        if (value instanceof Map<?, ?> object) {
            checkObject(schema, (Map<String, Object>) object, path, out);
        }
    }

    @SuppressWarnings("unchecked")
    private void checkObject(Map<String, Object> schema, Map<String, Object> object, String path, List<String> out) {
        if (schema.get("required") instanceof List<?> required) {
            for (Object name : required) {
                if (!object.containsKey((String) name)) {
                    out.add(path + ": has no '" + name + "'");
                }
            }
        }
        Map<String, Object> properties = (Map<String, Object>) schema.getOrDefault("properties", Map.of());
        Object extra = schema.get("additionalProperties");
        object.forEach((name, v) -> {
            if (properties.get(name) instanceof Map<?, ?> p) {
                check((Map<String, Object>) p, v, path + "." + name, out);
            } else if (extra instanceof Map<?, ?> e) {
                check((Map<String, Object>) e, v, path + "." + name, out);
            } else if (Boolean.FALSE.equals(extra)) {
                out.add(path + ": '" + name + "' is not allowed here");
            }
        });
    }

    private static boolean hasType(Object value, String type) {
        return switch (type) {
            case "object" -> value instanceof Map;
            case "array" -> value instanceof List;
            case "string" -> value instanceof String;
            case "integer" -> value instanceof BigInteger;
            case "number" -> value instanceof BigInteger || value instanceof BigDecimal;
            case "boolean" -> value instanceof Boolean;
            case "null" -> value == null;
            default -> false;
        };
    }
}
