package org.ompdexplorer.model.diagnostics;

/**
 * One finding about an input: what is wrong, where, and what to do about it.
 *
 * @param severity error, warning or info
 * @param code     a stable kebab-case code, e.g. {@code dangling-reference}, for tests and filtering
 * @param message  what is wrong, in a sentence
 * @param fix      what the user can do, in a sentence; may be empty
 * @param location where
 */
public record Diagnostic(Severity severity, String code, String message, String fix, Location location) {
    public Diagnostic {
        if (severity == null || code == null || message == null || location == null) {
            throw new IllegalArgumentException("a diagnostic needs a severity, a code, a message and a location");
        }
        if (fix == null) {
            fix = "";
        }
    }

    public static Diagnostic error(String code, String message, String fix, Location location) {
        return new Diagnostic(Severity.ERROR, code, message, fix, location);
    }

    public static Diagnostic warning(String code, String message, String fix, Location location) {
        return new Diagnostic(Severity.WARNING, code, message, fix, location);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    public Diagnostic at(Location newLocation) {
        return new Diagnostic(severity, code, message, fix, newLocation);
    }

    /** {@code location: error: message (fix)} — one line, for the CLI and logs. */
    public String format() {
        return location + ": " + severity.label() + ": " + message + (fix.isEmpty() ? "" : " — " + fix);
    }
}
