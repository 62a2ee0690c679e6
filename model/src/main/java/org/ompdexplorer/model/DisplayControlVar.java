package org.ompdexplorer.model;

/** One display control variable ({@code ompd_get_display_control_vars}): {@code name=value}. */
public record DisplayControlVar(String name, String value) {
    /** Splits {@code name=value} at the first {@code =}; a string with none is a name with an empty value. */
    public static DisplayControlVar parse(String text) {
        int eq = text.indexOf('=');
        return eq < 0 ? new DisplayControlVar(text, "") : new DisplayControlVar(text.substring(0, eq), text.substring(eq + 1));
    }

    @Override
    public String toString() {
        return name + "=" + value;
    }
}
