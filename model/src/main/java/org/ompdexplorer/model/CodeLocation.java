package org.ompdexplorer.model;

import java.util.Optional;

/**
 * A code address with what is known of it: the entry point of a task function ({@code ompd_get_task_function})
 * or a creation site (OMPT's {@code codeptr_ra}), symbolized where the source could.
 *
 * @param address the code address (unsigned)
 * @param symbol  the symbol containing it, or {@code null} when not symbolized
 * @param file    the source file, or {@code null} when no debug information was found
 * @param line    the source line, or 0 when unknown
 */
public record CodeLocation(long address, String symbol, String file, int line) {
    public CodeLocation {
        if (line < 0) {
            throw new IllegalArgumentException("line must be >= 0, was " + line);
        }
    }

    public static CodeLocation at(long address) {
        return new CodeLocation(address, null, null, 0);
    }

    public Optional<String> symbolName() {
        return Optional.ofNullable(symbol);
    }

    /** {@code file:line} when both are known. */
    public Optional<String> sourcePosition() {
        return file == null ? Optional.empty() : Optional.of(line > 0 ? file + ":" + line : file);
    }

    /** The symbol, else the address; with file:line when known. */
    public String display() {
        String base = symbol != null ? symbol : Address.hex(address);
        return sourcePosition().map(p -> base + " (" + p + ")").orElse(base);
    }
}
