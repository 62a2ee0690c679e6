package org.ompdexplorer.model.diagnostics;

/** How bad a diagnostic is: an error makes the input invalid, a warning does not. */
public enum Severity {
    ERROR, WARNING, INFO;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
