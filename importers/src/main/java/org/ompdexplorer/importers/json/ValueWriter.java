package org.ompdexplorer.importers.json;

import java.util.List;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;
import tools.jackson.core.JsonGenerator;

/**
 * Writes the format's value shapes that every section shares: facts (known, unavailable or absent), unsigned
 * 64-bit numbers, optional strings, code locations, tool data, states and ICV values. The writing counterpart of
 * {@link ValueReaders}.
 */
final class ValueWriter {
    private final JsonGenerator g;

    ValueWriter(JsonGenerator generator) {
        this.g = generator;
    }

    /** Writes {@code name: value} when there is a value; nothing when it is {@code null}. */
    void optional(String name, String value) {
        if (value != null) {
            g.writeStringProperty(name, value);
        }
    }

    /** A state object {@code {"value": n, "name": "…"}}; also used for the {@code states} enumeration. */
    void state(ThreadState s) {
        g.writeStartObject();
        g.writeNumberProperty("value", s.value());
        g.writeStringProperty("name", s.name());
        g.writeEndObject();
    }

    void code(CodeLocation c) {
        g.writeStartObject();
        g.writeStringProperty("address", hex(c.address()));
        optional("symbol", c.symbol());
        optional("file", c.file());
        if (c.line() > 0) {
            g.writeNumberProperty("line", c.line());
        }
        if (c.possiblyInexact()) {
            g.writeBooleanProperty("possiblyInexact", true);
        }
        g.writeEndObject();
    }

    void toolData(ToolData d) {
        g.writeStartObject();
        g.writeName("value");
        unsigned(d.value());
        g.writeStringProperty("ptr", hex(d.ptr()));
        g.writeEndObject();
    }

    /** An entity's {@code icvs}, left out when it has none. */
    void icvValues(List<IcvValue> values) {
        if (values.isEmpty()) {
            return;
        }
        g.writeArrayPropertyStart("icvs");
        for (IcvValue v : values) {
            g.writeStartObject();
            g.writeNumberProperty("icv", v.icv().value());
            fact("value", v.integer(), g::writeNumber);
            fact("string", v.string(), g::writeString);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** Writes a known value with {@code writer}, an unavailable one as its marker, and nothing when absent. */
    <T> void fact(String name, Fact<T> f, java.util.function.Consumer<T> writer) {
        // instanceof, not a pattern switch: a switch's bootstrap spins a class at run time that the AOT cache cannot
        // keep, which a one-shot import-core paid for on every run (docs/benchmarks.md §12); Absent writes nothing
        if (f instanceof Fact.Known<T>(T value)) {
            g.writeName(name);
            writer.accept(value);
        } else if (f instanceof Fact.Unavailable<T>(var code, var detail)) {
            g.writeObjectPropertyStart(name);
            g.writeStringProperty("unavailable", code.name());
            if (!detail.isEmpty()) {
                g.writeStringProperty("detail", detail);
            }
            g.writeEndObject();
        }
    }

    /** An unsigned 64-bit value in decimal: Java keeps 2^63 and above as negative longs. */
    void unsigned(long value) {
        if (value >= 0) {
            g.writeNumber(value);
        } else {
            g.writeNumber(Long.toUnsignedString(value));
        }
    }

    static String hex(long address) {
        return Address.hex(address);
    }
}
