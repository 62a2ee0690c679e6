package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.details.Section.Property;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ToolData;

/** Builds the rows of a properties section. */
final class Rows {
    private final List<Property> rows = new ArrayList<>();

    Rows add(String key, String name, Value value) {
        rows.add(new Property(key, name, value));
        return this;
    }

    Rows add(String key, String name, Object text) {
        return add(key, name, Value.of(text));
    }

    Rows add(String key, String name, Fact<?> fact) {
        return add(key, name, Value.of(fact));
    }

    Section.Properties section(String id, String title) {
        return new Section.Properties(id, title, rows);
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The tool data section of any scope ({@code ompd_get_tool_data}). */
    static Section toolData(Fact<ToolData> data) {
        Rows rows = new Rows();
        if (data instanceof Fact.Known<ToolData>(ToolData d)) {
            rows.add("toolDataValue", "value", Long.toUnsignedString(d.value())).add("toolDataPtr", "ptr", "0x" + Long.toHexString(d.ptr()));
        } else {
            rows.add("toolData", "tool data", data);
        }
        return rows.section("toolData", "Tool data (ompd_get_tool_data)");
    }
}
