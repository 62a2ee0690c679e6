package org.ompdexplorer.importers.json;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.PrettyPrinter;

/**
 * Lays a snapshot out one entity per line: each top-level section on its own line, each element of a section
 * array on its own line, compact inside. Readable, diff-friendly, and far smaller than one field per line.
 * Stateful: one instance per document.
 */
final class EntityPerLinePrinter implements PrettyPrinter {
    private int depth;

    @Override
    public void writeRootValueSeparator(JsonGenerator g) {
        g.writeRaw('\n');
    }

    @Override
    public void writeStartObject(JsonGenerator g) {
        g.writeRaw('{');
        depth++;
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) {
        if (depth == 1) {
            g.writeRaw("\n  ");
        }
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) {
        g.writeRaw(depth == 1 ? ",\n  " : ",");
    }

    @Override
    public void writeObjectNameValueSeparator(JsonGenerator g) {
        g.writeRaw(depth == 1 ? ": " : ":");
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) {
        depth--;
        if (depth == 0 && entries > 0) {
            g.writeRaw('\n');
        }
        g.writeRaw('}');
    }

    @Override
    public void writeStartArray(JsonGenerator g) {
        g.writeRaw('[');
        depth++;
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) {
        if (depth == 2) {
            g.writeRaw("\n    ");
        }
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) {
        g.writeRaw(depth == 2 ? ",\n    " : ",");
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) {
        depth--;
        if (depth == 1 && values > 0) {
            g.writeRaw("\n  ");
        }
        g.writeRaw(']');
    }
}
