package org.ompdexplorer.model;

import java.util.List;
import java.util.Optional;

/**
 * A code address with what is known of it: the entry point of a task function ({@code ompd_get_task_function})
 * or a creation site (OMPT's {@code codeptr_ra}), symbolized where the source could.
 *
 * @param address         the code address (unsigned)
 * @param symbol          the symbol containing it, or {@code null} when not symbolized
 * @param file            the source file, or {@code null} when no debug information was found
 * @param line            the source line, or 0 when unknown
 * @param possiblyInexact a return address ({@code codeptr_ra}) that may not be where the construct is: the
 *                        instruction before it is no call into the OpenMP runtime (a tail call made the runtime
 *                        return to the caller's caller, or the runtime gave a function's entry)
 */
public record CodeLocation(long address, String symbol, String file, int line, boolean possiblyInexact) {
    public CodeLocation {
        if (line < 0) {
            throw new IllegalArgumentException("line must be >= 0, was " + line);
        }
    }

    /** A location not known to be inexact. */
    public CodeLocation(long address, String symbol, String file, int line) {
        this(address, symbol, file, line, false);
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

    /** What follows the name in parentheses: file:line, and "possibly inexact"; empty when neither. */
    public Optional<String> qualifiers() {
        if (!possiblyInexact) {
            return sourcePosition();
        }
        return Optional.of(sourcePosition().map(p -> p + ", possibly inexact").orElse("possibly inexact"));
    }

    /**
     * As {@link #qualifiers()} with the file's name alone ({@code nested_parallel.c:20}, not the path it was compiled
     * at): what a row or a name shows beside a function; the page shows the whole path.
     */
    public Optional<String> shortQualifiers() {
        if (file == null) {
            return qualifiers();
        }
        String name = file.substring(file.lastIndexOf('/') + 1);
        String position = line > 0 ? name + ":" + line : name;
        return Optional.of(possiblyInexact ? position + ", possibly inexact" : position);
    }

    /** The symbol, else the address; with file:line when known and "possibly inexact" when so. */
    public String display() {
        String base = symbol != null ? symbol : Address.hex(address);
        return qualifiers().map(p -> base + " (" + p + ")").orElse(base);
    }

    /**
     * As {@link #display()}, naming a location without a symbol by its module and offset ({@code prog+0x1300}, what
     * {@code addr2line -e prog 0x1300} takes) when one of {@code modules} holds it.
     */
    public String display(List<CodeModule> modules) {
        if (symbol != null) {
            return display();
        }
        for (CodeModule m : modules) {
            if (m.contains(address)) {
                String base = m.fileName() + "+0x" + Long.toHexString(address - m.loadBias());
                return qualifiers().map(p -> base + " (" + p + ")").orElse(base);
            }
        }
        return display();
    }

    /** This location with what symbolization found: symbol, file:line and whether it may be inexact. */
    public CodeLocation symbolized(String symbol, String file, int line, boolean possiblyInexact) {
        return new CodeLocation(address, symbol, file, line, possiblyInexact);
    }
}
