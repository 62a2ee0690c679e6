package org.ompdexplorer.importers.unwind;

/**
 * One function active at a code address, as debug information names it: the innermost is the function whose code
 * holds the address (or the callee inlined there), each next one the function it was inlined into.
 *
 * @param function the function's name, or {@code null} when not known
 * @param file     the source file of the position, or {@code null}
 * @param line     the line, 0 when not known
 * @param column   the column, 0 when not known
 * @param inlined  whether this function was inlined into the next
 */
public record SourceFrame(String function, String file, int line, int column, boolean inlined) {
}
